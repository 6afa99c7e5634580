import type { OnlineUser } from '@majlis/contracts/realtime';
import { accountRoom, memberRoom } from '@majlis/contracts/socket-rooms';
import type { ChatPresence } from '@majlis/core/chat/away';
import type { EventBus } from '@majlis/core/events/bus';
import type { Logger } from '@majlis/core/log';
import { type IoServer, localSockets, type SocketData } from './io.ts';

/** Presence is recomputed at most once per this window per account, however many sockets come and go in it. */
const COALESCE_MS = 50;
/**
 * A known presence older than this is computed again (in the background) when a message asks for it: a socket of an
 * instance that was killed goes without a disconnect anyone hears, so what that instance said of it lapses here.
 */
export const PRESENCE_TTL_MS = 30_000;

export type Presence = ReturnType<typeof createPresence>;

/** Bus topic: an instance computed an account's online users; every instance keeps the newest (issue 14). */
const PRESENCE_TOPIC = 'chat.presence';
interface PresenceEvent {
  type: typeof PRESENCE_TOPIC;
  accountId: string;
  userIds: string[];
  at: number;
  [key: string]: unknown;
}

/**
 * Online users of an account (spec §3 getUsers): the users whose sockets said addUser, on every instance. A burst of
 * connects and disconnects (a reload, a deploy) costs one cross-instance fetchSockets per account, not one per socket.
 * Each result is shared over the bus, so every instance knows who is in the chat without asking the others: a chat
 * message's away check (core's chat/away.ts) read fetchSockets across instances for every message, the chat's dearest step.
 */
export function createPresence(io: IoServer, log: Logger, bus: EventBus) {
  const pending = new Map<string, Promise<OnlineUser[]>>();
  /** The newest online users known per account (from any instance's computation), with when it was computed. */
  const known = new Map<string, { userIds: Set<string>; at: number }>();
  let closed = false;
  const learn = (accountId: string, userIds: string[], at: number) => {
    const had = known.get(accountId);
    if (!had || had.at <= at) known.set(accountId, { userIds: new Set(userIds), at });
  };
  const unsubscribe = bus.subscribe(PRESENCE_TOPIC, (event) => {
    const e = event as PresenceEvent;
    learn(e.accountId, e.userIds, e.at);
  });

  async function compute(accountId: string, announce = true): Promise<OnlineUser[]> {
    const room = accountRoom(accountId);
    const at = Date.now();
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
    const userIds = list.map((u) => u.userId);
    learn(accountId, userIds, at);
    const event: PresenceEvent = { type: PRESENCE_TOPIC, accountId, userIds, at };
    // Shared before the users are told: whoever sees the new list can count on every instance knowing it.
    await bus.publish(PRESENCE_TOPIC, event).catch((err: unknown) => log.warn({ err }, 'presence not shared'));
    if (announce) io.to(room).emit('getUsers', list);
    return list;
  }

  /** Recomputes, coalesced per account; `announce` also tells the account's sockets (getUsers). */
  function coalesced(waiting: Map<string, Promise<OnlineUser[]>>, accountId: string, announce: boolean) {
    if (closed) return Promise.resolve([]);
    const existing = waiting.get(accountId);
    if (existing) return existing;
    const run = new Promise<void>((resolve) => setTimeout(resolve, COALESCE_MS))
      .then(() => {
        waiting.delete(accountId);
        return closed ? [] : compute(accountId, announce);
      })
      .catch((err: Error) => {
        waiting.delete(accountId);
        log.error({ err }, 'presence failed');
        return [];
      });
    waiting.set(accountId, run);
    return run;
  }
  /** Background recomputations asked by messages (not announced: nothing changed that the users would see). */
  const learning = new Map<string, Promise<OnlineUser[]>>();

  return {
    /** Recomputes the online users of an account (all instances) and sends getUsers to it; coalesced per account. */
    presence(accountId: string): Promise<OnlineUser[]> {
      return coalesced(pending, accountId, true);
    },
    /** Who is in the chat, as core's away decision asks it (registered on the runtime by attachRealtime). */
    chat: {
      /**
       * Who of an account is in the chat, as last computed by any instance, without asking anyone: a message costs no
       * round trip. Null when this instance has not heard of the account since it started: then it is computed once
       * in the background (every instance learns it), and until then the caller asks (once per batch, not per
       * message). One older than PRESENCE_TTL_MS is used and computed again in the background.
       */
      known: (accountId) => {
        const had = known.get(accountId);
        if (!had || Date.now() - had.at > PRESENCE_TTL_MS) void coalesced(learning, accountId, false);
        return had?.userIds ?? null;
      },
      async ask(accountId, userIds) {
        const rooms = userIds.map((userId) => memberRoom(accountId, userId));
        const here = (sockets: { data: Partial<SocketData> }[]) =>
          new Set(sockets.flatMap((s) => (s.data.online && s.data.actor ? [s.data.actor.userId] : [])));
        try {
          return here(await io.in(rooms).fetchSockets());
        } catch (err) {
          // Another instance did not answer in time: this instance's view is the best there is.
          log.warn({ err }, 'chat presence from this instance only');
          return here(localSockets(io, rooms));
        }
      },
    } satisfies ChatPresence,
    /** At shutdown: a pending recomputation answers empty instead of asking a closing server. */
    close() {
      closed = true;
      unsubscribe();
    },
  };
}
