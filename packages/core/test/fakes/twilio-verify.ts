import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Twilio Verify v2 for tests, on 127.0.0.1:0: POST /v2/Services/{VA}/Verifications (form To, Channel, Locale → 201
 * {sid, status:'pending', …}) and POST /v2/Services/{VA}/VerificationCheck (form To, Code → 200 {status, valid}), HTTP
 * Basic auth with the account sid and auth token (401, code 20003, otherwise). Its rules are Twilio's published ones:
 * a code lives 10 minutes; 5 wrong checks end the verification (the next check answers 429, code 60202 "Max check
 * attempts reached"); an approved or expired verification is gone (404, code 20404); a second start for a pending
 * number sends a new code on the same verification (5 sends at most: 429, 60203). Test-only: never used by `npm start`.
 */

export interface FakeVerification {
  sid: string;
  to: string;
  channel: string;
  locale: string | null;
  code: string;
  status: 'pending' | 'approved' | 'canceled' | 'max_attempts_reached' | 'expired';
  checks: number;
  sends: number;
  createdAt: number;
}

const TTL_MS = 10 * 60_000;
const MAX_CHECKS = 5;
const MAX_SENDS = 5;

export class TwilioVerifyFake {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  readonly serviceSid = `VA${randomBytes(16).toString('hex')}`;
  readonly verifications: FakeVerification[] = [];
  /** The fake's clock; a test moves it to see a code expire. */
  now = () => Date.now();
  private server: Server | null = null;
  private base = '';

  get url(): string {
    return this.base;
  }

  /** The last code "sent" to a number (what the user would read on their phone). */
  codeFor(to: string): string | undefined {
    return this.verifications.filter((v) => v.to === to).at(-1)?.code;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => this.send(res, 500, { code: 20500, message: 'Internal Server Error' }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private send(res: ServerResponse, status: number, body: Record<string, unknown>) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, code: number, message: string) {
    this.send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  }

  /** A pending verification whose ten minutes passed is expired (and then gone, as Twilio answers 404). */
  private live(to: string): FakeVerification | undefined {
    const v = this.verifications.filter((x) => x.to === to && x.status === 'pending').at(-1);
    if (v && this.now() - v.createdAt >= TTL_MS) v.status = 'expired';
    return v?.status === 'pending' ? v : undefined;
  }

  private view(v: FakeVerification) {
    return {
      sid: v.sid,
      service_sid: this.serviceSid,
      account_sid: this.accountSid,
      to: v.to,
      channel: v.channel,
      status: v.status,
      valid: v.status === 'approved',
      lookup: {},
      amount: null,
      payee: null,
      send_code_attempts: Array.from({ length: v.sends }, (_, i) => ({ attempt_sid: `VL${i}`, channel: v.channel })),
      date_created: new Date(v.createdAt).toISOString(),
      date_updated: new Date(this.now()).toISOString(),
      url: `${this.base}/v2/Services/${this.serviceSid}/Verifications/${v.sid}`,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return this.error(res, 401, 20003, 'Authenticate');
    const path = new URL(req.url ?? '/', this.base).pathname;
    const match = /^\/v2\/Services\/([^/]+)\/(Verifications|VerificationCheck)$/.exec(path);
    if (req.method !== 'POST' || !match) return this.error(res, 404, 20404, 'The requested resource was not found');
    if (match[1] !== this.serviceSid) return this.error(res, 404, 20404, 'The requested resource was not found');
    if (!/^application\/x-www-form-urlencoded\b/.test(req.headers['content-type'] ?? '')) {
      return this.error(res, 400, 60200, 'Invalid parameter');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return this.error(res, 400, 60200, 'Invalid parameter: To');

    if (match[2] === 'Verifications') {
      const channel = form.get('Channel') ?? '';
      if (!['sms', 'whatsapp', 'call', 'email'].includes(channel)) {
        return this.error(res, 400, 60200, 'Invalid parameter: Channel');
      }
      const pending = this.live(to);
      if (pending) {
        if (pending.sends >= MAX_SENDS) return this.error(res, 429, 60203, 'Max send attempts reached');
        pending.sends++;
        pending.channel = channel;
        pending.code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        return this.send(res, 201, this.view(pending));
      }
      const v: FakeVerification = {
        sid: `VE${randomBytes(16).toString('hex')}`,
        to,
        channel,
        locale: form.get('Locale'),
        code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
        status: 'pending',
        checks: 0,
        sends: 1,
        createdAt: this.now(),
      };
      this.verifications.push(v);
      return this.send(res, 201, this.view(v));
    }

    const code = form.get('Code') ?? '';
    if (!code) return this.error(res, 400, 60200, 'Invalid parameter: Code');
    const v = this.verifications.filter((x) => x.to === to).at(-1);
    if (v?.status === 'max_attempts_reached') return this.error(res, 429, 60202, 'Max check attempts reached');
    const pending = this.live(to);
    if (!pending) return this.error(res, 404, 20404, 'The requested resource was not found');
    pending.checks++;
    if (code === pending.code) {
      pending.status = 'approved';
      return this.send(res, 200, this.view(pending));
    }
    if (pending.checks >= MAX_CHECKS) pending.status = 'max_attempts_reached';
    return this.send(res, 200, { ...this.view(pending), status: 'pending', valid: false });
  }
}
