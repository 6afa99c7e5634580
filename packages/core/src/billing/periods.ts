import { DAILY_PACK_DAYS } from '@majlis/contracts/billing';
import { decideSubscription } from '@majlis/machines';
import { and, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { orders, type rooms, subscriptions, trials } from '../db/schema/index.ts';
import { statusNow } from './subscriptions.ts';

/**
 * The ledger of paid time (issue 25): each paid monthly / annual / enterprise order owns its period
 * (orders.period_starts_at … period_ends_at), one after the other on its subscription; a daily pack owns its seven
 * days. A refund removes exactly the refunded order's time still to come, and the periods paid after it move up by as
 * much; no other order's period is shortened. The seats a room has at a moment are the tier of the order whose time
 * it is (a short pack's tier only on its own days), never an editable room field.
 */

/** The trial's room holds this many participants (spec §9). */
export const TRIAL_SEATS = 10;

type OrderRow = typeof orders.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The paid orders that share `o`'s subscription: the room's, or the institution's enterprise renewals. */
function sameSubscription(o: Pick<OrderRow, 'kind' | 'accountId' | 'roomId'>) {
  return o.kind === 'enterprise'
    ? and(eq(orders.accountId, o.accountId), eq(orders.kind, 'enterprise'))
    : eq(orders.roomId, o.roomId ?? '00000000-0000-0000-0000-000000000000');
}

/** The subscription row an order's period belongs to (locked for the refund's transaction). */
export async function subscriptionOf(tx: Tx, o: OrderRow): Promise<SubscriptionRow | null> {
  if (o.kind !== 'enterprise' && !o.roomId) return null;
  const [s] = await tx
    .select()
    .from(subscriptions)
    .where(
      o.kind === 'enterprise'
        ? and(eq(subscriptions.accountId, o.accountId), eq(subscriptions.period, 'enterprise'))
        : eq(subscriptions.roomId, o.roomId as string),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  return s ?? null;
}

/**
 * `payment.refunded` for order `o`: its period's time still to come is removed (the part already used cannot be
 * given back), every unrefunded period after it moves up by that much, and the subscription ends when no paid time
 * is left (the statechart's refund: expired). A refunded daily pack takes its seven days back from the balance.
 */
export async function refundPeriod(tx: Tx, o: OrderRow, now: Date): Promise<void> {
  const s = await subscriptionOf(tx, o);
  if (!s) return;
  let renewsAt = s.renewsAt;
  let daysLeft = s.daysLeft;
  let dayEndsAt = s.dayEndsAt;
  if (o.period === 'daily') {
    // its seven days leave the balance; short of seven there, the day running was one of them and ends now
    daysLeft = Math.max(0, s.daysLeft - DAILY_PACK_DAYS);
    if (s.daysLeft < DAILY_PACK_DAYS && dayEndsAt && +dayEndsAt > +now) dayEndsAt = now;
  } else if (o.periodStartsAt && o.periodEndsAt) {
    const gapStart = new Date(Math.max(+o.periodStartsAt, +now));
    const shift = Math.max(0, +o.periodEndsAt - +gapStart);
    if (shift > 0) {
      await tx
        .update(orders)
        .set({
          periodStartsAt: sql`${orders.periodStartsAt} - ${`${shift} milliseconds`}::interval`,
          periodEndsAt: sql`${orders.periodEndsAt} - ${`${shift} milliseconds`}::interval`,
        })
        .where(
          and(
            sameSubscription(o),
            eq(orders.status, 'completed'),
            ne(orders.id, o.id),
            isNotNull(orders.periodStartsAt),
            gte(orders.periodStartsAt, o.periodEndsAt),
          ),
        );
      await tx.update(orders).set({ periodEndsAt: gapStart }).where(eq(orders.id, o.id));
      renewsAt = new Date(Math.max(+now, +s.renewsAt - shift));
    }
  } else {
    // an order paid before periods were recorded: its time is taken to be the subscription's last period
    renewsAt = now;
  }
  const left = +renewsAt > +now || daysLeft > 0 || (!!dayEndsAt && +dayEndsAt > +now);
  if (left) {
    await tx.update(subscriptions).set({ renewsAt, daysLeft, dayEndsAt }).where(eq(subscriptions.id, s.id));
    return;
  }
  const d = decideSubscription(statusNow(s, now), { type: 'payment.refunded' });
  if (!d.ok) return;
  await tx
    .update(subscriptions)
    .set({ status: d.status, renewsAt: now, daysLeft: 0, dayEndsAt: null })
    .where(eq(subscriptions.id, s.id));
}

/**
 * The participants tier a renewal of the room is priced on: the tier of its last paid monthly / annual plan (a short
 * pack at a bigger tier does not carry over), else of its last paid pack, else the tier it was created at.
 */
export async function paidTier(db: Db | Tx, roomId: string, fallback: number): Promise<number> {
  const paid = await db
    .select({ participants: orders.participants, period: orders.period })
    .from(orders)
    .where(and(eq(orders.roomId, roomId), eq(orders.status, 'completed')))
    .orderBy(desc(orders.completedAt));
  const plan = paid.find((p) => p.period !== 'daily') ?? paid[0];
  return plan?.participants ?? fallback;
}

/**
 * The participants each room may hold at `now`: the tier of the paid period it is in, else (a daily plan using its
 * days) of its newest pack, else the trial's ten while a trial runs, else the tier it was last paid for (it starts no
 * meeting then: requireRoomTime refuses).
 */
export async function seatsInForce(
  db: Db | Tx,
  roomRows: Pick<typeof rooms.$inferSelect, 'id' | 'participants'>[],
  now = new Date(),
): Promise<Map<string, number>> {
  const seats = new Map<string, number>();
  if (!roomRows.length) return seats;
  const ids = roomRows.map((r) => r.id);
  const [paid, subs, trialRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(inArray(orders.roomId, ids), eq(orders.status, 'completed')))
      .orderBy(desc(orders.completedAt)),
    db.select().from(subscriptions).where(inArray(subscriptions.roomId, ids)),
    db.select().from(trials).where(inArray(trials.roomId, ids)),
  ]);
  for (const r of roomRows) {
    const mine = paid.filter((o) => o.roomId === r.id);
    const covering = mine.find(
      (o) => o.periodStartsAt && o.periodEndsAt && +o.periodStartsAt <= +now && +now < +o.periodEndsAt,
    );
    const sub = subs.filter((s) => s.roomId === r.id).sort((a, b) => +b.createdAt - +a.createdAt)[0];
    const pack = sub ? packInUse(mine, sub, now) : undefined;
    const onDays =
      sub?.period === 'daily' &&
      +sub.renewsAt <= +now &&
      (sub.daysLeft > 0 || (!!sub.dayEndsAt && +sub.dayEndsAt > +now));
    const trial = trialRows.find(
      (t) => t.roomId === r.id && t.startsAt && t.endsAt && +t.startsAt <= +now && +now < +t.endsAt,
    );
    const last = mine.find((o) => o.period !== 'daily') ?? mine[0];
    seats.set(
      r.id,
      covering?.participants ??
        (onDays ? pack?.participants : null) ??
        (trial ? TRIAL_SEATS : null) ??
        last?.participants ??
        r.participants,
    );
  }
  return seats;
}

/**
 * The pack whose day is used now: packs are used first bought, first used (seven days each); the day running, or
 * else the next one to take, falls in one of them.
 */
function packInUse(paid: OrderRow[], sub: SubscriptionRow, now: Date): OrderRow | undefined {
  const packs = paid.filter((o) => o.period === 'daily').sort((a, b) => +(a.completedAt ?? 0) - +(b.completedAt ?? 0));
  if (!packs.length) return undefined;
  const taken = Math.max(0, packs.length * DAILY_PACK_DAYS - sub.daysLeft);
  const running = !!sub.dayEndsAt && +sub.dayEndsAt > +now;
  const day = running ? Math.max(1, taken) : taken + 1;
  return packs[Math.min(packs.length - 1, Math.floor((day - 1) / DAILY_PACK_DAYS))];
}
