import { memberRoom } from '@majlis/contracts/socket-rooms';
import type { Actor } from '@majlis/core/auth/actor';
import { notifyAwayReaders } from '@majlis/core/chat/notify-unread';
import type { ChatMessage } from '@majlis/core/chat/send-message';
import { logger } from '@majlis/core/log';
import type { Runtime } from '@majlis/core/runtime';
import { type IoServer, type IoSocket, localSockets } from './io.ts';

const log = logger.child({ module: 'chat-notify' });

/**
 * Which of these users are in the chat of an account (a socket there said addUser), asked of every instance at once:
 * one round trip for a message's readers, not one per reader.
 */
type WhoIsHere = (accountId: string, userIds: string[]) => Promise<Set<string>>;

const probes = new WeakMap<Runtime, WhoIsHere>();
const presences = new WeakMap<Runtime, (accountId: string) => ReadonlySet<string> | null>();

/**
 * Who of an account is in the chat, as this instance knows from presence (shared over the bus); null when it has
 * not heard of the account yet. A send that has it makes the away check in the statement that stores the message.
 */
export function chatPresence(runtime: Runtime, accountId: string): ReadonlySet<string> | undefined {
  return presences.get(runtime)?.(accountId) ?? undefined;
}

/** attachRealtime registers how this process asks who is in the chat; without it (no socket server) all are away. */
export function registerChatPresence(
  runtime: Runtime,
  io: IoServer,
  known: (accountId: string) => ReadonlySet<string> | null,
) {
  presences.set(runtime, known);
  probes.set(runtime, async (accountId, userIds) => {
    // What presence last computed (any instance's, shared over the bus): no round trip to the other instances.
    const online = known(accountId);
    if (online) return new Set(userIds.filter((id) => online.has(id)));
    const rooms = userIds.map((userId) => memberRoom(accountId, userId));
    const here = (sockets: { data: IoSocket['data'] }[]) =>
      new Set(sockets.filter((s) => s.data.online).map((s) => s.data.actor.userId));
    try {
      return here(await io.in(rooms).fetchSockets());
    } catch (err) {
      // Another instance did not answer in time: this instance's view is the best there is.
      log.warn({ err }, 'chat presence from this instance only');
      return here(localSockets(io, rooms));
    }
  });
}

/**
 * After a new message (socket or HTTP): its readers who are not in the chat anywhere get one notification per
 * conversation (collapsed while unread). Off the sender's path: the send answers first; a failure is logged.
 */
export function notifyAwayLater(
  runtime: Runtime,
  actor: Actor,
  message: ChatMessage,
  /** The readers away, when the send found them already (sendMessage with `here`). */
  away?: string[],
): Promise<void> {
  if (away && !away.length) return Promise.resolve();
  const probe = probes.get(runtime);
  const whoIsHere = away
    ? { away }
    : probe
      ? (userIds: string[]) => probe(actor.accountId, userIds)
      : async () => new Set<string>();
  return notifyAwayReaders(runtime, actor, message, whoIsHere).then(
    () => undefined,
    (err: unknown) => log.error({ err, messageId: message.id }, 'chat notification failed'),
  );
}
