import type { OnlineUser } from '@majlis/contracts/realtime';
import { accountRoom } from '@majlis/contracts/socket-rooms';
import type { Logger } from '@majlis/core/log';
import { type IoServer, localSockets, type SocketData } from './io.ts';

/** Presence is recomputed at most once per this window per account, however many sockets come and go in it. */
const COALESCE_MS = 50;

export type Presence = ReturnType<typeof createPresence>;

/**
 * Online users of an account (spec §3 getUsers): the users whose sockets said addUser, on every instance. A burst of
 * connects and disconnects (a reload, a deploy) costs one cross-instance fetchSockets per account, not one per socket.
 */
export function createPresence(io: IoServer, log: Logger) {
  const pending = new Map<string, Promise<OnlineUser[]>>();
  let closed = false;

  async function compute(accountId: string): Promise<OnlineUser[]> {
    const room = accountRoom(accountId);
    let sockets: { data: Partial<SocketData> }[];
    try {
      sockets = await io.in(room).fetchSockets();
    } catch (err) {
      // Another instance did not answer in time (Redis away): this instance's view is the best there is.
      log.warn({ accountId, err }, 'presence from this instance only');
      sockets = localSockets(io, [room]);
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

  return {
    /** Recomputes the online users of an account (all instances) and sends getUsers to it; coalesced per account. */
    presence(accountId: string): Promise<OnlineUser[]> {
      if (closed) return Promise.resolve([]);
      const existing = pending.get(accountId);
      if (existing) return existing;
      const run = new Promise<void>((resolve) => setTimeout(resolve, COALESCE_MS))
        .then(() => {
          pending.delete(accountId);
          return closed ? [] : compute(accountId);
        })
        .catch((err: Error) => {
          pending.delete(accountId);
          log.error({ err }, 'presence failed');
          return [];
        });
      pending.set(accountId, run);
      return run;
    },
    /** At shutdown: a pending recomputation answers empty instead of asking a closing server. */
    close() {
      closed = true;
    },
  };
}
