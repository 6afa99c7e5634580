import type { ChatMessage } from '@majlis/contracts/chat';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { teams, unreadMessages, users } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { actorName, chatLink, notifyUsers } from '../notifications/notify-users.ts';
import { type ChatPresence, splitReaders, whoIsHere } from './away.ts';

const log = logger.child({ module: 'chat-notify' });

/** How much of the last message a chat notification quotes. */
export const CHAT_NOTIFICATION_QUOTE = 140;

/**
 * Spec §3 chat notifications: a message reaches, as a notification, the readers of its conversation who are away
 * (not among `whoIsHere`: no socket of theirs in the chat on any instance, asked once for all readers). One per conversation and reader while unread:
 * a second message updates it (count, last words, time) instead of adding another. source_type 'chat',
 * event_meta.senderPic the sender's picture. Answers how many were created.
 */
export async function notifyAwayReaders(
  rt: { db: Db; bus?: EventBus | undefined },
  actor: Actor,
  message: ChatMessage,
  whoIsHere: ((userIds: string[]) => Promise<ReadonlySet<string>>) | { away: string[] },
): Promise<number> {
  const away =
    typeof whoIsHere === 'function' ? await awayReaders(rt, message, whoIsHere) : whoIsHere.away.filter((id) => id);
  if (!away.length) return 0;
  return notifyAway(rt, actor, message, away);
}

/** The message's readers who are away, when the send did not already say (its unread records give the readers). */
async function awayReaders(
  rt: { db: Db },
  message: ChatMessage,
  whoIsHere: (userIds: string[]) => Promise<ReadonlySet<string>>,
): Promise<string[]> {
  // Its readers are those it is unread for: written with the message for everyone in the conversation but the sender
  // (one indexed read instead of the conversation and its members); one who has read it already is not away.
  const readers = (
    await rt.db
      .select({ userId: unreadMessages.userId })
      .from(unreadMessages)
      .where(eq(unreadMessages.messageId, message.id))
  ).map((r) => r.userId);
  if (!readers.length) return [];
  const { here, away } = splitReaders(readers, await whoIsHere(readers));
  // Readers in the chat when it arrived see it there: no digest e-mail for it later (issue 14, jobs/chat-digest.ts).
  if (here.length) {
    await rt.db
      .update(unreadMessages)
      .set({ digestedAt: new Date() })
      .where(and(eq(unreadMessages.messageId, message.id), inArray(unreadMessages.userId, here)));
  }
  return away;
}

/**
 * After a new message (socket or HTTP): its readers who are not in the chat anywhere get one notification per
 * conversation (collapsed while unread). `away` is given when the send decided it already (sendMessage with `here`);
 * otherwise the process's chat presence is asked, and without one every reader is away. Off the sender's path: the
 * send answers first; a failure is logged.
 */
export function notifyAwayLater(
  rt: { db: Db; bus?: EventBus | undefined; chatPresence?: ChatPresence | undefined },
  actor: Actor,
  message: ChatMessage,
  away?: string[],
): Promise<void> {
  if (away && !away.length) return Promise.resolve();
  const here = away ? { away } : (userIds: string[]) => whoIsHere(rt.chatPresence, actor.accountId, userIds);
  return notifyAwayReaders(rt, actor, message, here).then(
    () => undefined,
    (err: unknown) => log.error({ err, messageId: message.id }, 'chat notification failed'),
  );
}

async function notifyAway(
  rt: { db: Db; bus?: EventBus | undefined },
  actor: Actor,
  message: ChatMessage,
  away: string[],
) {
  let team = '';
  if (message.teamId) {
    const [row] = await rt.db.select({ name: teams.name }).from(teams).where(eq(teams.id, message.teamId));
    team = row?.name ?? '';
  }
  // The picture as it is now (a socket's actor is read at connection).
  const [sender] = await rt.db.select({ picture: users.picture }).from(users).where(eq(users.id, actor.userId));
  const link = chatLink(message.teamId ? { teamId: message.teamId } : { userId: actor.userId });
  const text =
    message.text.length > CHAT_NOTIFICATION_QUOTE
      ? `${message.text.slice(0, CHAT_NOTIFICATION_QUOTE - 1)}…`
      : message.text;
  return notifyUsers(rt, actor.userId, actor.accountId, away, {
    type: 'notif',
    titleId: 'notif.chat.title',
    messageId: message.teamId ? 'notif.chat.team.message' : 'notif.chat.unread.message',
    values: { name: actorName(actor), text, link, ...(message.teamId ? { team } : {}) },
    sourceType: 'chat',
    collapseKey: `chat:${message.conversationId}`,
    eventMeta: {
      senderPic: sender?.picture ?? null,
      senderId: actor.userId,
      conversationId: message.conversationId,
      ...(message.teamId ? { teamId: message.teamId } : {}),
      link,
    },
  });
}
