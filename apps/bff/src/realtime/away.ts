import { memberRoom } from '@majlis/contracts/socket-rooms';
import type { Actor } from '@majlis/core/auth/actor';
import { notifyAwayReaders } from '@majlis/core/chat/notify-unread';
import type { ChatMessage } from '@majlis/core/chat/send-message';
import { logger } from '@majlis/core/log';
import type { Runtime } from '@majlis/core/runtime';
import { type IoServer, localSockets } from './io.ts';

const log = logger.child({ module: 'chat-notify' });

/** Whether a user is in the chat of an account (a socket there said addUser), asked of every instance. */
type IsHere = (accountId: string, userId: string) => Promise<boolean>;

const probes = new WeakMap<Runtime, IsHere>();

/** attachRealtime registers how this process asks who is in the chat; without it (no socket server) all are away. */
export function registerChatPresence(runtime: Runtime, io: IoServer) {
  probes.set(runtime, async (accountId, userId) => {
    const room = memberRoom(accountId, userId);
    try {
      return (await io.in(room).fetchSockets()).some((s) => s.data.online);
    } catch (err) {
      // Another instance did not answer in time: this instance's view is the best there is.
      log.warn({ err }, 'chat presence from this instance only');
      return localSockets(io, [room]).some((s) => s.data.online);
    }
  });
}

/**
 * After a new message (socket or HTTP): its readers who are not in the chat anywhere get one notification per
 * conversation (collapsed while unread). Off the sender's path: the send answers first; a failure is logged.
 */
export function notifyAwayLater(runtime: Runtime, actor: Actor, message: ChatMessage): Promise<void> {
  const probe = probes.get(runtime);
  const isHere = probe ? (userId: string) => probe(actor.accountId, userId) : async () => false;
  return notifyAwayReaders(runtime, actor, message, isHere).then(
    () => undefined,
    (err: unknown) => log.error({ err, messageId: message.id }, 'chat notification failed'),
  );
}
