import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bbbChecksum, type ChecksumAlgorithm, checksumMatches } from '../../src/providers/conferencing/bbb.ts';
import { signJwt } from '../../src/providers/conferencing/jwt.ts';
import { escapeXml } from '../../src/providers/conferencing/xml.ts';

/**
 * A BigBlueButton server for tests (API 2.0 of BigBlueButton 2.7/3.0, bbb-webhooks v3), on 127.0.0.1:0.
 * Follows the published API: checksum over call + query + secret (algorithm by digest length; checksumError
 * otherwise), XML responses, idempotent create (duplicateWarning), join → 302 to the client, end, getMeetingInfo
 * with attendees, getRecordings (presentation and, when the server produces video, the video format of BBB 2.6+),
 * publishRecordings, deleteRecordings, hooks/create|destroy|list and signed webhook deliveries (user-joined/left,
 * meeting-created/ended, rap-publish-ended per format, rap-published/unpublished/deleted), meta_endCallbackUrl and the
 * recording-ready callback (JWT HS256 with the shared secret).
 *
 * Beside /bigbluebutton it serves, on the same origin:
 * - the playback: GET /playback/presentation/2.3/<recordID> (an HTML page, data-testid="bbb-playback"),
 *   GET /playback/video/<recordID>/ (an HTML page with a <video>) and its file
 *   GET /playback/video/<recordID>/video-0.m4v (video/mp4, as an attachment named <recordID>.m4v).
 *   getRecordings gives the page URLs (format urls); the BFF stores the .m4v file as its 'video' format url.
 * - a control API for tests in other processes (unsigned, test-only, 127.0.0.1), answering JSON once every webhook and
 *   callback it causes was delivered: GET /sim/meetings, POST /sim/meetings/<meetingID>/leave {userID, at?},
 *   POST /sim/meetings/<meetingID>/end, POST /sim/meetings/<meetingID>/publish {size, video?}.
 * Test-only: never used by `npm start`.
 */
interface SimAttendee {
  userID: string;
  internalUserID: string;
  fullName: string;
  role: 'MODERATOR' | 'VIEWER';
  guest: boolean;
}

interface SimMeeting {
  meetingID: string;
  internalMeetingID: string;
  name: string;
  createTime: number;
  params: Record<string, string>;
  running: boolean;
  ended: boolean;
  attendees: SimAttendee[];
  metadata: Record<string, string>;
  sessions: Map<string, { userID: string; fullName: string; role: 'MODERATOR' | 'VIEWER'; guest: boolean }>;
  /** Every userID that was in the meeting (a recording's participants). */
  everJoined: Set<string>;
}

interface SimRecording {
  recordID: string;
  meetingID: string;
  internalMeetingID: string;
  name: string;
  startTime: number;
  endTime: number;
  size: number;
  state: 'published' | 'unpublished' | 'deleted';
  participants: number;
  /** The video format (BBB 2.6+) was produced beside the presentation. */
  video: boolean;
  metadata: Record<string, string>;
}

export interface BbbSimulatorOptions {
  secret?: string;
  /** Algorithms the server accepts (supportedChecksumAlgorithms); default all four. */
  algorithms?: ChecksumAlgorithm[];
  /** Algorithm of webhook checksums (bbb-webhooks `hookChecksumAlgorithm`); default sha1 as documented. */
  hookAlgorithm?: ChecksumAlgorithm;
  /** The server also produces the video format (BBB 2.6+ `video` workflow); default false (presentation only). */
  video?: boolean;
}

export class BbbSimulator {
  readonly secret: string;
  readonly meetings = new Map<string, SimMeeting>();
  readonly recordings = new Map<string, SimRecording>();
  readonly hooks = new Map<string, { callbackURL: string; meetingID?: string }>();
  /** Every API call received, with whether its checksum was accepted. */
  readonly calls: { call: string; params: Record<string, string>; ok: boolean }[] = [];
  /** Callback and webhook deliveries with the status our BFF answered. */
  readonly deliveries: { url: string; status: number; body?: string }[] = [];
  private server: Server | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly finishing = new WeakMap<SimMeeting, Promise<void>>();
  url = '';

  constructor(readonly opts: BbbSimulatorOptions = {}) {
    this.secret = opts.secret ?? randomBytes(16).toString('hex');
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/bigbluebutton`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private xml(res: ServerResponse, body: string, status = 200) {
    res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(`<response>${body}</response>`);
  }

  private failed(res: ServerResponse, key: string, message: string) {
    this.xml(
      res,
      `<returncode>FAILED</returncode><messageKey>${key}</messageKey><message>${escapeXml(message)}</message>`,
    );
  }

  /** Where playback is served (the server's origin). */
  get origin(): string {
    return this.url.replace(/\/bigbluebutton$/, '');
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/bigbluebutton/html5client/join') return this.clientJoin(url, res);
    if (url.pathname.startsWith('/playback/')) return this.playback(url.pathname, res);
    if (url.pathname.startsWith('/sim/')) return this.control(req, url.pathname, res);
    const prefix = '/bigbluebutton/api';
    if (!url.pathname.startsWith(prefix)) {
      res.statusCode = 404;
      return res.end();
    }
    const call = url.pathname.slice(prefix.length).replace(/^\//, '');
    if (call === '') {
      return this.xml(
        res,
        '<returncode>SUCCESS</returncode><version>2.0</version><apiVersion>2.0</apiVersion><bbbVersion>3.0.0</bbbVersion>',
      );
    }
    // the checksum covers the query string exactly as sent, minus the checksum parameter
    const rawQuery = (req.url ?? '').split('?')[1] ?? '';
    const parts = rawQuery.split('&').filter((p) => p && !p.startsWith('checksum='));
    const given = new URLSearchParams(rawQuery).get('checksum') ?? '';
    const ok = checksumMatches(given, call + parts.join('&') + this.secret, this.opts.algorithms);
    const params = Object.fromEntries(new URLSearchParams(parts.join('&')));
    this.calls.push({ call, params, ok });
    if (!ok) return this.failed(res, 'checksumError', 'Invalid checksum: checksums do not match');
    switch (call) {
      case 'create':
        return this.create(params, res);
      case 'join':
        return this.join(params, res);
      case 'end':
        return this.endCall(params, res);
      case 'isMeetingRunning': {
        const m = this.meetings.get(params.meetingID ?? '');
        return this.xml(res, `<returncode>SUCCESS</returncode><running>${!!m?.running}</running>`);
      }
      case 'getMeetingInfo': {
        const m = this.meetings.get(params.meetingID ?? '');
        if (!m || m.ended) return this.failed(res, 'notFound', 'A meeting with that ID does not exist');
        return this.xml(res, `<returncode>SUCCESS</returncode>${this.meetingXml(m)}`);
      }
      case 'getMeetings':
        return this.xml(
          res,
          `<returncode>SUCCESS</returncode><meetings>${[...this.meetings.values()]
            .filter((m) => !m.ended)
            .map((m) => `<meeting>${this.meetingXml(m)}</meeting>`)
            .join('')}</meetings>`,
        );
      case 'getRecordings':
        return this.getRecordings(params, res);
      case 'publishRecordings': {
        if (!params.recordID)
          return this.failed(res, 'missingParamRecordID', 'You must specify one or more a recordIDs.');
        if (params.publish !== 'true' && params.publish !== 'false')
          return this.failed(res, 'missingParamPublish', 'You must specify one publish value true or false.');
        const found = this.recordingsNamed(params.recordID);
        if (!found) return this.failed(res, 'notFound', 'We could not find recordings');
        const state = params.publish === 'true' ? 'published' : 'unpublished';
        for (const r of found) {
          if (r.state === state) continue;
          r.state = state;
          this.emitRecording(r, state === 'published' ? 'rap-published' : 'rap-unpublished');
        }
        return this.xml(res, `<returncode>SUCCESS</returncode><published>${params.publish}</published>`);
      }
      case 'deleteRecordings': {
        if (!params.recordID)
          return this.failed(res, 'missingParamRecordID', 'You must specify one or more a recordIDs.');
        const found = this.recordingsNamed(params.recordID);
        if (!found) return this.failed(res, 'notFound', 'We could not find recordings');
        for (const r of found) {
          if (r.state === 'deleted') continue;
          r.state = 'deleted';
          this.emitRecording(r, 'rap-deleted');
        }
        return this.xml(res, '<returncode>SUCCESS</returncode><deleted>true</deleted>');
      }
      case 'hooks/create': {
        if (!params.callbackURL) return this.failed(res, 'missingParamCallbackURL', 'You must specify a callbackURL');
        const existing = [...this.hooks].find(
          ([, h]) => h.callbackURL === params.callbackURL && h.meetingID === params.meetingID,
        );
        if (existing) {
          return this.xml(
            res,
            `<returncode>SUCCESS</returncode><hookID>${existing[0]}</hookID><messageKey>duplicateWarning</messageKey><message>There is already a hook for this callback URL.</message>`,
          );
        }
        const hookID = randomUUID();
        this.hooks.set(hookID, { callbackURL: params.callbackURL, meetingID: params.meetingID });
        return this.xml(
          res,
          `<returncode>SUCCESS</returncode><hookID>${hookID}</hookID><permanentHook>false</permanentHook><rawData>false</rawData>`,
        );
      }
      case 'hooks/destroy': {
        if (!params.hookID) return this.failed(res, 'missingParamHookID', 'You must specify a hookID in your request.');
        if (!this.hooks.delete(params.hookID))
          return this.failed(res, 'destroyMissingHook', 'The hook informed was not found.');
        return this.xml(res, '<returncode>SUCCESS</returncode><removed>true</removed>');
      }
      case 'hooks/list':
        return this.xml(
          res,
          `<returncode>SUCCESS</returncode><hooks>${[...this.hooks]
            .map(
              ([id, h]) => `<hook><hookID>${id}</hookID><callbackURL><![CDATA[${h.callbackURL}]]></callbackURL></hook>`,
            )
            .join('')}</hooks>`,
        );
      default:
        return this.failed(res, 'unsupportedRequest', 'This request is not supported.');
    }
  }

  private create(params: Record<string, string>, res: ServerResponse) {
    const meetingID = params.meetingID;
    if (!meetingID) return this.failed(res, 'missingParamMeetingID', 'You must specify a meeting ID for the meeting.');
    if (!params.name || params.name.length < 2)
      return this.failed(res, 'paramError', 'The name must be between 2 and 64 characters');
    if (
      params.record === 'true' &&
      params.autoStartRecording === 'false' &&
      params.allowStartStopRecording === 'false'
    ) {
      return this.failed(res, 'paramError', 'Recording could never start');
    }
    let m = this.meetings.get(meetingID);
    let duplicate = false;
    if (m && !m.ended) {
      // BBB keeps the codes of the running session: a create with another pair is refused (ApiController.create)
      if (params.attendeePW !== m.params.attendeePW || params.moderatorPW !== m.params.moderatorPW) {
        return this.failed(
          res,
          'idNotUnique',
          'A meeting already exists with that meeting ID. Please use a different meeting ID.',
        );
      }
      duplicate = true;
    } else {
      const metadata = Object.fromEntries(
        Object.entries(params)
          .filter(([k]) => k.startsWith('meta_'))
          .map(([k, v]) => [k.slice(5).toLowerCase(), v]),
      );
      m = {
        meetingID,
        internalMeetingID: `${randomBytes(20).toString('hex')}-${Date.now()}`,
        name: params.name,
        createTime: Date.now(),
        params,
        running: false,
        ended: false,
        attendees: [],
        metadata,
        sessions: new Map(),
        everJoined: new Set(),
      };
      this.meetings.set(meetingID, m);
      void this.emit(m, 'meeting-created', { meeting: { ...this.meetingAttrs(m), name: m.name, metadata } });
    }
    this.xml(
      res,
      `<returncode>SUCCESS</returncode><meetingID>${escapeXml(m.meetingID)}</meetingID><internalMeetingID>${m.internalMeetingID}</internalMeetingID><parentMeetingID>bbb-none</parentMeetingID><attendeePW>${escapeXml(m.params.attendeePW ?? '')}</attendeePW><moderatorPW>${escapeXml(m.params.moderatorPW ?? '')}</moderatorPW><createTime>${m.createTime}</createTime><voiceBridge>7${String(m.createTime).slice(-4)}</voiceBridge><dialNumber>613-555-1234</dialNumber><createDate>${new Date(m.createTime).toUTCString()}</createDate><hasUserJoined>${m.attendees.length > 0}</hasUserJoined><duration>${params.duration ?? 0}</duration><hasBeenForciblyEnded>false</hasBeenForciblyEnded>${duplicate ? '<messageKey>duplicateWarning</messageKey><message>This conference was already in existence and may currently be in progress.</message>' : '<messageKey></messageKey><message></message>'}`,
    );
  }

  private join(params: Record<string, string>, res: ServerResponse) {
    if (!params.meetingID)
      return this.failed(res, 'missingParamMeetingID', 'You must specify a meeting ID for the meeting.');
    if (!params.fullName)
      return this.failed(
        res,
        'missingParamFullName',
        'You must specify a name for the attendee who will be joining the meeting.',
      );
    const m = this.meetings.get(params.meetingID);
    if (!m || m.ended) return this.failed(res, 'notFound', 'A meeting with that ID does not exist');
    if (params.createTime && params.createTime !== String(m.createTime)) {
      return this.failed(
        res,
        'mismatchCreateTimeParam',
        'The createTime parameter submitted mismatches with the current meeting.',
      );
    }
    const role = (params.role ?? '').toUpperCase() === 'MODERATOR' ? 'MODERATOR' : 'VIEWER';
    const max = Number(m.params.maxParticipants ?? 0);
    if (max > 0 && m.attendees.length >= max)
      return this.failed(
        res,
        'maxParticipantsReached',
        'The maximum number of participants allowed for this meeting has been reached.',
      );
    const sessionToken = randomBytes(8).toString('hex');
    m.sessions.set(sessionToken, {
      userID: params.userID ?? `w_${randomBytes(4).toString('hex')}`,
      fullName: params.fullName,
      role,
      guest: params.guest === 'true',
    });
    const client = `${this.url}/html5client/join?sessionToken=${sessionToken}`;
    if (params.redirect === 'false') {
      return this.xml(
        res,
        `<returncode>SUCCESS</returncode><messageKey>successfullyJoined</messageKey><message>You have joined successfully.</message><meeting_id>${m.internalMeetingID}</meeting_id><user_id>w_${sessionToken}</user_id><auth_token>${sessionToken}</auth_token><session_token>${sessionToken}</session_token><url>${escapeXml(client)}</url>`,
      );
    }
    res.writeHead(302, { location: client });
    res.end();
  }

  /** The HTML5 client loading: the user is in the meeting (a guest under ASK_MODERATOR waits in the lobby). */
  private clientJoin(url: URL, res: ServerResponse) {
    const token = url.searchParams.get('sessionToken') ?? '';
    const m = [...this.meetings.values()].find((x) => x.sessions.has(token));
    const s = m?.sessions.get(token);
    if (!m || !s) {
      res.writeHead(401, { 'content-type': 'text/html' });
      return res.end('<p>invalid session</p>');
    }
    const waiting = s.guest && s.role === 'VIEWER' && m.params.guestPolicy === 'ASK_MODERATOR';
    if (!waiting) this.addAttendee(m, s);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>${escapeXml(m.name)}</title><p data-state="${waiting ? 'waiting' : 'joined'}">${escapeXml(s.fullName)}</p>`,
    );
  }

  private addAttendee(
    m: SimMeeting,
    s: { userID: string; fullName: string; role: 'MODERATOR' | 'VIEWER'; guest: boolean },
  ) {
    const a: SimAttendee = { ...s, internalUserID: `w_${randomBytes(5).toString('hex')}` };
    m.attendees.push(a);
    m.everJoined.add(a.userID);
    m.running = true;
    void this.emit(m, 'user-joined', { meeting: this.meetingAttrs(m), user: this.userAttrs(a) });
  }

  /** A moderator admits a waiting guest (the lobby's "allow"). */
  admitGuests(meetingID: string) {
    const m = this.meetings.get(meetingID);
    if (!m) throw new Error(`no meeting ${meetingID}`);
    for (const s of m.sessions.values()) {
      if (s.guest && !m.attendees.some((a) => a.userID === s.userID)) this.addAttendee(m, s);
    }
  }

  /** A user closes the tab; `at` (ms) stands in for the clock, so a test can have someone stay 7 minutes at once. */
  async leave(meetingID: string, userID: string, at?: number) {
    const m = this.meetings.get(meetingID);
    const i = m?.attendees.findIndex((a) => a.userID === userID) ?? -1;
    if (!m || i < 0) throw new Error(`no attendee ${userID}`);
    const [a] = m.attendees.splice(i, 1);
    await this.emit(m, 'user-left', { meeting: this.meetingAttrs(m), user: this.userAttrs(a as SimAttendee) }, at);
  }

  private endCall(params: Record<string, string>, res: ServerResponse) {
    const m = this.meetings.get(params.meetingID ?? '');
    if (!m || m.ended)
      return this.failed(
        res,
        'notFound',
        'We could not find a meeting with that meeting ID - perhaps the meeting is not yet running?',
      );
    this.xml(
      res,
      '<returncode>SUCCESS</returncode><messageKey>sentEndMeetingRequest</messageKey><message>A request to end the meeting was sent. Please wait a few seconds, and then use the getMeetingInfo or isMeetingRunning API calls to verify that it was ended.</message>',
    );
    // asynchronous, as on a real server
    setTimeout(() => void this.finish(m), 5);
  }

  /** The meeting ends: attendees leave, meeting-ended, then meta_endCallbackUrl with recordingmarks. */
  finish(m: SimMeeting): Promise<void> {
    // once, however many ways it is asked for (the end call, the control API, a test)
    let done = this.finishing.get(m);
    if (!done) {
      done = this.runFinish(m);
      this.finishing.set(m, done);
    }
    return done;
  }

  private async runFinish(m: SimMeeting) {
    if (m.ended) return;
    for (const a of [...m.attendees]) await this.leave(m.meetingID, a.userID);
    m.ended = true;
    m.running = false;
    await this.emit(m, 'meeting-ended', { meeting: this.meetingAttrs(m) });
    const endUrl = m.params.meta_endCallbackUrl;
    if (endUrl) {
      const marks =
        m.params.record === 'true' &&
        (m.params.autoStartRecording === 'true' || m.params.allowStartStopRecording === 'true');
      const url = `${endUrl}${endUrl.includes('?') ? '&' : '?'}recordingmarks=${marks}`;
      const r = await fetch(url).catch(() => null);
      this.deliveries.push({ url, status: r?.status ?? 0 });
    }
  }

  async endMeeting(meetingID: string) {
    const m = this.meetings.get(meetingID);
    if (!m) throw new Error(`no meeting ${meetingID}`);
    await this.finish(m);
  }

  /**
   * The recording is processed and published: one rap-publish-ended webhook per format (presentation, then video when
   * the server produces it), then the recording-ready callback. `size` is the whole recording's (the formats share it).
   */
  async publishRecording(
    meetingID: string,
    size: number,
    opts: { video?: boolean } = {},
  ): Promise<{ recordID: string; status: number }> {
    const m = this.meetings.get(meetingID);
    if (!m) throw new Error(`no meeting ${meetingID}`);
    const recordID = `${m.internalMeetingID}`;
    const rec: SimRecording = {
      recordID,
      meetingID,
      internalMeetingID: m.internalMeetingID,
      name: m.name,
      startTime: m.createTime,
      endTime: Date.now(),
      size,
      state: 'published',
      participants: m.everJoined.size,
      video: opts.video ?? this.opts.video ?? false,
      metadata: m.metadata,
    };
    this.recordings.set(recordID, rec);
    for (const f of this.formatsOf(rec)) {
      await this.emit(m, 'rap-publish-ended', {
        meeting: this.meetingAttrs(m),
        'record-id': recordID,
        success: true,
        'step-time': 346,
        workflow: f.type,
        recording: {
          name: rec.name,
          'is-breakout': 'false',
          'start-time': rec.startTime,
          'end-time': rec.endTime,
          size: f.size,
          'raw-size': rec.size * 3,
          metadata: { ...rec.metadata, isBreakout: 'false', meetingId: meetingID, meetingName: rec.name },
          playback: {
            format: f.type,
            link: f.url,
            processing_time: 1000,
            duration: rec.endTime - rec.startTime,
            size: f.size,
          },
          download: f.type === 'video' ? { format: 'video', link: `${f.url}video-0.m4v`, size: f.size } : {},
        },
      });
    }
    const readyUrl = m.params['meta_bbb-recording-ready-url'];
    let status = 0;
    if (readyUrl) {
      const body = new URLSearchParams({
        signed_parameters: await signJwt({ meeting_id: meetingID, record_id: recordID }, this.secret),
      });
      const r = await fetch(readyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      }).catch(() => null);
      status = r?.status ?? 0;
      this.deliveries.push({ url: readyUrl, status, body: body.toString() });
    }
    return { recordID, status };
  }

  private getRecordings(params: Record<string, string>, res: ServerResponse) {
    const states = params.state === 'any' ? null : (params.state ?? 'published,unpublished').split(',');
    const list = [...this.recordings.values()].filter(
      (r) =>
        (!states || states.includes(r.state)) &&
        (params.recordID
          ? params.recordID.split(',').includes(r.recordID)
          : !params.meetingID || params.meetingID.split(',').includes(r.meetingID)),
    );
    if (!list.length) {
      return this.xml(
        res,
        '<returncode>SUCCESS</returncode><recordings></recordings><messageKey>noRecordings</messageKey><message>There are no recordings for the meeting(s).</message>',
      );
    }
    this.xml(
      res,
      `<returncode>SUCCESS</returncode><recordings>${list
        .map(
          (r) =>
            `<recording><recordID>${r.recordID}</recordID><meetingID>${escapeXml(r.meetingID)}</meetingID><internalMeetingID>${r.internalMeetingID}</internalMeetingID><name>${escapeXml(r.name)}</name><isBreakout>false</isBreakout><published>${r.state === 'published'}</published><state>${r.state}</state><startTime>${r.startTime}</startTime><endTime>${r.endTime}</endTime><participants>${r.participants}</participants><rawSize>${r.size * 3}</rawSize><metadata>${Object.entries(
              r.metadata,
            )
              .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
              .join('')}</metadata><size>${r.size}</size><playback>${this.formatsOf(r)
              .map(
                (f) =>
                  `<format><type>${f.type}</type><url>${f.url}</url><processingTime>1000</processingTime><length>${Math.max(1, Math.round((r.endTime - r.startTime) / 60_000))}</length><size>${f.size}</size></format>`,
              )
              .join('')}</playback><data></data></recording>`,
        )
        .join('')}</recordings>`,
    );
  }

  /** The formats a recording has, with their page URLs and sizes (they add up to the recording's size). */
  private formatsOf(r: SimRecording): { type: 'presentation' | 'video'; url: string; size: number }[] {
    const presentation = {
      type: 'presentation' as const,
      url: `${this.origin}/playback/presentation/2.3/${r.recordID}`,
    };
    if (!r.video) return [{ ...presentation, size: r.size }];
    const video = Math.floor(r.size / 2);
    return [
      { ...presentation, size: r.size - video },
      { type: 'video', url: `${this.origin}/playback/video/${r.recordID}/`, size: video },
    ];
  }

  /** The recordings of a comma list of ids; null when one is unknown (BBB answers notFound). */
  private recordingsNamed(list: string): SimRecording[] | null {
    const found = list.split(',').map((id) => this.recordings.get(id));
    return found.every((r) => r) ? (found as SimRecording[]) : null;
  }

  private emitRecording(r: SimRecording, id: 'rap-published' | 'rap-unpublished' | 'rap-deleted') {
    const m = this.meetings.get(r.meetingID);
    if (m) void this.emit(m, id, { meeting: this.meetingAttrs(m), 'record-id': r.recordID });
  }

  /** The playback pages and the video file; 404 for a deleted or unknown recording. */
  private playback(path: string, res: ServerResponse) {
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const presentation = /^\/playback\/presentation\/2\.3\/([^/]+)$/.exec(path);
    const video = /^\/playback\/video\/([^/]+)\/(video-0\.m4v)?$/.exec(path);
    const r = this.recordings.get(presentation?.[1] ?? video?.[1] ?? '');
    if (!r || r.state === 'deleted' || (video && !r.video)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    const title = `<!doctype html><meta charset="utf-8"><title>${escapeXml(r.name)}</title>`;
    if (presentation)
      return html(`${title}<main data-testid="bbb-playback" data-format="presentation">${escapeXml(r.name)}</main>`);
    if (!video?.[2]) {
      return html(
        `${title}<main data-testid="bbb-playback" data-format="video"><video controls src="video-0.m4v"></video></main>`,
      );
    }
    // a few bytes standing for the MP4 (an ftyp box), downloaded as a file
    const bytes = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
    res.writeHead(200, {
      'content-type': 'video/mp4',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="${r.recordID}.m4v"`,
    });
    res.end(bytes);
  }

  /** The control API for tests in another process (see the class comment). */
  private async control(req: IncomingMessage, path: string, res: ServerResponse) {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && path === '/sim/meetings') {
      return json(
        200,
        [...this.meetings.values()].map((m) => ({
          meetingID: m.meetingID,
          internalMeetingID: m.internalMeetingID,
          name: m.name,
          running: m.running,
          ended: m.ended,
          attendees: m.attendees.map((a) => ({ userID: a.userID, fullName: a.fullName, role: a.role })),
        })),
      );
    }
    const action = /^\/sim\/meetings\/([^/]+)\/(leave|end|publish)$/.exec(path);
    if (req.method !== 'POST' || !action) return json(404, { ok: false, error: 'unknown control call' });
    const meetingID = decodeURIComponent(action[1] as string);
    const m = this.meetings.get(meetingID);
    if (!m) return json(404, { ok: false, error: `no meeting ${meetingID}` });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = (text ? JSON.parse(text) : {}) as { userID?: string; size?: number; video?: boolean; at?: number };
    if (action[2] === 'leave') {
      if (!m.attendees.some((a) => a.userID === body.userID))
        return json(404, { ok: false, error: `no attendee ${body.userID}` });
      await this.leave(meetingID, String(body.userID), typeof body.at === 'number' ? body.at : undefined);
      return json(200, { ok: true });
    }
    if (action[2] === 'end') {
      await this.finish(m);
      await this.settled();
      return json(200, { ok: true });
    }
    const published = await this.publishRecording(meetingID, Number(body.size ?? 0), { video: body.video });
    await this.settled();
    return json(200, published);
  }

  private meetingXml(m: SimMeeting) {
    const mods = m.attendees.filter((a) => a.role === 'MODERATOR').length;
    return `<meetingName>${escapeXml(m.name)}</meetingName><meetingID>${escapeXml(m.meetingID)}</meetingID><internalMeetingID>${m.internalMeetingID}</internalMeetingID><createTime>${m.createTime}</createTime><createDate>${new Date(m.createTime).toUTCString()}</createDate><voiceBridge>70000</voiceBridge><dialNumber>613-555-1234</dialNumber><running>${m.running}</running><duration>${m.params.duration ?? 0}</duration><hasUserJoined>${m.attendees.length > 0}</hasUserJoined><recording>${m.params.record === 'true'}</recording><hasBeenForciblyEnded>false</hasBeenForciblyEnded><startTime>${m.createTime}</startTime><endTime>0</endTime><participantCount>${m.attendees.length}</participantCount><listenerCount>0</listenerCount><voiceParticipantCount>0</voiceParticipantCount><videoCount>0</videoCount><maxUsers>${m.params.maxParticipants ?? 0}</maxUsers><moderatorCount>${mods}</moderatorCount><attendees>${m.attendees
      .map(
        (a) =>
          `<attendee><userID>${escapeXml(a.userID)}</userID><fullName>${escapeXml(a.fullName)}</fullName><role>${a.role}</role><isPresenter>false</isPresenter><isListeningOnly>false</isListeningOnly><hasJoinedVoice>false</hasJoinedVoice><hasVideo>false</hasVideo><clientType>HTML5</clientType></attendee>`,
      )
      .join('')}</attendees><metadata>${Object.entries(m.metadata)
      .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
      .join('')}</metadata><isBreakout>false</isBreakout>`;
  }

  private meetingAttrs(m: SimMeeting) {
    return { 'internal-meeting-id': m.internalMeetingID, 'external-meeting-id': m.meetingID };
  }

  private userAttrs(a: SimAttendee) {
    return {
      'internal-user-id': a.internalUserID,
      'external-user-id': a.userID,
      name: a.fullName,
      role: a.role,
      presenter: false,
    };
  }

  /** bbb-webhooks v3 delivery: form body (domain, event = JSON array, timestamp), checksum on the callback URL. */
  private emit(m: SimMeeting, id: string, attributes: Record<string, unknown>, at?: number): Promise<void> {
    // ordered, one event at a time, like bbb-webhooks
    this.queue = this.queue.then(() => this.deliver(m, id, attributes, at));
    return this.queue;
  }

  /** Resolves when every queued webhook has been delivered. */
  settled(): Promise<void> {
    return this.queue;
  }

  private async deliver(m: SimMeeting, id: string, attributes: Record<string, unknown>, at?: number) {
    const event = [{ data: { type: 'event', id, attributes, event: { ts: at ?? Date.now() } } }];
    for (const hook of this.hooks.values()) {
      if (hook.meetingID && hook.meetingID !== m.meetingID) continue;
      const body = new URLSearchParams({
        domain: '127.0.0.1',
        event: JSON.stringify(event),
        timestamp: String(Date.now()),
      }).toString();
      const checksum = bbbChecksum(this.opts.hookAlgorithm ?? 'sha1', hook.callbackURL + body + this.secret);
      const url = `${hook.callbackURL}${hook.callbackURL.includes('?') ? '&' : '?'}checksum=${checksum}`;
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }).catch(() => null);
      this.deliveries.push({ url, status: r?.status ?? 0, body });
    }
  }

  /**
   * bbb-webhooks retrying a delivery (it retries any non-2xx answer, or one that timed out after our BFF handled it):
   * the same body to the same signed URL, once more. Answers our BFF's status.
   */
  async redeliver(delivery: { url: string; body?: string }): Promise<number> {
    const r = await fetch(delivery.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: delivery.body ?? '',
    });
    this.deliveries.push({ url: delivery.url, status: r.status, body: delivery.body });
    return r.status;
  }

  /** A signed API URL, as a client would build it (for checksum tests). */
  signedUrl(call: string, query: string, algorithm: ChecksumAlgorithm = 'sha256') {
    return `${this.url}/api/${call}?${query}&checksum=${bbbChecksum(algorithm, call + query + this.secret)}`;
  }
}
