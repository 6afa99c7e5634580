import { NOTIFICATION_MAX_PAGE, NOTIFICATION_PAGE, type NotificationView } from '@majlis/contracts/notifications';
import { type DigitStyle, formatDateTime, type Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import { decideNotification, lifeOf } from '@majlis/machines';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { notifications, users } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { readRoomValues } from '../wording/room-name.ts';

const log = logger.child({ module: 'notifications' });

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationType = NotificationRow['type'];

/** Spec §3 Notification as a reader sees it: title and message rendered in the reader's language. */
export type { NotificationView };

/** Bus topic of new notifications; each instance pushes them to its own sockets of that user and account. */
export const NOTIFICATION_TOPIC = 'notification.created';
export interface NotificationEvent {
  type: typeof NOTIFICATION_TOPIC;
  accountId: string;
  userId: string;
  notification: NotificationRow;
  [key: string]: unknown;
}

/**
 * The only HTML a notification's catalog template may carry (spec: message rendered as HTML). Links get a safe rel.
 * Values never reach this as markup: they are escaped first (renderNotification).
 */
const ALLOWED: sanitizeHtml.IOptions = {
  // bdi isolates a name or number in the other direction (DESIGN §11), so punctuation stays where it belongs.
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'a', 'ul', 'ol', 'li', 'bdi'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/**
 * Escapes text for HTML content and quoted attribute values. Hand-written (one regexp) rather than a dependency:
 * the only escaper in the tree (`entities`) comes in transitively through sanitize-html.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] as string);
}

/**
 * Values are data (meeting, team and user names, chat text): whatever they hold is shown as text. Sanitising them with
 * the template's allow-list (as before) let a meeting named `<a href=…>` arrive as a working link in an invitee's
 * notification in another institution. Numbers are left to the catalog's number formatting.
 */
function escapeValues(values: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? escapeHtml(v) : v]));
}

function cleanMeta(meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta)) {
    if (k === 'senderPic') {
      if (typeof v === 'string' && /^(https?:\/\/|\/(?!\/))[^\s"'<>]*$/i.test(v)) out[k] = v;
    } else if (typeof v === 'string') out[k] = sanitizeHtml(v, { allowedTags: [], allowedAttributes: {} });
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) out[k] = v;
  }
  return out;
}

export interface NewNotification {
  accountId: string;
  userId: string;
  type: NotificationType;
  /** Catalog ids (server.po) of the title and the message, rendered when read. */
  titleId: string;
  messageId: string;
  values?: Record<string, string | number>;
  /** Same key → same notification: a retried job creates nothing twice. */
  dedupeKey?: string;
  /**
   * Same key while the notification is unread → that one is updated (values, time, count + 1) instead of another
   * being added: a chat conversation, a write a user can repeat. Not together with dedupeKey.
   */
  collapseKey?: string;
  sourceType?: string;
  eventMeta?: Record<string, unknown>;
}

/** The stored row of a new notification (one place for createNotification and the jobs' batched insert). */
export function notificationRow(input: NewNotification) {
  return {
    accountId: input.accountId,
    userId: input.userId,
    type: input.type,
    titleId: input.titleId,
    messageId: input.messageId,
    // Stored as given; escaped when rendered, in whichever context (HTML message, plain-text title).
    values: input.values ?? {},
    sourceType: input.sourceType ?? null,
    eventMeta: cleanMeta(input.eventMeta ?? {}),
    dedupeKey: input.dedupeKey ?? null,
    collapseKey: input.collapseKey ?? null,
    webPushPending: WEB_PUSH_TITLES.has(input.titleId),
  };
}

/**
 * The notifications that also go to the user's devices as a Web Push (issue 31, the worker sends them: web-push.ts):
 * what must reach a person who has no Majlis tab open. A chat collapses per conversation (createNotification), so a
 * conversation pushes once until it is read.
 */
export const WEB_PUSH_TITLES: ReadonlySet<string> = new Set([
  'notif.meeting.reminder.title',
  'notif.chat.title',
  'notif.payment.failed.title',
  // a subscription ending and ended: a room's, a trial's, the institution's month
  'notif.subscription.renewal.title',
  'notif.subscription.expired.title',
  'notif.trial.ending.title',
  'notif.trial.expired.title',
  'notif.institution.renewal.title',
  'notif.institution.expired.title',
]);

/**
 * Stores a notification (idempotent on dedupeKey), then, when it is new and a bus is given, publishes it so every
 * instance pushes a `notification` event to that user's sockets in that account.
 */
export async function createNotification(
  db: Db,
  input: NewNotification,
  opts: { bus?: EventBus } = {},
): Promise<{ notification: NotificationRow; created: boolean }> {
  const row = notificationRow(input);
  const insert = db.insert(notifications).values(row);
  const [inserted] = input.collapseKey
    ? await insert
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.accountId, notifications.collapseKey],
          targetWhere: sql`${notifications.read} = false and ${notifications.dismissedAt} is null`,
          set: {
            type: row.type,
            titleId: row.titleId,
            messageId: row.messageId,
            values: row.values,
            sourceType: row.sourceType,
            eventMeta: row.eventMeta,
            count: sql`${notifications.count} + 1`,
            createdAt: sql`now()`,
          },
        })
        .returning()
    : await insert.onConflictDoNothing().returning();
  // Collapsed into the unread one: stored, not new (the reader's list shows it updated; no second push).
  if (inserted && inserted.count > 1) return { notification: inserted, created: false };
  if (!inserted) {
    if (!input.dedupeKey) throw new Error('notification insert returned nothing');
    const [existing] = await db.select().from(notifications).where(eq(notifications.dedupeKey, input.dedupeKey));
    if (!existing) throw new Error('deduplicated notification vanished');
    return { notification: existing, created: false };
  }
  if (opts.bus) {
    const event: NotificationEvent = {
      type: NOTIFICATION_TOPIC,
      accountId: inserted.accountId,
      userId: inserted.userId,
      notification: inserted,
    };
    // Stored is what counts: a client that missed the push gets it by replay (lastNotificationId) or GET.
    await opts.bus.publish(NOTIFICATION_TOPIC, event).catch((err: unknown) => {
      log.warn({ err, notificationId: inserted.id }, 'notification stored, not published');
    });
  }
  return { notification: inserted, created: true };
}

/**
 * Renders in the reader's language. The message is the catalog template's markup with escaped values, then passed
 * through the allow-list (defence in depth, and rel="noopener noreferrer" on the template's links). The title is plain
 * text (titles hold no markup) with the values as given: the client renders it as text, so nothing is escaped twice.
 * Numbers take the reader's digit style when it is known (their profile's).
 */
export function renderNotification(row: NotificationRow, locale: Locale, digits?: DigitStyle | null): NotificationView {
  const createdAt = row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt);
  // A moment stored as an instant and its zone ('at', 'timeZone') is written in the reader's language and digits, with
  // the zone named, as `when`: a meeting moved says to when, whoever reads it.
  // A room the product named is named in the reader's language (issue 26: rooms/room-name.ts).
  const values = readRoomValues(row.values, locale);
  const { at, timeZone } = values;
  const when: Record<string, string> =
    typeof at === 'string' && typeof timeZone === 'string' && !Number.isNaN(Date.parse(at))
      ? { when: formatDateTime(locale, new Date(at), timeZone, undefined, digits) }
      : {};
  return {
    _id: String(row.id),
    id: row.id,
    type: row.type,
    title: t(locale, row.titleId, { count: row.count, ...values, ...when }, digits),
    message: sanitizeNotificationHtml(
      t(locale, row.messageId, { count: row.count, ...escapeValues(values), ...when }, digits),
    ),
    source_type: row.sourceType,
    event_meta: row.eventMeta,
    createdAt: createdAt.toISOString(),
    read: row.read,
  };
}

const mine = (actor: Actor) =>
  and(
    eq(notifications.userId, actor.userId),
    eq(notifications.accountId, actor.accountId),
    isNull(notifications.dismissedAt),
  );

/** The actor's notifications that are not dismissed, newest first; `after` gives those after a stream id, oldest first. */
export async function listNotifications(
  db: Db,
  actor: Actor,
  locale: Locale,
  opts: { after?: number; limit?: number } = {},
): Promise<NotificationView[]> {
  const limit = Math.min(Math.max(opts.limit ?? NOTIFICATION_PAGE, 1), NOTIFICATION_MAX_PAGE);
  const rows =
    opts.after !== undefined
      ? await db
          .select()
          .from(notifications)
          .where(and(mine(actor), gt(notifications.id, opts.after)))
          .orderBy(asc(notifications.id))
          .limit(limit)
      : await db.select().from(notifications).where(mine(actor)).orderBy(desc(notifications.id)).limit(limit);
  const digits =
    actor.digits !== undefined
      ? actor.digits
      : (await db.select({ digits: users.digits }).from(users).where(eq(users.id, actor.userId)))[0]?.digits;
  return rows.map((r) => renderNotification(r, locale, digits));
}

/**
 * Bus topic of a change on one device that every other device of the user must follow (issue 17): a dismissal
 * (`dismissed`: its id) or read-all (`read`). Each instance tells its own sockets of that user in that account.
 */
export const NOTIFICATION_CHANGED_TOPIC = 'notification.changed';
export interface NotificationChangedEvent {
  type: typeof NOTIFICATION_CHANGED_TOPIC;
  accountId: string;
  userId: string;
  dismissed?: number;
  read?: true;
  [key: string]: unknown;
}

/** What the notification services need: the database, and the bus to tell the user's other devices (if any). */
export interface NotificationsRuntime {
  db: Db;
  bus?: EventBus;
}

async function publishChange(bus: EventBus | undefined, actor: Actor, change: { dismissed?: number; read?: true }) {
  if (!bus) return;
  const event: NotificationChangedEvent = {
    type: NOTIFICATION_CHANGED_TOPIC,
    accountId: actor.accountId,
    userId: actor.userId,
    ...change,
  };
  // Stored is what counts: another device that missed this reads the list again when its drawer opens.
  await bus.publish(NOTIFICATION_CHANGED_TOPIC, event).catch((err: unknown) => {
    log.warn({ err, ...change }, 'notification change stored, not published');
  });
}

const READ_SLICE = 5000;

const own = (actor: Actor) => and(eq(notifications.userId, actor.userId), eq(notifications.accountId, actor.accountId));

/**
 * Spec §4: dismissing removes it from the list, on every device of the user. The notification life chart decides:
 * another user's id, or one dismissed already, answers 404.
 */
export async function dismissNotification(rt: NotificationsRuntime, actor: Actor, id: number): Promise<void> {
  const [row] = await rt.db
    .select({ read: notifications.read, dismissedAt: notifications.dismissedAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), own(actor)));
  if (!row || decideNotification(lifeOf(row), { type: 'notification.dismiss' }) !== 'dismissed') throw notFound();
  // Still not dismissed when written: of two dismissals at once, one wins and the other answers 404.
  const [done] = await rt.db
    .update(notifications)
    .set({ dismissedAt: new Date(), read: true })
    .where(and(eq(notifications.id, id), mine(actor)))
    .returning({ id: notifications.id });
  if (!done) throw notFound();
  await publishChange(rt.bus, actor, { dismissed: id });
}

/**
 * Marks every notification of the actor read, as the life chart allows (not a dismissed one); answers how many were
 * unread. The user's other devices are told, so their badges agree.
 */
export async function markNotificationsRead(rt: NotificationsRuntime, actor: Actor): Promise<number> {
  const unread = await rt.db
    .select({ id: notifications.id, read: notifications.read, dismissedAt: notifications.dismissedAt })
    .from(notifications)
    .where(and(own(actor), eq(notifications.read, false)));
  const ids = unread
    .filter((row) => decideNotification(lifeOf(row), { type: 'notification.read' }) === 'read')
    .map((row) => row.id);
  let count = 0;
  // In slices: a statement's parameters are bounded (PostgreSQL: 65,535).
  for (let i = 0; i < ids.length; i += READ_SLICE) {
    const rows = await rt.db
      .update(notifications)
      .set({ read: true })
      .where(and(inArray(notifications.id, ids.slice(i, i + READ_SLICE)), mine(actor), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    count += rows.length;
  }
  await publishChange(rt.bus, actor, { read: true });
  return count;
}
