import type { SubscriptionView } from '@majlis/contracts/billing';
import { DAILY_PACK_DAYS } from '@majlis/contracts/billing';
import { decideSubscription, type SubscriptionEvent, type SubscriptionStatus } from '@majlis/machines';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db, Tx } from '../db/connect.ts';
import { rooms, subscriptions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { roomName } from '../wording/room-name.ts';

/** A subscription is what the subscription statechart says of its stored row and the clock. */

const DAY_MS = 24 * 3600 * 1000;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Period = 'daily' | 'monthly' | 'annual' | 'enterprise';

const RUNNING: SubscriptionStatus[] = ['trial', 'active', 'expiring', 'renewed'];

/** Paid time left on a monthly / annual / trial / enterprise period (a daily plan may also hold some: see below). */
function periodRunning(s: Pick<SubscriptionRow, 'renewsAt'>, now: Date): boolean {
  return +s.renewsAt > +now;
}

/** A begun daily-plan day still running (it lasts up to 24 h from the first meeting start of that day). */
export function dayRunning(s: Pick<SubscriptionRow, 'dayEndsAt'>, now: Date): boolean {
  return !!s.dayEndsAt && +s.dayEndsAt > +now;
}

/**
 * The stored status with the clock applied (the renewals job writes `expired` within a minute; a read must not
 * wait for it): a period whose end has passed has ended, and a daily plan with no day left and none running too.
 */
export function statusNow(s: SubscriptionRow, now = new Date()): SubscriptionStatus {
  const status = s.status as SubscriptionStatus;
  if (!RUNNING.includes(status)) return status;
  if (s.period === 'daily') {
    return s.daysLeft > 0 || dayRunning(s, now) || periodRunning(s, now) ? status : 'expired';
  }
  return periodRunning(s, now) ? status : 'expired';
}

/** The event a meeting start is for this subscription (daily: whether a day must be taken). */
export function meetingStartEvent(s: SubscriptionRow, now: Date): SubscriptionEvent {
  // days bought on a daily plan are counted only once a period paid earlier (switched from monthly) has run out
  const daily = s.period === 'daily' && !periodRunning(s, now);
  return { type: 'meeting.start', daily, dayRunning: dayRunning(s, now), daysLeft: s.daysLeft };
}

/**
 * Before a meeting of `roomId` starts: refused with "Meeting has expired" unless the room's subscription runs
 * (spec §8). A room with no subscription row was never bought. Writes nothing (see takeDayIfDue).
 */
export async function requireRoomTime(db: Db | Tx, roomId: string, now = new Date()): Promise<SubscriptionRow> {
  const [s] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.roomId, roomId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!s || !decideSubscription(statusNow(s, now), meetingStartEvent(s, now)).ok) {
    throw new AppError(409, 'ROOM_EXPIRED');
  }
  return s;
}

/**
 * After a meeting started: a daily plan with no day running takes one of its days, lasting 24 h (spec §9). The
 * conditional update takes one day however many meetings of the room start at the same moment.
 */
export async function takeDayIfDue(db: Db | Tx, s: SubscriptionRow, now = new Date()): Promise<void> {
  const d = decideSubscription(statusNow(s, now), meetingStartEvent(s, now));
  if (!d.effects.includes('takeDay')) return;
  await db
    .update(subscriptions)
    .set({ daysLeft: sql`${subscriptions.daysLeft} - 1`, dayEndsAt: new Date(+now + DAY_MS) })
    .where(
      and(
        eq(subscriptions.id, s.id),
        gt(subscriptions.daysLeft, 0),
        or(isNull(subscriptions.dayEndsAt), lte(subscriptions.dayEndsAt, now)),
      ),
    );
}

function addPeriod(from: Date, period: Period): Date {
  const d = new Date(from);
  if (period === 'annual') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else if (period === 'daily') return d;
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export interface PaidPeriod {
  period: Period;
  orderId: string;
  currency: 'EGP' | 'USD';
  unitMinor: number;
  totalMinor: number;
}

/** The time a paid order owns (orders.period_starts_at … period_ends_at); none for a daily pack, which holds days. */
export interface OwnedPeriod {
  startsAt: Date;
  endsAt: Date;
}

/**
 * `payment.completed` on a subscription row: monthly / annual / enterprise run one period from the end of the time
 * already given (paid time or a trial's days: a purchase never takes them away), else from now; a daily plan adds a
 * 7-day pack, counted once that time has run out. Answers the period the order owns.
 */
export async function extendSubscription(
  tx: Tx,
  s: SubscriptionRow,
  paid: PaidPeriod,
  now: Date,
): Promise<OwnedPeriod | null> {
  const d = decideSubscription(statusNow(s, now), { type: 'payment.completed' });
  if (!d.ok) throw new Error(`subscription ${s.status} refuses payment.completed`);
  const running = s.status !== 'unpaid' && periodRunning(s, now);
  const paidRunning = running && s.status !== 'trial';
  const from = running ? s.renewsAt : now;
  const owned = paid.period === 'daily' ? null : { startsAt: from, endsAt: addPeriod(from, paid.period) };
  await tx
    .update(subscriptions)
    .set({
      status: d.status,
      // days of a pack still in hand keep the plan a daily one: they are used once the paid time has run out
      period: s.daysLeft > 0 || dayRunning(s, now) ? 'daily' : paid.period,
      startsAt: paidRunning ? s.startsAt : from,
      renewsAt: owned ? owned.endsAt : running ? s.renewsAt : now,
      daysLeft: paid.period === 'daily' ? s.daysLeft + DAILY_PACK_DAYS : s.daysLeft,
      currency: paid.currency,
      unitMinor: paid.unitMinor,
      totalMinor: paid.totalMinor,
      orderId: paid.orderId,
    })
    .where(eq(subscriptions.id, s.id));
  return owned;
}

/** A new subscription row that a payment starts (a room bought, the institution's first renewal). */
export async function startSubscription(
  tx: Tx,
  accountId: string,
  roomId: string | null,
  paid: PaidPeriod,
  now: Date,
): Promise<OwnedPeriod | null> {
  const d = decideSubscription('unpaid', { type: 'payment.completed' });
  const owned = paid.period === 'daily' ? null : { startsAt: now, endsAt: addPeriod(now, paid.period) };
  await tx.insert(subscriptions).values({
    accountId,
    roomId,
    period: paid.period,
    status: d.status,
    startsAt: now,
    renewsAt: owned ? owned.endsAt : now,
    daysLeft: paid.period === 'daily' ? DAILY_PACK_DAYS : 0,
    currency: paid.currency,
    unitMinor: paid.unitMinor,
    totalMinor: paid.totalMinor,
    orderId: paid.orderId,
  });
  return owned;
}

/** Days left to use: none once ended or never bought; a daily plan's balance; else whole days to the period's end. */
export function remainingDays(s: SubscriptionRow, now = new Date()): number {
  const status = statusNow(s, now);
  if (status === 'expired' || status === 'unpaid') return 0;
  if (s.period === 'daily' && !periodRunning(s, now)) return s.daysLeft;
  return Math.max(0, Math.ceil((+s.renewsAt - +now) / DAY_MS));
}

/** GET /api/billing/subscriptions: the acting account's subscriptions, rooms first (by name), then the account's own. */
export async function listSubscriptions(db: Db, actor: Actor, now = new Date()): Promise<SubscriptionView[]> {
  const rows = await db
    .select({ s: subscriptions, room: rooms })
    .from(subscriptions)
    .leftJoin(rooms, eq(rooms.id, subscriptions.roomId))
    .where(eq(subscriptions.accountId, actor.accountId))
    .orderBy(asc(rooms.name), asc(subscriptions.createdAt));
  return rows
    .filter(({ s, room }) => s.roomId === null || room !== null)
    .map(({ s, room }) => {
      const status = statusNow(s, now);
      return {
        id: s.id,
        room: room
          ? {
              id: room.id,
              name: roomName(room, actor.locale),
              nameKey: room.nameKey,
              type: room.type,
              participants: room.participants,
            }
          : null,
        period: s.period,
        status,
        trial: s.period === 'trial',
        expired: status === 'expired',
        startsAt: s.startsAt.toISOString(),
        renewsAt: s.period === 'daily' && !periodRunning(s, now) ? null : s.renewsAt.toISOString(),
        remainingDays: remainingDays(s, now),
        daysLeft: s.daysLeft,
        dayEndsAt: dayRunning(s, now) && s.dayEndsAt ? s.dayEndsAt.toISOString() : null,
        currency: s.currency,
        unitMinor: s.unitMinor,
        totalMinor: s.totalMinor,
      };
    });
}
