import type {
  ChatMessage,
  ClientToServerEvents,
  HandshakeAuth,
  MessagesReaded,
  NotificationView,
  OnlineUser,
  ServerToClientEvents,
} from '@majlis/contracts/realtime';
import { redisUrl, requireServices } from '@majlis/core/testing';
import { io, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A test stand-in for the browser's socket: cookie from a TestClient jar, spec §9 reconnection (faster in tests),
 * and what the client does with ids: `lastMessageId` and the recent ids go in `auth` at every (re)connect.
 * Everything received is recorded raw, so a test can count duplicates as well as distinct ids.
 */
export class ChatClient {
  readonly socket: ClientSocket;
  /** Every getMessage, in arrival order (duplicates included). */
  readonly received: ChatMessage[] = [];
  readonly notifications: NotificationView[] = [];
  readonly readed: MessagesReaded[] = [];
  users: OnlineUser[] = [];
  lastMessageId = 0;
  lastNotificationId = 0;

  constructor(
    url: string,
    jar: Map<string, string>,
    opts: { origin?: string; fromStart?: boolean; reconnectionDelay?: number } = {},
  ) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = { cookie };
    if (opts.origin) headers.origin = opts.origin;
    let started = opts.fromStart ?? false;
    this.socket = io(url, {
      path: '/event/',
      transports: ['websocket'],
      extraHeaders: headers,
      reconnectionDelay: opts.reconnectionDelay ?? 200,
      reconnectionDelayMax: 1000,
      randomizationFactor: 0.5,
      timeout: 20_000,
      auth: (cb) => {
        const auth: HandshakeAuth = {};
        if (started) {
          auth.lastMessageId = this.lastMessageId;
          auth.lastNotificationId = this.lastNotificationId;
          auth.recentMessageIds = [...this.ids()].slice(-1000);
        }
        started = true;
        cb(auth as Record<string, unknown>);
      },
    });
    this.socket.on('getMessage', (m) => {
      this.received.push(m);
      this.lastMessageId = Math.max(this.lastMessageId, m.id);
    });
    this.socket.on('notification', (n) => {
      this.notifications.push(n);
      this.lastNotificationId = Math.max(this.lastNotificationId, n.id);
    });
    this.socket.on('getUsers', (users) => {
      this.users = users;
    });
    this.socket.on('messages-readed', (p) => this.readed.push(p));
  }

  /** Distinct ids received, as the client keeps them after dropping duplicates. */
  ids(): Set<number> {
    return new Set(this.received.map((m) => m.id));
  }

  /** How many times each id arrived, for ids that arrived more than once. */
  duplicates(): number[] {
    const seen = new Map<number, number>();
    for (const m of this.received) seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (err) => reject(err));
    });
  }

  /**
   * Emits an event with an ack, typed loosely for tests that also send forbidden or malformed payloads: the socket
   * is seen through socket.io's untyped event map, and the answer is read by tests that assert its shape themselves.
   */
  // biome-ignore lint/suspicious/noExplicitAny: acks are Ack<T> unions; tests read fields after toMatchObject, which does not narrow.
  call(event: keyof ClientToServerEvents, payload: unknown, timeoutMs = 10_000): Promise<any> {
    return (this.socket as unknown as Socket).timeout(timeoutMs).emitWithAck(event, payload);
  }

  close() {
    this.socket.disconnect();
  }
}

export async function waitFor(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The two ways a realtime suite runs: embedded (PGlite, in-memory bus) always, scale-out (PostgreSQL, Redis) when
 * both are set; with REQUIRE_SERVICES=1 a missing one is an error instead of a skipped half.
 */
export function realtimeModes(suite: string): Array<'embedded' | 'scale-out'> {
  if (redisUrl && process.env.DATABASE_URL) return ['embedded', 'scale-out'];
  if (requireServices) throw new Error('REQUIRE_SERVICES=1 but DATABASE_URL or REDIS_URL is not set');
  console.warn(`[test] ${suite}: DATABASE_URL / REDIS_URL not set, the scale-out half is skipped`);
  return ['embedded'];
}
