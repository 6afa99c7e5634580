import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { signJwt, verifyJwt } from './jwt.ts';
import type {
  ConferencingProvider,
  JoinRequest,
  ProviderLink,
  ProviderMeeting,
  ProviderRecordingFormat,
} from './port.ts';
import { ProviderError } from './port.ts';
import { child, children, parseXml, textOf, type XmlNode } from './xml.ts';

/**
 * BigBlueButton API client (API 2.0 as served by BigBlueButton 2.7 / 3.0; bbb-webhooks v3).
 * Every call is `GET <url>/api/<call>?<query>&checksum=hex(H(call + query + secret))`, answered in XML.
 */
export type ChecksumAlgorithm = 'sha1' | 'sha256' | 'sha384' | 'sha512';

export interface BbbOptions {
  /** e.g. https://bbb.example/bigbluebutton (with or without the trailing /api). */
  url: string;
  secret: string;
  checksum: ChecksumAlgorithm;
  /** Our public base URL, for the callbacks BBB makes (end, recording ready, webhooks). */
  publicUrl: string;
  fetch?: typeof fetch;
}

export const BBB_CALLBACK_PATHS = {
  end: '/api/webhooks/bbb/end',
  recordingReady: '/api/webhooks/bbb/recording-ready',
  events: '/api/webhooks/bbb/events',
} as const;

const ALGORITHM_BY_LENGTH: Record<number, ChecksumAlgorithm> = {
  40: 'sha1',
  64: 'sha256',
  96: 'sha384',
  128: 'sha512',
};

export function bbbChecksum(algorithm: ChecksumAlgorithm, text: string): string {
  return createHash(algorithm).update(text, 'utf8').digest('hex');
}

/** Checks a hex checksum of `text`; the algorithm is read from the digest length, as BBB does. */
export function checksumMatches(given: string, text: string, allowed?: ChecksumAlgorithm[]): boolean {
  const algorithm = ALGORITHM_BY_LENGTH[given.length];
  if (!algorithm || (allowed && !allowed.includes(algorithm)) || !/^[0-9a-f]+$/i.test(given)) return false;
  const expected = Buffer.from(bbbChecksum(algorithm, text), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

export interface BbbAttendee {
  userID: string;
  fullName: string;
  role: string;
}

export interface BbbMeetingInfo {
  meetingID: string;
  internalMeetingID: string;
  running: boolean;
  participantCount: number;
  moderatorCount: number;
  createTime: string;
  attendees: BbbAttendee[];
  metadata: Record<string, string>;
}

export interface BbbRecording {
  recordID: string;
  meetingID: string;
  internalMeetingID: string;
  name: string;
  state: string;
  startTime: number;
  endTime: number;
  /** Sum of the playback formats' sizes, else rawSize (bytes). */
  size: number;
  /** The first playback format's URL (older callers); see `formats`. */
  playbackUrl: string | null;
  /** presentation: the playback page; video (BBB 2.6+ video format): its MP4 file, to play and to download. */
  formats: ProviderRecordingFormat[];
  participants: number;
  published: boolean;
  metadata: Record<string, string>;
}

/**
 * A BBB playback format as we keep it: `presentation` → its page; `video` → the file `video-0.m4v` inside the format's
 * folder (getRecordings gives the folder's page, `…/playback/video/<recordID>/`); other types (podcast, notes…) none.
 */
export function bbbFormat(type: string, url: string): ProviderRecordingFormat | null {
  if (!url) return null;
  if (type === 'presentation') return { type: 'presentation', url };
  if (type === 'video')
    return { type: 'video', url: /\.(m4v|mp4|webm)$/.test(url) ? url : `${url.replace(/\/?$/, '/')}video-0.m4v` };
  return null;
}

export class BbbApiError extends ProviderError {
  constructor(message: string, key?: string) {
    super('bbb', message, key);
  }
}

const bool = (v: boolean) => (v ? 'true' : 'false');

/** The pair of codes a BBB create sets (attendees', moderators'). */
interface BbbCodes {
  attendeePW: string;
  moderatorPW: string;
}

export class BigBlueButton implements ConferencingProvider {
  readonly kind = 'bbb' as const;
  readonly apiUrl: string;
  private readonly fetch: typeof fetch;
  private hooksRegisteredAt = 0;

  constructor(readonly opts: BbbOptions) {
    this.apiUrl = `${opts.url.replace(/\/+$/, '').replace(/\/api$/, '')}/api/`;
    this.fetch = opts.fetch ?? fetch;
  }

  /** The signed URL of a call; `params` keep their order (the checksum covers the exact query string). */
  url(call: string, params: Record<string, string | undefined> = {}): string {
    const query = new URLSearchParams(
      Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();
    const checksum = bbbChecksum(this.opts.checksum, call + query + this.opts.secret);
    return `${this.apiUrl}${call}?${query ? `${query}&` : ''}checksum=${checksum}`;
  }

  /** Calls the API and returns the <response> element; FAILED becomes a BbbApiError carrying the messageKey. */
  async call(call: string, params: Record<string, string | undefined> = {}): Promise<XmlNode> {
    let res: Response;
    try {
      res = await this.fetch(this.url(call, params), { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    } catch (err) {
      throw new BbbApiError(`${call} failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    const response = child(parseXml(text), 'response');
    if (!response) throw new BbbApiError(`${call}: HTTP ${res.status}, no <response>`);
    if (textOf(response, 'returncode') !== 'SUCCESS') {
      throw new BbbApiError(`${call}: ${textOf(response, 'message')}`, textOf(response, 'messageKey'));
    }
    return response;
  }

  meetingIdOf(meeting: ProviderMeeting): string {
    return meeting.providerMeetingId ?? `majlis-${meeting.id}`;
  }

  async endCallbackUrl(meetingID: string): Promise<string> {
    const token = await signJwt({ meeting_id: meetingID }, this.opts.secret);
    return `${this.opts.publicUrl}${BBB_CALLBACK_PATHS.end}?meetingID=${encodeURIComponent(meetingID)}&token=${token}`;
  }

  async schedule(meeting: ProviderMeeting): Promise<ProviderLink> {
    return { providerMeetingId: this.meetingIdOf(meeting), providerData: meeting.providerData };
  }

  async unschedule(meeting: ProviderMeeting): Promise<void> {
    await this.end(meeting).catch(() => {});
  }

  /** Registers our webhook (idempotent on the server); renewed hourly because failing hooks get removed. */
  async registerHooks(): Promise<string | null> {
    if (Date.now() - this.hooksRegisteredAt < 3600_000) return null;
    try {
      const res = await this.call('hooks/create', {
        callbackURL: `${this.opts.publicUrl}${BBB_CALLBACK_PATHS.events}`,
        getRaw: 'false',
      });
      this.hooksRegisteredAt = Date.now();
      return textOf(res, 'hookID') || null;
    } catch {
      return null; // webhooks are optional on a BBB server; state is also polled and called back
    }
  }

  /**
   * The create's attendeePW / moderatorPW (issue 30): the meeting's passcode is the attendees' code, the moderators'
   * is a random one kept in providerData, so a repeated create sends the same pair. BBB answers idNotUnique to a create
   * whose pair differs from the running session's (the passcode changed while it ran): that session keeps the pair it
   * was created with, and the next session takes the new one. Joins name the role, so neither code is typed in BBB.
   */
  codesOf(meeting: ProviderMeeting): { now: BbbCodes; before: BbbCodes | null } {
    const stored = (key: string) => {
      const v = meeting.providerData[key];
      return typeof v === 'string' && v ? v : undefined;
    };
    const moderatorPW = stored('moderatorPW') ?? randomBytes(8).toString('hex');
    const random = stored('attendeePW') && !/^\d+$/.test(stored('attendeePW') as string) ? stored('attendeePW') : null;
    const attendeePW = meeting.passcode ?? random ?? randomBytes(8).toString('hex');
    const beforeA = stored('attendeePW');
    const beforeM = stored('moderatorPW');
    return {
      now: { attendeePW, moderatorPW },
      before: beforeA && beforeM && beforeA !== attendeePW ? { attendeePW: beforeA, moderatorPW: beforeM } : null,
    };
  }

  /** create, with the meeting's options mapped as in the reference (§1.4). Repeating it is safe (duplicateWarning). */
  async start(meeting: ProviderMeeting): Promise<ProviderLink> {
    await this.registerHooks();
    const meetingID = this.meetingIdOf(meeting);
    const o = meeting.options;
    const record = o.autoRecord || o.allowStopRecording;
    const name = meeting.name.length >= 2 ? meeting.name.slice(0, 64) : `${meeting.name} ${meeting.number}`;
    const create = async (codes: BbbCodes) =>
      this.call('create', {
        name,
        meetingID,
        attendeePW: codes.attendeePW,
        moderatorPW: codes.moderatorPW,
        record: bool(record),
        autoStartRecording: bool(o.autoRecord),
        // never both false with record=true: recording could not start at all
        allowStartStopRecording: bool(o.autoRecord ? o.allowStopRecording : true),
        guestPolicy: o.waitingRoom ? 'ASK_MODERATOR' : 'ALWAYS_ACCEPT',
        maxParticipants: String(meeting.maxParticipants),
        duration: meeting.kind === 'scheduled' ? String(meeting.durationMinutes) : '0',
        meetingKeepEvents: 'true',
        welcome: meeting.description ? meeting.description.slice(0, 500) : undefined,
        logoutURL: `${this.opts.publicUrl}/join/${meeting.number}`,
        'meta_majlis-account': meeting.accountId,
        'meta_majlis-room': meeting.roomId,
        'meta_majlis-meeting': meeting.id,
        'meta_majlis-number': meeting.number,
        'meta_majlis-allow-download': bool(o.allowDownload),
        'meta_majlis-notify-enter-exit': bool(o.notifyEnterExit),
        meta_endCallbackUrl: await this.endCallbackUrl(meetingID),
        'meta_bbb-recording-ready-url': `${this.opts.publicUrl}${BBB_CALLBACK_PATHS.recordingReady}`,
      });
    const { now, before } = this.codesOf(meeting);
    let used = now;
    let res: XmlNode;
    try {
      res = await create(now);
    } catch (err) {
      if (!(err instanceof BbbApiError && err.key === 'idNotUnique' && before)) throw err;
      used = before;
      res = await create(before);
    }
    return {
      providerMeetingId: meetingID,
      providerData: {
        ...meeting.providerData,
        ...used,
        internalMeetingID: textOf(res, 'internalMeetingID'),
        createTime: textOf(res, 'createTime'),
      },
    };
  }

  async joinUrl(meeting: ProviderMeeting, join: JoinRequest): Promise<string> {
    const createTime = meeting.providerData.createTime;
    return this.url('join', {
      fullName: join.fullName,
      meetingID: this.meetingIdOf(meeting),
      role: join.role === 'moderator' ? 'MODERATOR' : 'VIEWER',
      userID: join.userId,
      createTime: typeof createTime === 'string' && createTime ? createTime : undefined,
      guest: join.role === 'attendee' && join.guest ? 'true' : undefined,
      errorRedirectUrl: `${this.opts.publicUrl}/join/${meeting.number}`,
    });
  }

  async end(meeting: ProviderMeeting): Promise<void> {
    try {
      await this.call('end', { meetingID: this.meetingIdOf(meeting) });
    } catch (err) {
      if (err instanceof BbbApiError && (err.key === 'notFound' || err.key === 'invalidMeetingIdentifier')) return;
      throw err;
    }
  }

  async isRunning(meeting: ProviderMeeting): Promise<boolean> {
    const info = await this.getMeetingInfo(this.meetingIdOf(meeting));
    return info?.running ?? false;
  }

  /** null when BBB does not know the meeting (notFound). */
  async getMeetingInfo(meetingID: string): Promise<BbbMeetingInfo | null> {
    let res: XmlNode;
    try {
      res = await this.call('getMeetingInfo', { meetingID });
    } catch (err) {
      if (err instanceof BbbApiError && (err.key === 'notFound' || err.key === 'invalidMeetingIdentifier')) return null;
      throw err;
    }
    return {
      meetingID: textOf(res, 'meetingID'),
      internalMeetingID: textOf(res, 'internalMeetingID'),
      running: textOf(res, 'running') === 'true',
      participantCount: Number(textOf(res, 'participantCount') || 0),
      moderatorCount: Number(textOf(res, 'moderatorCount') || 0),
      createTime: textOf(res, 'createTime'),
      attendees: children(child(res, 'attendees'), 'attendee').map((a) => ({
        userID: textOf(a, 'userID'),
        fullName: textOf(a, 'fullName'),
        role: textOf(a, 'role'),
      })),
      metadata: Object.fromEntries((child(res, 'metadata')?.children ?? []).map((m) => [m.name, m.text.trim()])),
    };
  }

  async getRecordings(filter: { meetingID?: string; recordID?: string; state?: string }): Promise<BbbRecording[]> {
    const res = await this.call('getRecordings', filter);
    return children(child(res, 'recordings'), 'recording').map((r) => {
      const formats = children(child(r, 'playback'), 'format');
      const sizes = formats.reduce((sum, f) => sum + Number(textOf(f, 'size') || 0), 0);
      return {
        recordID: textOf(r, 'recordID'),
        meetingID: textOf(r, 'meetingID'),
        internalMeetingID: textOf(r, 'internalMeetingID'),
        name: textOf(r, 'name'),
        state: textOf(r, 'state'),
        startTime: Number(textOf(r, 'startTime') || 0),
        endTime: Number(textOf(r, 'endTime') || 0),
        size: sizes || Number(textOf(r, 'size') || textOf(r, 'rawSize') || 0),
        playbackUrl: formats[0] ? textOf(formats[0], 'url') || null : null,
        formats: formats
          .map((f) => bbbFormat(textOf(f, 'type'), textOf(f, 'url')))
          .filter((f): f is ProviderRecordingFormat => f !== null),
        participants: Number(textOf(r, 'participants') || 0),
        published: textOf(r, 'published') === 'true',
        metadata: Object.fromEntries((child(r, 'metadata')?.children ?? []).map((m) => [m.name, m.text.trim()])),
      };
    });
  }

  /** publishRecordings: published ones are listed by getRecordings' default and playable; unpublished ones are not. */
  async publishRecordings(recordIDs: string[], publish: boolean): Promise<void> {
    if (!recordIDs.length) return;
    await this.call('publishRecordings', { recordID: recordIDs.join(','), publish: bool(publish) });
  }

  /** deleteRecordings; one BBB no longer knows (notFound: already deleted) counts as done. */
  async deleteRecordings(recordIDs: string[]): Promise<void> {
    if (!recordIDs.length) return;
    try {
      await this.call('deleteRecordings', { recordID: recordIDs.join(',') });
    } catch (err) {
      if (err instanceof BbbApiError && (err.key === 'notFound' || err.key === 'recordingNotFound')) {
        // BBB refuses the whole list when one is unknown: delete the others one by one
        if (recordIDs.length > 1) for (const id of recordIDs) await this.deleteRecordings([id]);
        return;
      }
      throw err;
    }
  }

  /** The recording-ready callback's `signed_parameters`: JWT HS256 with the shared secret, payload {meeting_id, record_id}. */
  async verifyRecordingReady(signedParameters: string): Promise<{ meetingID: string; recordID: string } | null> {
    const payload = await verifyJwt(signedParameters, this.opts.secret);
    if (!payload || typeof payload.meeting_id !== 'string' || typeof payload.record_id !== 'string') return null;
    return { meetingID: payload.meeting_id, recordID: payload.record_id };
  }

  /** Our own end-callback token (BBB does not sign that callback, so the URL we give it carries a JWT). */
  async verifyEndCallback(meetingID: string, token: string): Promise<boolean> {
    return (await verifyJwt(token, this.opts.secret))?.meeting_id === meetingID;
  }

  /** bbb-webhooks: checksum = H(callbackURL + body + secret), the body being the form with keys in order. */
  verifyWebhook(checksum: string, rawBody: string): boolean {
    const callbackURL = `${this.opts.publicUrl}${BBB_CALLBACK_PATHS.events}`;
    if (checksumMatches(checksum, callbackURL + rawBody + this.opts.secret)) return true;
    const sorted = new URLSearchParams([...new URLSearchParams(rawBody)].sort(([a], [b]) => a.localeCompare(b)));
    return checksumMatches(checksum, callbackURL + sorted.toString() + this.opts.secret);
  }
}
