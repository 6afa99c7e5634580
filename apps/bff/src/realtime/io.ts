import type { Server as HttpServer } from 'node:http';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@majlis/contracts/realtime';
import type { Actor } from '@majlis/core/auth/actor';
import type { Config } from '@majlis/core/config';
import type { Logger } from '@majlis/core/log';
import type { Locale } from '@majlis/i18n';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';

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

/** This instance's sockets in any of the rooms, each once. */
export function localSockets(io: IoServer, roomNames: string[]): IoSocket[] {
  const nsp = io.of('/');
  const found = new Map<string, IoSocket>();
  for (const room of roomNames) {
    for (const id of nsp.adapter.rooms.get(room) ?? []) {
      const socket = nsp.sockets.get(id);
      if (socket) found.set(id, socket);
    }
  }
  return [...found.values()];
}

/**
 * socket.io at /event/ on the BFF's HTTP server (DESIGN §6), with the Redis adapter when REDIS_URL is set (presence
 * across instances, signals to rooms). When the adapter's subscriber comes back after being away, pub/sub has dropped
 * whatever was published meanwhile: `onRedisBack(since)` lets the caller fill that gap.
 */
export function createIo(
  server: HttpServer,
  config: Config,
  log: Logger,
  onRedisBack: (since: number) => void,
): { io: IoServer; close(): Promise<void> } {
  const io: IoServer = new Server(server, { path: SOCKET_PATH, serveClient: false, connectTimeout: 20_000 });

  let redis: { pub: Redis; sub: Redis } | undefined;
  if (config.REDIS_URL) {
    const pub = new Redis(config.REDIS_URL, { connectionName: `${config.REDIS_PREFIX}io-pub` });
    const sub = pub.duplicate({ connectionName: `${config.REDIS_PREFIX}io-sub` });
    // ioredis reconnects by itself; each failed attempt is worth a debug line, not an error.
    for (const c of [pub, sub]) c.on('error', (err: Error) => log.debug({ err }, 'redis connection error'));
    /** Since when the subscriber has been away. */
    let downSince: number | null = null;
    sub.on('close', () => {
      downSince ??= Date.now();
    });
    sub.on('ready', () => {
      if (downSince === null) return;
      const since = downSince;
      downSince = null;
      log.warn(`redis back after ${Date.now() - since} ms: replaying to local sockets`);
      onRedisBack(since);
    });
    io.adapter(createAdapter(pub, sub, { key: `${config.REDIS_PREFIX}socket.io`, requestsTimeout: 3000 }));
    redis = { pub, sub };
  }

  return {
    io,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
