import type { ChatMessage } from '@majlis/contracts/chat';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { notifications, teams, unreadMessages, users } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import {
  NOTIFICATION_TOPIC,
  type NotificationEvent,
  type NotificationRow,
  notificationRow,
} from '../notifications/notifications.ts';
import { actorName, chatLink } from '../notifications/notify-users.ts';
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
  return notifyAwayBatch(rt, [{ actor, message, away }]);
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

/** One stored message and its readers who were away when it was stored (none known: `away` absent, asked later). */
interface AwayItem {
  actor: Actor;
  message: ChatMessage;
  away?: string[];
}
export type AwayNote = Required<AwayItem>;

type AwayRuntime = { db: Db; bus?: EventBus | undefined; chatPresence?: ChatPresence | undefined };

/** How long a batch gathers before it is written: the notifications of a busy second cost a few statements. */
export const AWAY_BATCH_MS = 100;
/** Rows per upsert statement (bounded parameters; a batch of many conversations takes several). */
const UPSERT_ROWS = 500;

/**
 * After a new message (socket or HTTP): its readers who are not in the chat anywhere get one notification per
 * conversation (collapsed while unread). `away` is given when the send decided it already (sendMessage with `here`);
 * otherwise the process's chat presence is asked, and without one every reader is away. Off the sender's path: the
 * message is queued and the send answers at once; the queue is written in batches, one at a time per process, so the
 * notifications never take the database connections the sends need. A failure is logged.
 */
export function notifyAwayLater(rt: AwayRuntime, actor: Actor, message: ChatMessage, away?: string[]): Promise<void> {
  if (away && !away.length) return Promise.resolve();
  awayQueueOf(rt).add(away ? { actor, message, away } : { actor, message });
  return Promise.resolve();
}

/** Settles once the process's queued "while away" notifications are written (tests, graceful stop). */
export function drainAwayNotifications(rt: AwayRuntime): Promise<void> {
  return awayQueueOf(rt).drain();
}

const queues = new WeakMap<object, ReturnType<typeof createAwayQueue>>();

function awayQueueOf(rt: AwayRuntime) {
  let queue = queues.get(rt);
  if (!queue) {
    queue = createAwayQueue(rt);
    queues.set(rt, queue);
  }
  return queue;
}

function createAwayQueue(rt: AwayRuntime) {
  let waiting: AwayItem[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let idle: (() => void)[] = [];

  const schedule = () => {
    if (timer || running) return;
    timer = setTimeout(run, AWAY_BATCH_MS);
    timer.unref?.();
  };
  const run = () => {
    timer = null;
    const items = waiting;
    waiting = [];
    running = writeAway(rt, items)
      .catch((err: unknown) => log.error({ err, messages: items.length }, 'chat notification failed'))
      .finally(() => {
        running = null;
        if (waiting.length) schedule();
        else {
          for (const done of idle) done();
          idle = [];
        }
      });
  };
  return {
    add(item: AwayItem) {
      waiting.push(item);
      schedule();
    },
    drain(): Promise<void> {
      if (!waiting.length && !running && !timer) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

/** A batch: the readers not decided at send are decided now (one read and one ask per account), then written. */
async function writeAway(rt: AwayRuntime, items: AwayItem[]): Promise<void> {
  const notes: AwayNote[] = [];
  const undecided = items.filter((i) => !i.away);
  for (const i of items) if (i.away) notes.push(i as AwayNote);
  if (undecided.length) {
    const rows = await rt.db
      .select({ userId: unreadMessages.userId, messageId: unreadMessages.messageId })
      .from(unreadMessages)
      .where(
        inArray(
          unreadMessages.messageId,
          undecided.map((i) => i.message.id),
        ),
      );
    const readersOf = new Map<number, string[]>();
    for (const r of rows) readersOf.set(r.messageId, [...(readersOf.get(r.messageId) ?? []), r.userId]);
    const byAccount = new Map<string, AwayItem[]>();
    for (const i of undecided) byAccount.set(i.actor.accountId, [...(byAccount.get(i.actor.accountId) ?? []), i]);
    for (const [accountId, group] of byAccount) {
      const readers = [...new Set(group.flatMap((i) => readersOf.get(i.message.id) ?? []))];
      if (!readers.length) continue;
      const here = await whoIsHere(rt.chatPresence, accountId, readers);
      for (const i of group) {
        const split = splitReaders(readersOf.get(i.message.id) ?? [], here);
        // Readers in the chat when it arrived see it there: no digest e-mail for it later (jobs/chat-digest.ts).
        if (split.here.length) {
          await rt.db
            .update(unreadMessages)
            .set({ digestedAt: new Date() })
            .where(and(eq(unreadMessages.messageId, i.message.id), inArray(unreadMessages.userId, split.here)));
        }
        if (split.away.length) notes.push({ actor: i.actor, message: i.message, away: split.away });
      }
    }
  }
  await notifyAwayBatch(rt, notes);
}

/**
 * Writes the "while away" notifications of many messages at once: per conversation and reader one notification,
 * counting every message they were away for and quoting the newest of them not their own; a few statements whatever
 * the number of messages. Rows are written in one order (reader, conversation), so two instances writing batches that
 * share rows wait for each other instead of deadlocking. Answers how many notifications were created (not collapsed).
 */
export async function notifyAwayBatch(rt: { db: Db; bus?: EventBus | undefined }, notes: AwayNote[]): Promise<number> {
  /** (reader, conversation) → how many messages, and the newest. */
  const per = new Map<string, { userId: string; count: number; note: AwayNote }>();
  for (const note of notes) {
    for (const userId of new Set(note.away)) {
      if (!userId || userId === note.actor.userId) continue;
      const key = `${userId}:${note.message.conversationId}`;
      const had = per.get(key);
      if (!had) per.set(key, { userId, count: 1, note });
      else {
        had.count++;
        if (note.message.id > had.note.message.id) had.note = note;
      }
    }
  }
  if (!per.size) return 0;
  const entries = [...per.values()];
  const teamIds = [...new Set(entries.flatMap((e) => (e.note.message.teamId ? [e.note.message.teamId] : [])))];
  const senderIds = [...new Set(entries.map((e) => e.note.actor.userId))];
  const teamNames = new Map(
    teamIds.length
      ? (await rt.db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds))).map(
          (t) => [t.id, t.name],
        )
      : [],
  );
  // The pictures as they are now (a socket's actor is read at connection).
  const pictures = new Map(
    (await rt.db.select({ id: users.id, picture: users.picture }).from(users).where(inArray(users.id, senderIds))).map(
      (u) => [u.id, u.picture],
    ),
  );
  const rows = entries
    .map((e) => ({
      ...notificationRow({
        ...awayTidings(e.note.actor, e.note.message, teamNames.get(e.note.message.teamId ?? '') ?? '', pictures),
        accountId: e.note.actor.accountId,
        userId: e.userId,
        collapseKey: `chat:${e.note.message.conversationId}:${e.userId}`,
      }),
      count: e.count,
    }))
    .sort((a, b) =>
      a.userId === b.userId
        ? (a.collapseKey ?? '').localeCompare(b.collapseKey ?? '')
        : a.userId.localeCompare(b.userId),
    );
  let made = 0;
  for (let i = 0; i < rows.length; i += UPSERT_ROWS) {
    const written = await rt.db
      .insert(notifications)
      .values(rows.slice(i, i + UPSERT_ROWS))
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.accountId, notifications.collapseKey],
        targetWhere: sql`${notifications.read} = false and ${notifications.dismissedAt} is null`,
        set: {
          type: sql`excluded.type`,
          titleId: sql`excluded.title_id`,
          messageId: sql`excluded.message_id`,
          values: sql`excluded.values`,
          sourceType: sql`excluded.source_type`,
          eventMeta: sql`excluded.event_meta`,
          count: sql`${notifications.count} + excluded.count`,
          createdAt: sql`now()`,
        },
      })
      .returning({ ...getTableColumns(notifications), inserted: sql<boolean>`(xmax = 0)` });
    for (const { inserted, ...notification } of written) {
      // Collapsed into the unread one: stored, not new (the reader's list shows it updated; no second push).
      if (!inserted) continue;
      made++;
      if (rt.bus) await publishNotification(rt.bus, notification);
    }
  }
  return made;
}

async function publishNotification(bus: EventBus, notification: NotificationRow) {
  const event: NotificationEvent = {
    type: NOTIFICATION_TOPIC,
    accountId: notification.accountId,
    userId: notification.userId,
    notification,
  };
  // Stored is what counts: a client that missed the push gets it by replay (lastNotificationId) or GET.
  await bus.publish(NOTIFICATION_TOPIC, event).catch((err: unknown) => {
    log.warn({ err, notificationId: notification.id }, 'notification stored, not published');
  });
}

/** What a chat notification says of a message (spec §3: the sender, the last words, the conversation's link). */
function awayTidings(actor: Actor, message: ChatMessage, team: string, pictures: Map<string, string | null>) {
  const link = chatLink(message.teamId ? { teamId: message.teamId } : { userId: actor.userId });
  const text =
    message.text.length > CHAT_NOTIFICATION_QUOTE
      ? `${message.text.slice(0, CHAT_NOTIFICATION_QUOTE - 1)}…`
      : message.text;
  return {
    type: 'notif' as const,
    titleId: 'notif.chat.title',
    messageId: message.teamId ? 'notif.chat.team.message' : 'notif.chat.unread.message',
    values: { name: actorName(actor), text, link, ...(message.teamId ? { team } : {}) },
    sourceType: 'chat',
    eventMeta: {
      senderPic: pictures.get(actor.userId) ?? null,
      senderId: actor.userId,
      conversationId: message.conversationId,
      ...(message.teamId ? { teamId: message.teamId } : {}),
      link,
    },
  };
}
