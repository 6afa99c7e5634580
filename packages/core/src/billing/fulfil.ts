import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/connect.ts';
import { accounts, orders, rooms } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { OrderRow } from './orders.ts';
import { subscriptionOf } from './periods.ts';
import { extendSubscription, type OwnedPeriod, startSubscription } from './subscriptions.ts';

/**
 * What a paid order grants, in the callback's transaction (issue 25): a room with its subscription, or another
 * period of an existing one; the order owns the period it was given. A payment that cannot be granted (a second room
 * of an individual account, a renewal of a room deleted meanwhile) grants nothing at all: the ledger keeps it
 * failed, its money to be refunded, never a room-less subscription.
 */

export type Granted = { ok: true; roomId: string | null; period: OwnedPeriod | null } | { ok: false; reason: string };

/** Room orders of one account are taken one at a time (createRoom and the trial take the same lock). */
export async function lockAccountRooms(tx: Tx, accountId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rooms:${accountId}`}))`);
}

/** How long a pending room order holds an individual account's one room at checkout (the coupon hold's 24 h). */
export const ROOM_ORDER_HOLD_MS = 24 * 3600 * 1000;

/**
 * Checkout of a new room on an individual account: refused while it has its room (INDIVIDUAL_ONE_ROOM) or another
 * room order is waiting for its payment (ROOM_ORDER_PENDING). Run under lockAccountRooms, in the order's transaction.
 */
export async function requireRoomFree(tx: Tx, accountId: string, now: Date) {
  const [n] = await tx.select({ n: count() }).from(rooms).where(eq(rooms.accountId, accountId));
  if ((n?.n ?? 0) > 0) throw new AppError(409, 'INDIVIDUAL_ONE_ROOM');
  const [pending] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.kind, 'room'),
        eq(orders.status, 'pending'),
        gt(orders.createdAt, new Date(+now - ROOM_ORDER_HOLD_MS)),
      ),
    );
  if ((pending?.n ?? 0) > 0) throw new AppError(409, 'ROOM_ORDER_PENDING');
}

export async function fulfil(tx: Tx, o: OrderRow, now: Date): Promise<Granted> {
  const paid = {
    period: o.kind === 'enterprise' ? ('enterprise' as const) : o.period,
    orderId: o.id,
    currency: o.currency,
    unitMinor: o.unitMinor,
    totalMinor: o.totalMinor,
  };
  if (o.kind === 'room') {
    await lockAccountRooms(tx, o.accountId);
    const [account] = await tx.select({ kind: accounts.kind }).from(accounts).where(eq(accounts.id, o.accountId));
    if (account?.kind === 'indv') {
      const [n] = await tx.select({ n: count() }).from(rooms).where(eq(rooms.accountId, o.accountId));
      if ((n?.n ?? 0) > 0) return { ok: false, reason: 'error.ORDER_NOT_GRANTED' };
    }
    const [room] = await tx
      .insert(rooms)
      .values({
        accountId: o.accountId,
        // no name given: the product's, read in each reader's language
        name: o.roomName ?? 'Room',
        nameKey: o.roomName === null ? 'room.defaultName' : o.roomNameKey,
        type: o.roomType ?? 'jitsi',
        participants: o.participants ?? 10,
      })
      .returning({ id: rooms.id });
    if (!room) throw new Error('room insert failed');
    const period = await startSubscription(tx, o.accountId, room.id, paid, now);
    return { ok: true, roomId: room.id, period };
  }
  if (o.kind === 'renewal') {
    // the room is locked so that a delete waits for the grant, or the grant sees the room gone
    const [room] = o.roomId
      ? await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, o.roomId)).for('update')
      : [];
    if (!room) return { ok: false, reason: 'error.ORDER_NOT_GRANTED' };
  }
  const s = await subscriptionOf(tx, o);
  const period = s
    ? await extendSubscription(tx, s, paid, now)
    : await startSubscription(tx, o.accountId, o.kind === 'enterprise' ? null : o.roomId, paid, now);
  // the plan's tier, shown until its period comes (the seats at a moment are the period's: periods.ts seatsInForce)
  if (o.kind === 'renewal' && o.roomId && o.participants && o.period !== 'daily') {
    await tx.update(rooms).set({ participants: o.participants }).where(eq(rooms.id, o.roomId));
  }
  return { ok: true, roomId: o.roomId, period };
}

/** Whether the order is the room's first paid one (its invoice says "Room purchase", not "Room renewal"). */
export async function firstPurchase(tx: Tx, o: Pick<OrderRow, 'id' | 'kind' | 'roomId'>): Promise<boolean> {
  if (o.kind === 'room') return true;
  if (o.kind !== 'renewal' || !o.roomId) return false;
  const [n] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.roomId, o.roomId), ne(orders.id, o.id), eq(orders.status, 'completed')));
  return (n?.n ?? 0) === 0;
}
