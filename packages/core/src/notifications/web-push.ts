import { createHash } from 'node:crypto';
import { PUSH_DEVICES_MAX, type PushDevice, type TPushDeviceBody } from '@majlis/contracts/push';
import type { Locale } from '@majlis/i18n';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import webpush from 'web-push';
import type { Actor } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { notifications, pushSubscriptions, users } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { logger } from '../log.ts';
import { type NotificationRow, renderNotification } from './notifications.ts';

const log = logger.child({ module: 'web-push' });

/**
 * Web Push (issue 31, RFC 8030/8291/8292 through web-push): the devices a user registered from the profile, and the
 * worker's sending of the notifications marked for it (WEB_PUSH_TITLES), each rendered in the recipient's language
 * and digits. A push service's 404 or 410 means the subscription is gone: its row is removed.
 */

const deviceView = (r: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: r.id,
  label: r.label,
  createdAt: r.createdAt.toISOString(),
  endpoint: r.endpoint,
});

/** Registers this browser for the actor (a browser that another user had registered becomes this user's). */
export async function registerPushDevice(db: Db, actor: Actor, body: TPushDeviceBody, label: string) {
  const values = {
    userId: actor.userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh.replace(/=+$/, ''),
    auth: body.keys.auth.replace(/=+$/, ''),
    label: label.slice(0, 120),
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } })
    .returning();
  // the newest PUSH_DEVICES_MAX stay
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(PUSH_DEVICES_MAX);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.userId), notInArray(pushSubscriptions.id, keep)));
  return deviceView(row as typeof pushSubscriptions.$inferSelect);
}

export async function listPushDevices(db: Db, actor: Actor): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map(deviceView);
}

/** Removes one of the actor's devices; another user's is as unknown as a missing one (404). */
export async function removePushDevice(db: Db, actor: Actor, id: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, actor.userId)))
    .returning({ id: pushSubscriptions.id });
  if (!gone.length) throw notFound();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const plain = (html: string) =>
  sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] as string)
    .trim();

/**
 * Where tapping the push leads: the notification's own link when it is ours (a chat's conversation, a reminder's join
 * page); a payment's order (its page has "pay again"); a subscription's or a trial's end, the billing page (renew now);
 * else the meetings page.
 */
export function linkOf(config: Config, row: NotificationRow): string {
  const meta = row.eventMeta as Record<string, unknown>;
  const values = row.values as Record<string, unknown>;
  const link = [meta.link, values.link].find((l): l is string => typeof l === 'string');
  if (link?.startsWith('/') && !link.startsWith('//')) return link;
  if (link?.startsWith(`${config.publicUrl}/`)) return link.slice(config.publicUrl.length);
  if (typeof meta.orderId === 'string' && /^[\w-]+$/.test(meta.orderId))
    return `/dashbord/billing/payment/${meta.orderId}`;
  if (row.sourceType === 'billing' || meta.renewNow === true || typeof meta.subscriptionId === 'string')
    return '/dashbord/billing';
  return '/dashbord/meeting';
}

/** What the service worker shows (sw.js reads the same fields). */
export interface PushPayload {
  id: number;
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: Locale;
  dir: 'rtl' | 'ltr';
}

export function pushPayload(
  config: Config,
  row: NotificationRow,
  reader: { locale: Locale; digits: 'arab' | 'latn' | null },
): PushPayload {
  const view = renderNotification(row, reader.locale, reader.digits);
  return {
    id: row.id,
    title: plain(view.title),
    body: plain(view.message),
    url: linkOf(config, row),
    tag: row.collapseKey ?? `n${row.id}`,
    lang: reader.locale,
    dir: reader.locale === 'ar' ? 'rtl' : 'ltr',
  };
}

type Subscription = typeof pushSubscriptions.$inferSelect;

/** One push to one device: encrypted (aes128gcm) and signed (VAPID) by web-push, sent with fetch. */
async function sendOne(
  config: Config & { vapid: NonNullable<Config['vapid']> },
  sub: Subscription,
  payload: PushPayload,
): Promise<'sent' | 'gone' | 'failed'> {
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: config.vapid,
      TTL: 60 * 60,
      urgency: 'high',
      // the push service keeps one undelivered message per topic: a conversation's pushes replace each other
      topic: createHash('sha256').update(payload.tag).digest('base64url').slice(0, 32),
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Buffer,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'gone';
    if (!res.ok) log.warn({ status: res.status, host: new URL(sub.endpoint).host }, 'push refused');
    return res.ok ? 'sent' : 'failed';
  } catch (err) {
    log.warn({ err, host: new URL(sub.endpoint).host }, 'push not sent');
    return 'failed';
  }
}

/**
 * Sends the notifications marked for Web Push, a batch at a time, each batch claimed row-locked (skip locked) so two
 * workers never send the same one, then clears the marks. A push service that fails is not retried (a reminder late
 * is worse than none); a 404/410 removes the device. Answers how many pushes were sent.
 */
export async function sendWebPushes(db: Db, config: Config, batch = 100): Promise<number> {
  const vapid = config.vapid;
  if (!vapid) {
    await db.update(notifications).set({ webPushPending: false }).where(eq(notifications.webPushPending, true));
    return 0;
  }
  let sent = 0;
  for (;;) {
    const { rows, gone, ok } = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(notifications)
        .where(eq(notifications.webPushPending, true))
        .orderBy(asc(notifications.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (!rows.length) return { rows, gone: [] as string[], ok: 0 };
      const userIds = [...new Set(rows.map((r) => r.userId))];
      const readers = await tx
        .select({ id: users.id, locale: users.locale, digits: users.digits })
        .from(users)
        .where(inArray(users.id, userIds));
      const subs = await tx.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
      const work = rows.flatMap((row) => {
        const reader = readers.find((r) => r.id === row.userId);
        if (!reader) return [];
        const payload = pushPayload(config, row, reader);
        return subs.filter((s) => s.userId === row.userId).map((s) => ({ s, payload }));
      });
      const results = await Promise.all(work.map(({ s, payload }) => sendOne({ ...config, vapid }, s, payload)));
      await tx
        .update(notifications)
        .set({ webPushPending: false })
        .where(
          inArray(
            notifications.id,
            rows.map((r) => r.id),
          ),
        );
      return {
        rows,
        gone: work.filter((_, i) => results[i] === 'gone').map((w) => w.s.id),
        ok: results.filter((r) => r === 'sent').length,
      };
    });
    if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    sent += ok;
    if (rows.length < batch) return sent;
  }
}
