import type { OrderList, OrderView } from '@majlis/contracts/billing';
import type { Locale } from '@majlis/i18n';
import { both } from '@majlis/i18n/server';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db, Tx } from '../db/connect.ts';
import { coupons, invoices, orders, payments } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { roomName } from '../wording/room-name.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Orders and their payments as the billing page reads them (payment history, one order, the sandbox's summary). */

/** Orders as the wire shows them, with their coupon codes and invoices read in one query each. */
/** Orders as the wire shows them to a reader: a product-named room (the trial room) in the reader's words. */
export async function orderViews(db: Db | Tx, rows: OrderRow[], locale: Locale): Promise<OrderView[]> {
  if (!rows.length) return [];
  const couponIds = [...new Set(rows.map((o) => o.couponId).filter((v): v is string => !!v))];
  const codes = new Map(
    couponIds.length
      ? (
          await db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, couponIds))
        ).map((c) => [c.id, c.code])
      : [],
  );
  const issued = new Map(
    (
      await db
        .select({ id: invoices.id, orderId: invoices.orderId })
        .from(invoices)
        .where(
          inArray(
            invoices.orderId,
            rows.map((o) => o.id),
          ),
        )
    ).map((i) => [i.orderId, i.id]),
  );
  return rows.map((o) => ({
    id: o.id,
    kind: o.kind,
    status: o.status,
    roomId: o.roomId,
    roomName: o.roomName === null ? null : roomName({ name: o.roomName, nameKey: o.roomNameKey }, locale),
    roomType: o.roomType,
    participants: o.participants,
    period: o.period,
    currency: o.currency,
    unitMinor: o.unitMinor,
    discountMinor: o.discountMinor,
    taxMinor: o.taxMinor,
    totalMinor: o.totalMinor,
    couponCode: (o.couponId && codes.get(o.couponId)) || null,
    provider: o.provider,
    failure: o.failure ? both(o.failure) : null,
    failureDetail: o.failureDetail,
    attempts: o.attempts,
    invoiceId: issued.get(o.id) ?? null,
    createdAt: o.createdAt.toISOString(),
    completedAt: o.completedAt?.toISOString() ?? null,
  }));
}

export async function orderView(db: Db | Tx, o: OrderRow, locale: Locale): Promise<OrderView> {
  return (await orderViews(db, [o], locale))[0] as OrderView;
}

export async function findOrder(db: Db | Tx, actor: Actor, id: string): Promise<OrderRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.accountId, actor.accountId)));
  if (!o) throw notFound();
  return o;
}

export async function getOrder(db: Db, actor: Actor, id: string): Promise<OrderView> {
  return orderView(db, await findOrder(db, actor, id), actor.locale);
}

export async function listOrders(db: Db, actor: Actor): Promise<OrderList> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.accountId, actor.accountId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  const ids = rows.map((o) => o.id);
  const pays = ids.length
    ? await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(desc(payments.createdAt))
    : [];
  return {
    orders: await orderViews(db, rows, actor.locale),
    payments: pays.map((p) => ({
      id: p.id,
      orderId: p.orderId,
      status: p.status,
      amountMinor: p.amountMinor,
      currency: p.currency,
      method: p.method,
      brand: p.brand,
      last4: p.last4,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
