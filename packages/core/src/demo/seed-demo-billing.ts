import { TRIAL_DAYS } from '@majlis/contracts/billing';
import { and, eq } from 'drizzle-orm';
import { issueInvoice, markInvoicePaid } from '../billing/invoices.ts';
import { DEFAULT_PRICES, roomPriceKey, tierOf } from '../billing/prices.ts';
import type { Db, Tx } from '../db/connect.ts';
import {
  accounts,
  coupons,
  memberships,
  orders,
  payments,
  rooms,
  subscriptions,
  trials,
  users,
} from '../db/schema/index.ts';

/**
 * Billing on first start (issue 13): the demo institution's "Training studio" is on a monthly plan bought through
 * the sandbox 10 days ago (its order, payment and paid invoice), and the individual demo user is on day 3 of the
 * free trial with her verified phone; a 20% coupon (MAJLIS20) is there to try. Written with the ledger's own invoice numbering.
 */

const DAY = 86_400_000;
const STUDIO = 'Training studio';
/** Shown in the README: 20% off a purchase, once per account. */
export const DEMO_COUPON = 'MAJLIS20';
/** The default BILLING_TAX_PERCENT (Egypt's VAT); the seed has no config, the table's prices are the defaults. */
const TAX_PERCENT = 14;

export async function needsDemoBilling(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(rooms, eq(rooms.id, orders.roomId))
    .where(eq(rooms.name, STUDIO))
    .limit(1);
  return rows.length === 0;
}

export async function insertDemoBilling(tx: Tx, now = new Date()): Promise<void> {
  const [studio] = await tx
    .select({ room: rooms, ownerId: accounts.ownerUserId })
    .from(rooms)
    .innerJoin(accounts, eq(accounts.id, rooms.accountId))
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(and(eq(rooms.name, STUDIO), eq(users.email, 'owner@demo.test')));
  if (!studio) throw new Error('demo studio missing');
  const { room } = studio;
  const key = roomPriceKey(room.type, tierOf(room.participants), 'monthly', 'EGP');
  const unit = DEFAULT_PRICES.find((p) => p.key === key)?.amountMinor;
  if (unit === undefined) throw new Error(`demo price ${key} missing`);
  const tax = Math.round((unit * TAX_PERCENT) / 100);
  const bought = new Date(+now - 10 * DAY);
  const renews = new Date(bought);
  renews.setUTCMonth(renews.getUTCMonth() + 1);
  const [order] = await tx
    .insert(orders)
    .values({
      accountId: room.accountId,
      userId: studio.ownerId,
      kind: 'renewal',
      roomId: room.id,
      roomName: room.name,
      roomType: room.type,
      participants: room.participants,
      period: 'monthly',
      currency: 'EGP',
      unitMinor: unit,
      taxPercent: TAX_PERCENT,
      taxMinor: tax,
      totalMinor: unit + tax,
      status: 'completed',
      provider: 'sandbox',
      providerOrderId: `sbx_${'d'.repeat(24)}`,
      clientKey: 'demo-studio-monthly',
      createdAt: bought,
      updatedAt: bought,
      completedAt: bought,
      periodStartsAt: bought,
      periodEndsAt: renews,
    })
    .returning();
  if (!order) throw new Error('demo order insert failed');
  await issueInvoice(tx, order.id, bought);
  await markInvoicePaid(tx, order.id, bought);
  await tx.insert(payments).values({
    orderId: order.id,
    provider: 'sandbox',
    transactionId: 'demo-studio-monthly',
    status: 'succeeded',
    amountMinor: order.totalMinor,
    currency: 'EGP',
    method: 'card',
    brand: 'Visa',
    last4: '4242',
    createdAt: bought,
    updatedAt: bought,
  });
  await tx
    .update(subscriptions)
    .set({
      period: 'monthly',
      status: 'active',
      startsAt: bought,
      renewsAt: renews,
      currency: 'EGP',
      unitMinor: unit,
      totalMinor: order.totalMinor,
      orderId: order.id,
    })
    .where(eq(subscriptions.roomId, room.id));

  // a coupon anyone may try once per account: 20% off, for a year from the first start
  await tx
    .insert(coupons)
    .values({
      code: DEMO_COUPON,
      kind: 'percent',
      percent: 20,
      validFrom: new Date(+now - DAY),
      validTo: new Date(+now + 365 * DAY),
      maxUses: 1000,
    })
    .onConflictDoNothing();

  // the individual user's free trial, day 3 of 7, on her one room
  const [solo] = await tx
    .select({ userId: users.id, phone: users.phone, accountId: accounts.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.role, 'owner')))
    .innerJoin(accounts, and(eq(accounts.id, memberships.accountId), eq(accounts.kind, 'indv')))
    .where(eq(users.email, 'solo@demo.test'));
  if (!solo) throw new Error('demo solo user missing');
  const started = new Date(+now - 2 * DAY);
  const ends = new Date(+started + TRIAL_DAYS * DAY);
  const [trialRoom] = await tx
    .insert(rooms)
    .values({ accountId: solo.accountId, name: 'غرفة سارة', type: 'jitsi', participants: 10, createdAt: started })
    .returning({ id: rooms.id });
  if (!trialRoom) throw new Error('demo trial room insert failed');
  await tx.insert(subscriptions).values({
    accountId: solo.accountId,
    roomId: trialRoom.id,
    period: 'trial',
    status: 'trial',
    startsAt: started,
    renewsAt: ends,
  });
  await tx
    .insert(trials)
    .values({
      userId: solo.userId,
      phone: solo.phone,
      phoneVerifiedAt: started,
      startsAt: started,
      endsAt: ends,
      accountId: solo.accountId,
      roomId: trialRoom.id,
    })
    .onConflictDoNothing();
}
