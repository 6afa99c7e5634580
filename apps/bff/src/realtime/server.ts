import type { Server as HttpServer } from 'node:http';
import {
  ACCESS_CHANGED_TOPIC,
  type AccessChangedEvent,
  type Actor,
  AppError,
  CHAT_MESSAGE_TOPIC,
  type ChatMessage,
  type ChatMessageEvent,
  createSocketLimits,
  errorSummary,
  findActor,
  findSession,
  findTeams,
  hashToken,
  listNotifications,
  missedMessages,
  NOTIFICATION_TOPIC,
  type NotificationEvent,
  type NotificationView,
  queryRows,
  type Runtime,
  renderNotification,
  SESSION_ENDED_TOPIC,
  type SessionEndedEvent,
  type SocketLimits,
  sessionCookieName,
} from '@majlis/core';
import { type Locale, normalizeLocale } from '@majlis/i18n';
import { createAdapter } from '@socket.io/redis-adapter';
import { sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { errorBody } from '../http/errors.ts';
import { LANG_COOKIE } from '../http/session.ts';
import { registerChatHandlers } from './chat.handlers.ts';
import { type ClientToServerEvents, type OnlineUser, type ServerToClientEvents, SOCKET_PATH } from './events.ts';
import { createSessionGuards } from './session-guard.ts';

export interface SocketData {
  actor: Actor;
  locale: Locale;
  /** The HMAC the session is stored under (never the cookie value: socket data crosses Redis in fetchSockets). */
  sessionHash: string;
  /** Set by addUser: the user shows in getUsers. */
  online: boolean;
  teamIds: string[];
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Ids a socket was already given, so live delivery, replay and catch-up never show one twice. Bounded. */
class RecentIds {
  private readonly ids = new Set<number>();
  constructor(private readonly max = 1000) {}
  has(id: number) {
    return this.ids.has(id);
  }
  add(id: number) {
    this.ids.add(id);
    if (this.ids.size > this.max) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }
}

interface Delivery {
  messages: RecentIds;
  /** messageIds this socket is sending right now: their stored copy is its own, not to be given back to it. */
  sending: Set<string>;
  notifications: RecentIds;
  lastNotificationId: number;
}

const ZHandshakeAuth = z.object({
  lastMessageId: z.coerce.number().int().min(0).optional().catch(undefined),
  lastNotificationId: z.coerce.number().int().min(0).optional().catch(undefined),
  recentMessageIds: z.array(z.number().int().min(0)).max(1000).optional().catch(undefined),
});

/** Rooms: one per user, per account, per user within an account (tenant-scoped signals), per visible team. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  account: (accountId: string) => `account:${accountId}`,
  member: (accountId: string, userId: string) => `member:${accountId}:${userId}`,
  team: (teamId: string) => `team:${teamId}`,
  /** Every socket of one session: logout ends them at once. */
  session: (sessionHash: string) => `session:${sessionHash}`,
};

export type Log = (level: 'error' | 'warn' | 'info' | 'debug', message: string) => void;

/** The room whose sockets a session.ended event ends: one session, a user in one account, or a user everywhere. */
function endedRoom(e: SessionEndedEvent): string | null {
  if (e.sessionHash) return rooms.session(e.sessionHash);
  if (e.userId && e.accountId) return rooms.member(e.accountId, e.userId);
  return e.userId ? rooms.user(e.userId) : null;
}

export interface Realtime {
  io: IoServer;
  /** Gives a stored message to this instance's sockets in its rooms (each socket at most once). */
  deliverMessage(event: Pick<ChatMessageEvent, 'message' | 'rooms' | 'origin'>): void;
  /** Recomputes the online users of an account (all instances) and sends getUsers to it; coalesced per account. */
  presence(accountId: string): Promise<OnlineUser[]>;
  /**
   * Wraps a send from a socket: while it runs, a copy of the message reaching the socket by any path (bus, replay,
   * catch-up) is skipped, and afterwards its stream id counts as given (the sender has it in its ack).
   */
  sendingFrom<T extends { message: ChatMessage }>(
    socket: IoSocket,
    messageId: string,
    send: () => Promise<T>,
  ): Promise<T>;
  /**
   * Before each event from a socket: throws 401 UNAUTHENTICATED (and cuts it) when its session has ended; reads the
   * session again only when it is due (session-guard.ts), so most events cost no query.
   */
  checkSession(socket: IoSocket): Promise<void>;
  /** Per-socket and per-user event limits (core socketLimitRules). */
  limits: SocketLimits;
  log: Log;
  runtime: Runtime;
  close(): Promise<void>;
}

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;

/**
 * socket.io at /event/ on the BFF's HTTP server (DESIGN §6). Authenticated by the session cookie and the Origin
 * allow-list; rooms only for what the user may see; fan-out of stored messages and notifications through the bus,
 * each instance giving them to its own sockets; the Redis adapter for presence and signals when REDIS_URL is set.
 */
export function attachRealtime(runtime: Runtime, server: HttpServer): Realtime {
  const { config, db, bus } = runtime;
  const log: Log = (level, message) => {
    if (LEVELS[level] <= LEVELS[config.LOG_LEVEL]) console[level](`[realtime] ${message}`);
  };
  const io: IoServer = new Server(server, { path: SOCKET_PATH, serveClient: false, connectTimeout: 20_000 });

  let redis: { pub: Redis; sub: Redis } | undefined;
  /** Since when the adapter's subscriber has been away: pub/sub dropped whatever was published meanwhile. */
  let downSince: number | null = null;
  if (config.REDIS_URL) {
    const pub = new Redis(config.REDIS_URL, { connectionName: `${config.REDIS_PREFIX}io-pub` });
    const sub = pub.duplicate({ connectionName: `${config.REDIS_PREFIX}io-sub` });
    for (const c of [pub, sub]) c.on('error', (err: Error) => log('debug', `redis: ${err.message}`));
    sub.on('close', () => {
      downSince ??= Date.now();
    });
    sub.on('ready', () => {
      if (downSince === null) return;
      const since = downSince;
      downSince = null;
      log('warn', `redis back after ${Date.now() - since} ms: replaying to local sockets`);
      // Give the bus's own subscriber a moment to resubscribe, then fill the gap from the database.
      setTimeout(() => void catchUp(since), 1000).unref();
      // session.ended events published meanwhile were lost too: every socket reads its session again.
      setTimeout(() => void guards.recheckAll(nsp.sockets.values()), 1000).unref();
    });
    io.adapter(createAdapter(pub, sub, { key: `${config.REDIS_PREFIX}socket.io`, requestsTimeout: 3000 }));
    redis = { pub, sub };
  }

  const deliveries = new WeakMap<IoSocket, Delivery>();
  const guards = createSessionGuards({ db, config, log });
  const nsp = io.of('/');

  /** A user's powers in an account changed: their sockets there re-read them and leave rooms they may not be in. */
  async function refreshAccess(socket: IoSocket) {
    const fresh = await findActor(db, socket.data.actor.userId, socket.data.actor.accountId);
    if (!fresh) return guards.end(socket, 'membership ended');
    if (!socket.connected) return;
    socket.data.actor = fresh;
    const visible = new Set((await findTeams(db, fresh)).map((t) => t._id));
    for (const teamId of socket.data.teamIds.filter((id) => !visible.has(id))) leaveTeam(socket, teamId);
  }

  function leaveTeam(socket: IoSocket, teamId: string) {
    socket.leave(rooms.team(teamId));
    socket.data.teamIds = socket.data.teamIds.filter((id) => id !== teamId);
  }

  function localSockets(roomNames: string[]): IoSocket[] {
    const found = new Map<string, IoSocket>();
    for (const room of roomNames) {
      for (const id of nsp.adapter.rooms.get(room) ?? []) {
        const socket = nsp.sockets.get(id);
        if (socket) found.set(id, socket);
      }
    }
    return [...found.values()];
  }

  /** Whether a socket may have a message and does not have it yet; if so, it is counted as given. */
  function claim(socket: IoSocket, message: ChatMessage): boolean {
    const d = deliveries.get(socket);
    if (!d || !guards.alive(socket)) return false;
    if (socket.data.actor.accountId !== message.ownerId || d.messages.has(message.id)) return false;
    if (message.sender === socket.data.actor.userId && d.sending.has(message.messageId)) return false;
    d.messages.add(message.id);
    return true;
  }

  function give(socket: IoSocket, message: ChatMessage) {
    if (claim(socket, message)) socket.emit('getMessage', message);
  }

  function giveNotification(socket: IoSocket, view: NotificationView) {
    const d = deliveries.get(socket);
    if (!d || !guards.alive(socket) || d.notifications.has(view.id)) return;
    d.notifications.add(view.id);
    d.lastNotificationId = Math.max(d.lastNotificationId, view.id);
    socket.emit('notification', view);
  }

  const deliverMessage: Realtime['deliverMessage'] = (event) => {
    const targets = localSockets(event.rooms)
      .filter((socket) => socket.id !== event.origin && claim(socket, event.message))
      .map((socket) => socket.id);
    // One local broadcast to the sockets' own rooms: the packet is encoded once, not once per socket.
    if (targets.length) io.local.to(targets).emit('getMessage', event.message);
  };

  const unsubscribe = [
    bus.subscribe(CHAT_MESSAGE_TOPIC, (event) => deliverMessage(event as ChatMessageEvent)),
    bus.subscribe(NOTIFICATION_TOPIC, (event) => {
      const { notification, accountId, userId } = event as NotificationEvent;
      for (const socket of localSockets([rooms.member(accountId, userId)])) {
        giveNotification(socket, renderNotification(notification, socket.data.locale));
      }
    }),
    // Each instance cuts its own sockets of the ended sessions: the bus already reaches every instance.
    bus.subscribe(SESSION_ENDED_TOPIC, (event) => {
      const e = event as SessionEndedEvent;
      const room = endedRoom(e);
      if (!room) return;
      guards.noteEnded(room);
      for (const socket of localSockets([room])) guards.end(socket, e.reason);
    }),
    bus.subscribe(ACCESS_CHANGED_TOPIC, (event) => {
      const e = event as unknown as AccessChangedEvent;
      guards.noteEnded(`access:${rooms.member(e.accountId, e.userId)}`);
      for (const socket of localSockets([rooms.member(e.accountId, e.userId)])) {
        // A plain member taken out of a team leaves its room now; owners and admins still see every team.
        if (e.teamId && socket.data.actor.role === 'member') leaveTeam(socket, e.teamId);
        refreshAccess(socket).catch((err: Error) => log('warn', `access refresh failed: ${errorSummary(err)}`));
      }
    }),
  ];

  /** Replays to one socket what it has not been given: messages since a stream id or a time, notifications after an id. */
  async function replay(socket: IoSocket, from: { id: number } | { at: Date } | null, exclude?: number[]) {
    const d = deliveries.get(socket);
    if (!d) return;
    const { actor, locale } = socket.data;
    const missed = from ? await missedMessages(db, actor, from, new Set(exclude)) : [];
    for (const m of missed) give(socket, m);
    const notes = await listNotifications(db, actor, locale, { after: d.lastNotificationId, limit: 500 });
    for (const n of notes) giveNotification(socket, n);
    if (missed.length || notes.length)
      log('debug', `replayed ${missed.length} messages, ${notes.length} notifications`);
  }

  async function catchUp(since: number) {
    const at = new Date(since - 5000);
    for (const socket of nsp.sockets.values()) {
      await replay(socket, { at }).catch((err: Error) => log('error', `catch-up failed: ${errorSummary(err)}`));
    }
  }

  const pending = new Map<string, Promise<OnlineUser[]>>();
  async function computePresence(accountId: string): Promise<OnlineUser[]> {
    const room = rooms.account(accountId);
    let sockets: { data: Partial<SocketData> }[];
    try {
      sockets = await io.in(room).fetchSockets();
    } catch (err) {
      // Another instance did not answer in time (Redis away): this instance's view is the best there is.
      log('warn', `presence of ${accountId} from this instance only: ${(err as Error).message}`);
      sockets = localSockets([room]);
    }
    const users = new Map<string, OnlineUser>();
    for (const s of sockets) {
      const actor = s.data.actor;
      if (s.data.online && actor) users.set(actor.userId, { userId: actor.userId, ownerId: actor.accountId });
    }
    const list = [...users.values()].sort((a, b) => a.userId.localeCompare(b.userId));
    io.to(room).emit('getUsers', list);
    return list;
  }
  let closed = false;
  const presence: Realtime['presence'] = (accountId) => {
    if (closed) return Promise.resolve([]);
    const existing = pending.get(accountId);
    if (existing) return existing;
    const run = new Promise<void>((resolve) => setTimeout(resolve, 50))
      .then(() => {
        pending.delete(accountId);
        return closed ? [] : computePresence(accountId);
      })
      .catch((err: Error) => {
        pending.delete(accountId);
        log('error', `presence failed: ${errorSummary(err)}`);
        return [];
      });
    pending.set(accountId, run);
    return run;
  };

  io.use(async (socket, next) => {
    const refuse = (status: 401 | 403, code: string) => {
      log('warn', `handshake refused (${code}) from ${socket.handshake.address}`);
      const err = new Error(code) as Error & { data?: unknown };
      err.data = errorBody(new AppError(status, code));
      next(err);
    };
    try {
      // Browsers always send Origin cross-origin and on WebSocket; a same-origin polling GET may carry none.
      const origin = socket.handshake.headers.origin;
      if (origin && !config.allowedOrigins.includes(origin)) return refuse(403, 'FORBIDDEN');
      const cookies = parseCookies(socket.handshake.headers.cookie ?? '');
      const sid = cookies[sessionCookieName(config)];
      // Taken before the read: a session ended from this moment on is caught at connection (recentlyEnded).
      const readAt = Date.now();
      const session = sid ? await findSession(db, config, sid) : null;
      if (!sid || !session?.userId || !session.accountId) return refuse(401, 'UNAUTHENTICATED');
      const actor = await findActor(db, session.userId, session.accountId);
      if (!actor) return refuse(401, 'UNAUTHENTICATED');
      const teams = await findTeams(db, actor);
      socket.data = {
        actor,
        locale: normalizeLocale(cookies[LANG_COOKIE] ?? actor.locale),
        sessionHash: hashToken(config.sessionSecret, sid),
        online: false,
        teamIds: teams.map((t) => t._id),
      };
      guards.start(socket, session, readAt);
      next();
    } catch (err) {
      log('error', `handshake failed: ${errorSummary(err)}`);
      const e = new Error('SERVICE_UNAVAILABLE') as Error & { data?: unknown };
      e.data = errorBody(new AppError(503, 'SERVICE_UNAVAILABLE'));
      next(e);
    }
  });

  const realtime: Realtime = {
    io,
    deliverMessage,
    presence,
    async sendingFrom(socket, messageId, send) {
      const d = deliveries.get(socket);
      d?.sending.add(messageId);
      try {
        const result = await send();
        d?.messages.add(result.message.id);
        return result;
      } finally {
        d?.sending.delete(messageId);
      }
    },
    checkSession: (socket) => guards.check(socket),
    limits: createSocketLimits(config, runtime.redis),
    log,
    runtime,
    async close() {
      closed = true;
      for (const off of unsubscribe) off();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };

  io.on('connection', (socket) => {
    const { actor } = socket.data;
    const sessionRooms = [
      rooms.session(socket.data.sessionHash),
      rooms.user(actor.userId),
      rooms.member(actor.accountId, actor.userId),
    ];
    // Ended between the handshake's read and now (its event found no socket in these rooms yet).
    if (sessionRooms.some((room) => guards.endedSinceHandshake(socket, room))) {
      guards.end(socket, 'ended during handshake');
      return;
    }
    const parsed = ZHandshakeAuth.safeParse(socket.handshake.auth);
    const auth = parsed.success ? parsed.data : {};
    const delivery: Delivery = {
      messages: new RecentIds(),
      sending: new Set(),
      notifications: new RecentIds(),
      lastNotificationId: auth.lastNotificationId ?? Number.MAX_SAFE_INTEGER,
    };
    for (const id of auth.recentMessageIds ?? []) delivery.messages.add(id);
    deliveries.set(socket, delivery);
    socket.join([
      rooms.session(socket.data.sessionHash),
      rooms.user(actor.userId),
      rooms.account(actor.accountId),
      rooms.member(actor.accountId, actor.userId),
      ...socket.data.teamIds.map(rooms.team),
    ]);
    // Powers changed between the handshake's read and now: read them again.
    if (guards.endedSinceHandshake(socket, `access:${rooms.member(actor.accountId, actor.userId)}`)) {
      refreshAccess(socket).catch((err: Error) => log('warn', `access refresh failed: ${errorSummary(err)}`));
    }
    registerChatHandlers(realtime, socket);
    guards.arm(socket);
    socket.on('disconnect', () => {
      guards.stop(socket);
      if (socket.data.online) void presence(actor.accountId);
    });
    void (async () => {
      // A client that says nothing about notifications gets those created from now on (for catch-up after a blip).
      if (auth.lastNotificationId === undefined) {
        const [row] = await queryRows<{ max: string | null }>(
          db,
          sql`select max(id)::text as max from notifications where user_id = ${actor.userId}`,
        );
        delivery.lastNotificationId = Math.min(delivery.lastNotificationId, Number(row?.max ?? 0));
      }
      if (auth.lastMessageId !== undefined || auth.lastNotificationId !== undefined) {
        const from = auth.lastMessageId === undefined ? null : { id: auth.lastMessageId };
        await replay(socket, from, auth.recentMessageIds);
      }
    })().catch((err: Error) => log('error', `replay failed: ${errorSummary(err)}`));
  });

  return realtime;
}
