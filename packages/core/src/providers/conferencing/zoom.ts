import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConferencingProvider, JoinRequest, ProviderLink, ProviderMeeting } from './port.ts';
import { ProviderError } from './port.ts';

/** Zoom REST API v2 with a Server-to-Server OAuth app (account_credentials grant), and its webhooks. */
export interface ZoomOptions {
  accountId: string;
  clientId: string;
  clientSecret: string;
  webhookSecret?: string;
  apiUrl: string;
  oauthUrl: string;
  fetch?: typeof fetch;
}

interface ZoomMeeting {
  id: number | string;
  uuid?: string;
  join_url: string;
  start_url: string;
  status?: 'waiting' | 'started';
  /** Recurring meetings: Zoom's own days, named by their start in epoch milliseconds. */
  occurrences?: { occurrence_id: string; start_time: string; status?: string }[];
}

/**
 * Zoom repeats a fixed-time meeting at most 50 times (recurrence.end_times is 1–50 in the recurrence object reference;
 * support.zoom.us "Scheduling recurring meetings"), while a Majlis meeting may have 100 days. Zoom gets the first 50;
 * the later days stay Majlis days (calendar, invitation, reminders) and join through the same Zoom meeting, whose ID
 * only expires 365 days after it was last started. Moving or cancelling such a day has nothing to change at Zoom, so
 * it is not sent there (see hasOccurrence).
 */
export const ZOOM_MAX_OCCURRENCES = 50;

export class Zoom implements ConferencingProvider {
  readonly kind = 'zoom' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private readonly fetch: typeof fetch;

  constructor(readonly opts: ZoomOptions) {
    this.fetch = opts.fetch ?? fetch;
  }

  /** Cached until a minute before it expires; concurrent callers share one token request. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    this.tokenRequest ??= (async () => {
      try {
        const url = `${this.opts.oauthUrl}?grant_type=account_credentials&account_id=${encodeURIComponent(this.opts.accountId)}`;
        const basic = Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString('base64');
        const res = await this.fetch(url, {
          method: 'POST',
          headers: { authorization: `Basic ${basic}` },
          signal: AbortSignal.timeout(10_000),
        }).catch((err: Error) => {
          throw new ProviderError('zoom', `token request failed: ${err.message}`);
        });
        const body = (await res.json().catch(() => ({}))) as {
          access_token?: string;
          expires_in?: number;
          reason?: string;
        };
        if (!res.ok || !body.access_token)
          throw new ProviderError('zoom', `token: HTTP ${res.status} ${body.reason ?? ''}`);
        this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
        return body.access_token;
      } finally {
        this.tokenRequest = null;
      }
    })();
    return this.tokenRequest;
  }

  async api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const send = async () =>
      this.fetch(`${this.opts.apiUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      }).catch((err: Error) => {
        throw new ProviderError('zoom', `${method} ${path} failed: ${err.message}`);
      });
    let res = await send();
    if (res.status === 401) {
      this.token = null; // revoked or rotated: one retry with a fresh token
      res = await send();
    }
    const text = await res.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!res.ok)
      throw new ProviderError(
        'zoom',
        `${method} ${path}: HTTP ${res.status} ${json.message ?? ''}`,
        String(json.code ?? res.status),
      );
    return json as T;
  }

  /** Our meeting as a Zoom meeting body: type 3 (no fixed time) for permanent, 8 recurring, 2 scheduled once. */
  meetingBody(meeting: ProviderMeeting) {
    const recurring = meeting.kind === 'scheduled' && meeting.recurrenceDays.length > 0;
    const o = meeting.options;
    return {
      topic: meeting.name.slice(0, 200),
      agenda: meeting.description.slice(0, 2000),
      type: meeting.kind === 'permanent' ? 3 : recurring ? 8 : 2,
      ...(meeting.kind === 'scheduled' && meeting.startsAt
        ? { start_time: meeting.startsAt.toISOString().replace(/\.\d{3}Z$/, 'Z'), timezone: meeting.timeZone }
        : {}),
      duration: meeting.durationMinutes,
      // Our passcode as Zoom's (issue 30; its join_url then carries it, so nobody types it at Zoom either). Turned
      // off, it is left out: Zoom keeps the one it has (or makes one, as accounts that require a passcode do), and
      // our join page hands out that join_url, which carries it.
      ...(meeting.passcode ? { password: meeting.passcode } : {}),
      ...(recurring
        ? {
            recurrence: {
              type: 2,
              repeat_interval: 1,
              // Zoom counts weekdays from 1 = Sunday
              weekly_days: [...meeting.recurrenceDays]
                .sort()
                .map((d) => d + 1)
                .join(','),
              end_times: Math.min(Math.max(meeting.repeatDays, 1), ZOOM_MAX_OCCURRENCES),
            },
          }
        : {}),
      settings: {
        join_before_host: o.allowBeforeOwner,
        waiting_room: o.waitingRoom,
        auto_recording: o.autoRecord ? 'cloud' : 'none',
        participant_video: true,
        mute_upon_entry: false,
      },
    };
  }

  async schedule(meeting: ProviderMeeting): Promise<ProviderLink> {
    const body = this.meetingBody(meeting);
    if (meeting.providerMeetingId) {
      await this.api('PATCH', `/meetings/${meeting.providerMeetingId}`, body);
      return { providerMeetingId: meeting.providerMeetingId, providerData: meeting.providerData };
    }
    const created = await this.api<ZoomMeeting>('POST', '/users/me/meetings', body);
    return { providerMeetingId: String(created.id), providerData: { joinUrl: created.join_url, uuid: created.uuid } };
  }

  async unschedule(meeting: ProviderMeeting): Promise<void> {
    if (!meeting.providerMeetingId) return;
    try {
      await this.api('DELETE', `/meetings/${meeting.providerMeetingId}`);
    } catch (err) {
      if (err instanceof ProviderError && err.key === '3001') return; // already gone
      throw err;
    }
  }

  async start(meeting: ProviderMeeting): Promise<ProviderLink> {
    return meeting.providerMeetingId
      ? { providerMeetingId: meeting.providerMeetingId, providerData: meeting.providerData }
      : this.schedule(meeting);
  }

  /** Hosts get a fresh start_url (it expires after two hours); everyone else the join_url. */
  async joinUrl(meeting: ProviderMeeting, join: JoinRequest): Promise<string> {
    const link = await this.start(meeting);
    const zm = await this.api<ZoomMeeting>('GET', `/meetings/${link.providerMeetingId}`);
    if (join.role === 'moderator') return zm.start_url;
    const url = new URL(zm.join_url);
    url.searchParams.set('uname', join.fullName);
    return url.toString();
  }

  async end(meeting: ProviderMeeting): Promise<void> {
    if (!meeting.providerMeetingId) return;
    try {
      await this.api('PUT', `/meetings/${meeting.providerMeetingId}/status`, { action: 'end' });
    } catch (err) {
      if (err instanceof ProviderError && (err.key === '3001' || err.key === '3000')) return;
      throw err;
    }
  }

  /**
   * Whether Zoom has this day: false only when Zoom lists its occurrences and this one is not among them (a day after
   * the 50th); when the answer has no list, the day is assumed to be there, as before.
   */
  async hasOccurrence(meeting: ProviderMeeting, original: Date): Promise<boolean> {
    const zm = await this.api<ZoomMeeting>('GET', `/meetings/${meeting.providerMeetingId}`);
    return !zm.occurrences || zm.occurrences.some((o) => o.occurrence_id === String(+original));
  }

  /** Zoom names an occurrence by its original start in epoch milliseconds. */
  async updateOccurrence(meeting: ProviderMeeting, original: Date, startsAt: Date, durationMinutes: number) {
    if (!meeting.providerMeetingId || !meeting.recurrenceDays.length) return;
    if (!(await this.hasOccurrence(meeting, original))) return;
    await this.api('PATCH', `/meetings/${meeting.providerMeetingId}?occurrence_id=${+original}`, {
      start_time: startsAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      duration: durationMinutes,
    });
  }

  async cancelOccurrence(meeting: ProviderMeeting, original: Date) {
    if (!meeting.providerMeetingId || !meeting.recurrenceDays.length) return;
    if (!(await this.hasOccurrence(meeting, original))) return;
    await this.api('DELETE', `/meetings/${meeting.providerMeetingId}?occurrence_id=${+original}`);
  }

  /**
   * Moves a meeting instance's cloud recording (all its files) to Zoom's trash: DELETE /meetings/{uuid}/recordings
   * ?action=trash, our record id being the instance uuid (double-encoded when it starts with / or holds //, as Zoom
   * asks). One Zoom no longer has (3301, 404) counts as done.
   */
  async deleteRecordings(recordIds: string[]): Promise<void> {
    for (const id of recordIds) {
      const once = encodeURIComponent(id);
      const path = id.startsWith('/') || id.includes('//') ? encodeURIComponent(once) : once;
      try {
        await this.api('DELETE', `/meetings/${path}/recordings?action=trash`);
      } catch (err) {
        if (err instanceof ProviderError && (err.key === '3301' || err.key === '404')) continue;
        throw err;
      }
    }
  }

  async isRunning(meeting: ProviderMeeting): Promise<boolean | null> {
    if (!meeting.providerMeetingId) return false;
    const zm = await this.api<ZoomMeeting>('GET', `/meetings/${meeting.providerMeetingId}`);
    return zm.status === 'started';
  }
}

/** x-zm-signature = "v0=" + hex(HMAC_SHA256(secret, "v0:" + timestamp + ":" + body)); stale timestamps (> 5 min) refused. */
export function verifyZoomSignature(
  secret: string,
  headers: { signature?: string; timestamp?: string },
  rawBody: string,
  now = Date.now(),
): boolean {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d+$/.test(timestamp)) return false;
  const ts = Number(timestamp) * (timestamp.length > 11 ? 1 : 1000);
  if (Math.abs(now - ts) > 5 * 60_000) return false;
  const expected = Buffer.from(`v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** endpoint.url_validation: answer {plainToken, encryptedToken = hex(HMAC_SHA256(secret, plainToken))}. */
export function zoomUrlValidation(secret: string, plainToken: string) {
  return { plainToken, encryptedToken: createHmac('sha256', secret).update(plainToken).digest('hex') };
}
