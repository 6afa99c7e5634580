import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Zoom for tests, on 127.0.0.1:0: Server-to-Server OAuth (POST /oauth/token, grant_type=account_credentials,
 * Basic client credentials), REST v2 meetings (create, get, patch, delete, occurrences, status end) with Zoom's
 * JSON error shape, cloud recordings (made by `record`, moved to the trash by DELETE /meetings/{uuid}/recordings
 * ?action=trash, uuid double-encoded when it starts with / or holds //), and webhook deliveries signed with
 * x-zm-signature v0, including endpoint.url_validation.
 * Test-only: never used by `npm start`.
 */
export interface ZoomFakeMeeting {
  id: number;
  uuid: string;
  topic: string;
  type: number;
  start_time?: string;
  duration: number;
  timezone?: string;
  agenda?: string;
  recurrence?: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** The meeting passcode (create or update `password`). */
  password?: string;
  status: 'waiting' | 'started';
  join_url: string;
  start_url: string;
  deletedOccurrences: string[];
  occurrencePatches: Record<string, unknown>;
}

export class ZoomFake {
  readonly accountId = `acc_${randomBytes(4).toString('hex')}`;
  readonly clientId = `cid_${randomBytes(4).toString('hex')}`;
  readonly clientSecret = randomBytes(12).toString('hex');
  readonly webhookSecret = randomBytes(12).toString('hex');
  readonly meetings = new Map<number, ZoomFakeMeeting>();
  /** Cloud recordings by meeting instance uuid; `trashed` once deleted with action=trash. */
  readonly recordings = new Map<string, { meetingId: number; files: Record<string, unknown>[]; trashed: boolean }>();
  tokenRequests = 0;
  private tokens = new Set<string>();
  private server: Server | null = null;
  url = '';

  get apiUrl() {
    return `${this.url}/v2`;
  }

  get oauthUrl() {
    return `${this.url}/oauth/token`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Revokes every token (the next API call answers 401 code 124). */
  revokeTokens() {
    this.tokens.clear();
  }

  private json(res: ServerResponse, status: number, body?: unknown) {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (url.pathname === '/oauth/token' && req.method === 'POST') {
      const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`)
        return this.json(res, 401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
      if (
        url.searchParams.get('grant_type') !== 'account_credentials' ||
        url.searchParams.get('account_id') !== this.accountId
      ) {
        return this.json(res, 400, { reason: 'Invalid grant type', error: 'unsupported_grant_type' });
      }
      this.tokenRequests++;
      const token = randomBytes(16).toString('hex');
      this.tokens.add(token);
      return this.json(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 3599,
        scope: 'meeting:write:admin',
        api_url: this.url,
      });
    }
    if (!url.pathname.startsWith('/v2/')) return this.json(res, 404, { code: 404, message: 'Not found' });
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.tokens.has(token)) return this.json(res, 401, { code: 124, message: 'Invalid access token.' });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = url.pathname.slice(3);
    if (path === '/users/me/meetings' && req.method === 'POST') {
      if (!body.topic) return this.json(res, 300, { code: 300, message: 'Validation Failed.' });
      const id = 80_000_000_000 + this.meetings.size + Math.floor(Math.random() * 1000);
      const m: ZoomFakeMeeting = {
        id,
        uuid: randomBytes(12).toString('base64'),
        topic: String(body.topic),
        type: Number(body.type ?? 2),
        start_time: body.start_time as string | undefined,
        duration: Number(body.duration ?? 60),
        timezone: body.timezone as string | undefined,
        agenda: body.agenda as string | undefined,
        recurrence: body.recurrence as Record<string, unknown> | undefined,
        settings: (body.settings ?? {}) as Record<string, unknown>,
        password: typeof body.password === 'string' ? body.password : undefined,
        status: 'waiting',
        join_url: `https://zoom.example/j/${id}?pwd=${randomBytes(6).toString('hex')}`,
        start_url: `https://zoom.example/s/${id}?zak=${randomBytes(8).toString('hex')}`,
        deletedOccurrences: [],
        occurrencePatches: {},
      };
      this.meetings.set(id, m);
      return this.json(res, 201, this.view(m));
    }
    const recording = /^\/meetings\/([^/]+)\/recordings$/.exec(path);
    if (recording) {
      // a uuid starting with / or holding // arrives double-encoded
      let uuid = decodeURIComponent(recording[1] as string);
      if (/%2F/i.test(uuid)) uuid = decodeURIComponent(uuid);
      const rec = this.recordings.get(uuid) ?? [...this.recordings.values()].find((r) => String(r.meetingId) === uuid);
      if (!rec || rec.trashed) return this.json(res, 404, { code: 3301, message: 'This recording does not exist.' });
      if (req.method !== 'DELETE') return this.json(res, 405, { code: 405, message: 'Method not allowed' });
      if (url.searchParams.get('action') !== 'trash')
        return this.json(res, 400, { code: 300, message: 'Only action=trash here' });
      rec.trashed = true;
      return this.json(res, 204);
    }
    const match = /^\/meetings\/(\d+)(\/status)?$/.exec(path);
    const m = match ? this.meetings.get(Number(match[1])) : undefined;
    if (!match || !m)
      return this.json(res, 404, { code: 3001, message: `Meeting does not exist: ${match?.[1] ?? ''}` });
    const occurrence = url.searchParams.get('occurrence_id');
    if (match[2]) {
      if (req.method !== 'PUT' || body.action !== 'end')
        return this.json(res, 400, { code: 300, message: 'Invalid action' });
      m.status = 'waiting';
      return this.json(res, 204);
    }
    if (req.method === 'GET') return this.json(res, 200, this.view(m));
    if (req.method === 'PATCH') {
      if (occurrence) m.occurrencePatches[occurrence] = body;
      else Object.assign(m, { ...body, settings: { ...m.settings, ...((body.settings as object) ?? {}) } });
      return this.json(res, 204);
    }
    if (req.method === 'DELETE') {
      if (occurrence) m.deletedOccurrences.push(occurrence);
      else this.meetings.delete(m.id);
      return this.json(res, 204);
    }
    return this.json(res, 405, { code: 405, message: 'Method not allowed' });
  }

  private view(m: ZoomFakeMeeting) {
    const { deletedOccurrences: _d, occurrencePatches: _p, ...rest } = m;
    return { ...rest, host_id: 'host', created_at: new Date().toISOString() };
  }

  /** Signs a webhook body as Zoom does. */
  sign(rawBody: string, timestamp = String(Math.floor(Date.now() / 1000))) {
    const signature = `v0=${createHmac('sha256', this.webhookSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
    return { 'x-zm-signature': signature, 'x-zm-request-timestamp': timestamp };
  }

  /** Posts a signed event to our endpoint. */
  async sendWebhook(
    endpoint: string,
    event: string,
    object: Record<string, unknown>,
    opts: { badSignature?: boolean } = {},
  ) {
    const raw = JSON.stringify({ event, event_ts: Date.now(), payload: { account_id: this.accountId, object } });
    const headers = this.sign(raw);
    if (opts.badSignature) headers['x-zm-signature'] = `v0=${'0'.repeat(64)}`;
    return fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  }

  /** endpoint.url_validation: true when the endpoint answers the expected encryptedToken. */
  async validateUrl(endpoint: string): Promise<boolean> {
    const plainToken = randomBytes(8).toString('base64url');
    const raw = JSON.stringify({ event: 'endpoint.url_validation', event_ts: Date.now(), payload: { plainToken } });
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.sign(raw) },
      body: raw,
    });
    if (res.status !== 200) return false;
    const body = (await res.json()) as { plainToken?: string; encryptedToken?: string };
    return (
      body.plainToken === plainToken &&
      body.encryptedToken === createHmac('sha256', this.webhookSecret).update(plainToken).digest('hex')
    );
  }

  /**
   * A cloud recording of one meeting instance: an MP4, an M4A and a chat file (Zoom's recording.completed shape), kept
   * for DELETE; returns the webhook's `payload.object`.
   */
  record(id: number, opts: { uuid?: string; mp4Size?: number } = {}) {
    const m = this.meetings.get(id);
    if (!m) throw new Error(`no meeting ${id}`);
    const uuid = opts.uuid ?? m.uuid;
    const start = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const end = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const file = (type: string, size: number, recording_type: string) => {
      const fid = randomBytes(8).toString('hex');
      return {
        id: fid,
        meeting_id: uuid,
        recording_start: start,
        recording_end: end,
        file_type: type,
        file_extension: type,
        file_size: size,
        play_url: `https://zoom.example/rec/play/${fid}`,
        download_url: `https://zoom.example/rec/download/${fid}`,
        status: 'completed',
        recording_type,
      };
    };
    const files = [
      file('MP4', opts.mp4Size ?? 5_000_000, 'shared_screen_with_speaker_view'),
      file('M4A', 800_000, 'audio_only'),
      file('CHAT', 1_200, 'chat_file'),
    ];
    this.recordings.set(uuid, { meetingId: id, files, trashed: false });
    return {
      uuid,
      id,
      host_id: 'host',
      topic: m.topic,
      type: m.type,
      start_time: start,
      duration: 60,
      total_size: files.reduce((sum, f) => sum + f.file_size, 0),
      recording_count: files.length,
      share_url: `https://zoom.example/rec/share/${randomBytes(6).toString('hex')}`,
      recording_files: files,
    };
  }

  /** The host starts the meeting in the Zoom app. */
  markStarted(id: number) {
    const m = this.meetings.get(id);
    if (m) m.status = 'started';
  }
}
