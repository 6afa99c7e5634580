import type { ChatMessage } from '@majlis/contracts/chat';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
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
import { fromRecord, type MessageRecord, toChatMessage } from './send-message.ts';

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

/** Who sent a message, as a notification names them. */
type Sender = Pick<Actor, 'userId' | 'accountId' | 'fname' | 'lname'>;

/** One stored message and its readers who are away. */
export interface AwayNote {
  actor: Sender;
  message: ChatMessage;
  away: string[];
}

type AwayRuntime = { db: Db; bus?: EventBus | undefined; chatPresence?: ChatPresence | undefined };

/** How long a batch gathers after a send before it is written: a busy second's notifications cost a few statements. */
export const AWAY_BATCH_MS = 100;
/**
 * How often each instance looks for messages no one has told yet (their instance was killed between storing and
 * telling, or the send came from a process without a notifier): at most this late.
 */
export const AWAY_SWEEP_MS = 1000;
/** Messages taken per batch. */
const AWAY_BATCH_MESSAGES = 1000;
/** Rows per upsert statement (bounded parameters; a batch of many conversations takes several). */
const UPSERT_ROWS = 500;

/**
 * After a new message (socket or HTTP): its readers who are not in the chat anywhere get one notification per
 * conversation (collapsed while unread). The send wrote the message to chat_away_pending in the statement that stored
 * it (send-message.ts) when a reader of it was not known to be in the chat; this only hastens this process's next
 * batch. Off the sender's path: the send is answered at once; the batch is written later, one at a time per process,
 * so the notifications never take the database connections the sends need.
 */
export function notifyAwayLater(rt: AwayRuntime, _actor: Actor, _message: ChatMessage, away?: string[]): void {
  if (away && !away.length) return;
  notifierOf(rt).soon();
}

/** Settles once nothing is waiting to be told (tests, graceful stop): every pending message is written. */
export function drainAwayNotifications(rt: AwayRuntime): Promise<void> {
  return notifierOf(rt).drain();
}

/**
 * Starts this process's sweep for messages left untold (the BFF, which knows who is in the chat). Answers a stop that
 * settles once the batch running, if any, is done.
 */
export function startAwayNotifications(rt: AwayRuntime): () => Promise<void> {
  const notifier = notifierOf(rt);
  const timer = setInterval(() => notifier.soon(0), AWAY_SWEEP_MS);
  timer.unref?.();
  return () => {
    clearInterval(timer);
    return notifier.stop();
  };
}

/**
 * Stops the runtime's batches (its close): a send's batch due after the database closed would fail on it (a runtime
 * without the socket server's sweep, as the tests start some).
 */
export function stopAwayNotifications(rt: object): Promise<void> {
  return notifiers.get(rt)?.stop() ?? Promise.resolve();
}

const notifiers = new WeakMap<object, ReturnType<typeof createNotifier>>();

function notifierOf(rt: AwayRuntime) {
  let notifier = notifiers.get(rt);
  if (!notifier) {
    notifier = createNotifier(rt);
    notifiers.set(rt, notifier);
  }
  return notifier;
}

/** One batch at a time per process; a batch that took a full one runs again at once. */
function createNotifier(rt: AwayRuntime) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = () => {
    timer = null;
    again = false;
    running = (async () => {
      for (;;) {
        const taken = await flushAwayNotifications(rt);
        if (taken < AWAY_BATCH_MESSAGES || stopped) break;
      }
    })()
      .catch((err: unknown) => log.error({ err }, 'chat notifications failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) soon();
      });
  };
  const soon = (delay = AWAY_BATCH_MS) => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (!timer) {
      timer = setTimeout(run, delay);
      timer.unref?.();
    }
  };
  return {
    soon,
    async drain(): Promise<void> {
      for (;;) {
        if (running) await running;
        if (timer) {
          clearTimeout(timer);
          timer = null;
        }
        if ((await flushAwayNotifications(rt)) === 0 && !running) return;
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

interface PendingRecord extends MessageRecord {
  fname: string;
  lname: string;
  readers: string[] | null;
}

/**
 * One batch: takes messages waiting to be told (skipping those another instance holds), decides who of their readers
 * is away (the readers the send did not know to be in the chat, less those in it now: known locally, asked once per
 * account when not), writes their notifications and deletes what it took, all in one transaction; then publishes the
 * new notifications. Killed half-way, the transaction is undone and another instance takes the same messages: each is
 * told once. Answers how many messages it took.
 */
export async function flushAwayNotifications(rt: AwayRuntime): Promise<number> {
  const { taken, created } = await rt.db.transaction(async (tx) => {
    const rows = await queryRows<PendingRecord>(
      tx,
      sql`with taken as (
            delete from chat_away_pending where message_id in (
              select message_id from chat_away_pending order by message_id
              limit ${AWAY_BATCH_MESSAGES} for update skip locked)
            returning message_id)
          select m.*, us.fname, us.lname,
            array(select u.user_id::text from unread_messages u
                  where u.message_id = m.id and u.digested_at is null) as readers
          from taken t join messages m on m.id = t.message_id join users us on us.id = m.sender_id
          order by m.id`,
    );
    if (!rows.length) return { taken: 0, created: [] as NotificationRow[] };
    const byAccount = new Map<string, PendingRecord[]>();
    for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r]);
    const notes: AwayNote[] = [];
    /** Readers in the chat now: they see it there, and need no digest e-mail of it later (jobs/chat-digest.ts). */
    const seen: { messageId: number; userId: string }[] = [];
    for (const [accountId, group] of byAccount) {
      const readers = [...new Set(group.flatMap((r) => r.readers ?? []))];
      if (!readers.length) continue;
      const here = await whoIsHere(rt.chatPresence, accountId, readers);
      for (const r of group) {
        const message = toChatMessage(fromRecord(r));
        const split = splitReaders(r.readers ?? [], here);
        for (const userId of split.here) seen.push({ messageId: message.id, userId });
        if (split.away.length) {
          notes.push({
            actor: { userId: r.sender_id, accountId: r.account_id, fname: r.fname, lname: r.lname },
            message,
            away: split.away,
          });
        }
      }
    }
    if (seen.length) {
      seen.sort((a, b) => a.messageId - b.messageId || a.userId.localeCompare(b.userId));
      await tx.execute(
        sql`update unread_messages u set digested_at = now()
            from unnest(${`{${seen.map((s) => s.messageId).join(',')}}`}::bigint[],
                        ${`{${seen.map((s) => s.userId).join(',')}}`}::uuid[]) as s(message_id, user_id)
            where u.message_id = s.message_id and u.user_id = s.user_id and u.digested_at is null`,
      );
    }
    return { taken: rows.length, created: await writeAwayNotifications(tx, notes) };
  });
  if (rt.bus) for (const notification of created) await publishNotification(rt.bus, notification);
  return taken;
}

/**
 * Writes the "while away" notifications of many messages at once: per conversation and reader one notification,
 * counting every message they were away for and quoting the newest of them not their own; a few statements whatever
 * the number of messages. Rows are written in one order (reader, conversation), so two instances writing batches that
 * share rows wait for each other instead of deadlocking. Answers how many notifications were created (not collapsed).
 */
export async function notifyAwayBatch(rt: { db: Db; bus?: EventBus | undefined }, notes: AwayNote[]): Promise<number> {
  const created = await writeAwayNotifications(rt.db, notes);
  if (rt.bus) for (const notification of created) await publishNotification(rt.bus, notification);
  return created.length;
}

/** The writing of notifyAwayBatch, in a transaction or not: answers the notifications created (to be published). */
async function writeAwayNotifications(db: Db | Tx, notes: AwayNote[]): Promise<NotificationRow[]> {
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
  if (!per.size) return [];
  const entries = [...per.values()];
  const teamIds = [...new Set(entries.flatMap((e) => (e.note.message.teamId ? [e.note.message.teamId] : [])))];
  const senderIds = [...new Set(entries.map((e) => e.note.actor.userId))];
  const teamNames = new Map(
    teamIds.length
      ? (await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds))).map((t) => [
          t.id,
          t.name,
        ])
      : [],
  );
  // The pictures as they are now (a socket's actor is read at connection).
  const pictures = new Map(
    (await db.select({ id: users.id, picture: users.picture }).from(users).where(inArray(users.id, senderIds))).map(
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
  const created: NotificationRow[] = [];
  for (let i = 0; i < rows.length; i += UPSERT_ROWS) {
    const written = await db
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
      if (inserted) created.push(notification);
    }
  }
  return created;
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
function awayTidings(actor: Sender, message: ChatMessage, team: string, pictures: Map<string, string | null>) {
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
