import { randomInt } from 'node:crypto';
import { checkAnswer } from './contract.ts';

type Fetcher = (input: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * A browser stand-in: keeps cookies, sends the CSRF header from the XSRF-TOKEN cookie, has its own IP, and fails the
 * test when an /api answer breaks its contract (checkAnswer).
 */
export class TestClient {
  readonly jar = new Map<string, string>();
  readonly ip = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;

  constructor(
    private readonly fetcher: Fetcher,
    private readonly base = 'http://localhost',
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async request(
    method: string,
    path: string,
    opts: { body?: unknown; raw?: string | Uint8Array; headers?: Record<string, string>; csrf?: boolean } = {},
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...opts.headers };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (opts.csrf !== false && xsrf && !['GET', 'HEAD'].includes(method)) headers['x-csrf-token'] ??= xsrf;
    let body: string | Uint8Array | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.fetcher(`${this.base}${path}`, { method, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // Every answer of every API test is held against the wire contract (test/contract.ts).
    checkAnswer(method, path, res.status, res.headers.get('content-type'), json);
    // biome-ignore lint/suspicious/noExplicitAny: checkAnswer has held the body against its route's schema; tests then read the fields they assert.
    return { status: res.status, headers: res.headers, json: json as any, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  post(path: string, body?: unknown, opts: { headers?: Record<string, string>; csrf?: boolean } = {}) {
    return this.request('POST', path, { body, ...opts });
  }

  /** GET /api/csrf-token, as the client does at start. */
  async csrf(): Promise<string> {
    const res = await this.get('/api/csrf-token');
    return res.json.getCsrfToken as string;
  }

  async login(email: string, password: string) {
    await this.csrf();
    return this.post('/api/login', { email, password });
  }

  /**
   * Creates a room as the account's owner and buys a month of it through the embedded sandbox (a new room is unpaid
   * and starts no meeting until bought): the path a user takes, in three calls. Answers the room view.
   */
  async paidRoom(body: { name: string; type: string; participants: number }) {
    const room = await this.post('/api/rooms', body);
    if (room.status !== 201) return room;
    await this.buy(room.json.id as string);
    return this.get(`/api/rooms/${room.json.id}`);
  }

  /** Buys a month of an existing room through the sandbox (the owner only). */
  async buy(roomId: string) {
    const order = await this.post('/api/billing/checkout', {
      clientKey: `t${randomInt(1e9)}${randomInt(1e9)}`,
      purchase: { kind: 'renewal', roomId, period: 'monthly', currency: 'EGP' },
    });
    if (order.status !== 200) throw new Error(`checkout refused: ${order.text}`);
    const ref = (order.json.redirectUrl as string).split('/').pop();
    const paid = await this.post(`/api/billing/sandbox/${ref}`, { outcome: 'success', method: 'card' });
    if (paid.status !== 200) throw new Error(`sandbox payment refused: ${paid.text}`);
  }
}
