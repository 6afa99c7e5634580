import type { OrderView, TCheckoutBody } from '@majlis/contracts/billing';
import { decidePayment, type PaymentEvent, type PaymentState } from '@majlis/machines';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { couponRedemptions, orders, payments, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { notifyUsers } from '../notifications/notify-users.ts';
import { requireProvider } from '../providers/conferencing/index.ts';
import { paymentProviderFor } from '../providers/payments/index.ts';
import type { PaymentProvider, VerifiedTransaction } from '../providers/payments/port.ts';
import { PaymentProviderError } from '../providers/payments/port.ts';
import { roomName, roomValues } from '../wording/room-name.ts';
import { releaseCoupon, reserveCoupon } from './coupons.ts';
import { fulfil, lockAccountRooms, requireRoomFree } from './fulfil.ts';
import { issueInvoice, markInvoicePaid, markInvoiceUnpaid } from './invoices.ts';
import { findOrder, type OrderRow, orderView } from './orders.ts';
import { refundPeriod } from './periods.ts';
import { quotePurchase } from './quote.ts';

/**
 * Orders and payments (payment statechart). The server prices every order; only a verified transaction-processed
 * callback completes or fails one, found by the provider's signed order id, once per transaction id. The sandbox's
 * pay button produces the same signed callback, so both providers take this one path.
 */

const log = logger.child({ module: 'billing' });

export type { OrderRow };

export interface Rt {
  db: Db;
  config: Config;
  bus?: EventBus | undefined;
  provider?: PaymentProvider;
}

const FAILURES: Record<string, string> = {
  NO_WALLET: 'error.NO_WALLET',
  DECLINED: 'error.PAYMENT_FAILED',
  AMOUNT: 'error.PAYMENT_ERROR',
  PROVIDER: 'error.PAYMENT_ERROR',
};

/** The order a provider's order id names: the current attempt's or an earlier one's (a late callback). */
export const byProviderOrder = (ref: string) =>
  or(eq(orders.providerOrderId, ref), sql`${ref} = any(${orders.earlierProviderOrderIds})`);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * POST /api/billing/checkout: price the purchase on the server, keep the order with its coupon and its (not yet paid)
 * invoice, and start a checkout at the provider. The dialog's client key makes a double click the same order.
 */
export async function checkout(
  rt: Rt,
  actor: Actor,
  body: TCheckoutBody,
  now = new Date(),
): Promise<{ order: OrderView; redirectUrl: string | null }> {
  requirePower(actor, 'manageBilling');
  const { db, config } = rt;
  const again = await existingOrder(db, actor, body.clientKey);
  if (again) return again;
  const { purchase } = body;
  const oneRoom = purchase.kind === 'room' && actor.kind === 'indv';
  if (purchase.kind === 'room') {
    requireProvider(config, purchase.roomType);
    if (oneRoom) await db.transaction((tx) => requireRoomFree(tx, actor.accountId, now));
  }
  if (purchase.kind === 'enterprise' && actor.kind !== 'inst') throw new AppError(409, 'ENTERPRISE_ONLY');
  const q = await quotePurchase(db, config, actor, purchase, now);
  if (q.coupon && !q.coupon.applied) {
    // a double click's twin may have taken this account's one use of the coupon a moment ago: that is its order
    const twin = await existingOrder(db, actor, body.clientKey);
    if (twin) return twin;
    throw new AppError(409, 'COUPON_REFUSED', { coupon: q.coupon.refusal ?? 'coupon.unknown' });
  }
  const provider = rt.provider ?? paymentProviderFor(config);
  let order: OrderRow;
  try {
    order = await db.transaction(async (tx) => {
      // two checkouts of an individual account's one room: the second waits, then finds the first pending
      if (oneRoom) {
        await lockAccountRooms(tx, actor.accountId);
        await requireRoomFree(tx, actor.accountId, now);
      }
      const [o] = await tx
        .insert(orders)
        .values({
          accountId: actor.accountId,
          userId: actor.userId,
          kind: purchase.kind,
          roomId: q.room?.id ?? null,
          roomName: purchase.kind === 'room' ? purchase.roomName : (q.room?.name ?? null),
          roomNameKey: purchase.kind === 'room' ? null : (q.room?.nameKey ?? null),
          roomType: q.roomType ?? null,
          participants: q.participants ?? null,
          period: q.period,
          currency: q.currency,
          unitMinor: q.unitMinor,
          discountMinor: q.discountMinor,
          taxPercent: q.taxPercent,
          taxMinor: q.taxMinor,
          totalMinor: q.totalMinor,
          couponId: q.couponId,
          provider: provider.name,
          clientKey: body.clientKey,
        })
        .returning();
      if (!o) throw new Error('order insert failed');
      if (q.couponId) await reserveCoupon(tx, q.couponId, actor.accountId, o.id, now);
      await issueInvoice(tx, o.id, now);
      return o;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const raced = await existingOrder(db, actor, body.clientKey);
      if (raced) return raced;
    }
    throw err;
  }
  return startAttempt(rt, provider, actor, order, false);
}

async function existingOrder(db: Db, actor: Actor, clientKey: string) {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, actor.accountId), eq(orders.clientKey, clientKey)));
  if (!o) return null;
  return { order: await orderView(db, o, actor.locale), redirectUrl: o.status === 'pending' ? o.checkoutUrl : null };
}

/** A checkout at the provider for the order (a first attempt, or "pay again" on the same order). */
async function startAttempt(rt: Rt, provider: PaymentProvider, actor: Actor, o: OrderRow, retry: boolean) {
  const { db, config } = rt;
  const [buyer] = await db.select().from(users).where(eq(users.id, actor.userId));
  // the provider's checkout page is in English: a product-named room (the trial room) is named in English there too
  const room = o.roomName === null ? '' : roomName({ name: o.roomName, nameKey: o.roomNameKey }, 'en');
  const label = o.kind === 'enterprise' ? 'Majlis enterprise account' : `Majlis room ${room}`.trim();
  try {
    const start = await provider.startCheckout({
      // Paymob refuses a special_reference it has seen: each attempt has its own
      orderId: o.attempts > 1 || retry ? `${o.id}.${o.attempts}` : o.id,
      amountMinor: o.totalMinor,
      currency: o.currency,
      items: [
        { name: label.slice(0, 50), amountMinor: o.totalMinor, description: `${o.kind} ${o.period}`, quantity: 1 },
      ],
      buyer: {
        fname: buyer?.fname ?? actor.fname,
        lname: buyer?.lname ?? actor.lname,
        email: buyer?.email ?? actor.email,
        phone: buyer?.phone ?? null,
      },
      notificationUrl: `${config.publicUrl}/api/webhooks/paymob`,
      redirectionUrl: `${config.publicUrl}/api/billing/paymob/return`,
    });
    const [saved] = await db
      .update(orders)
      .set({
        providerOrderId: start.providerOrderId,
        earlierProviderOrderIds: o.providerOrderId
          ? sql`array_append(${orders.earlierProviderOrderIds}, ${o.providerOrderId})`
          : orders.earlierProviderOrderIds,
        checkoutUrl: start.redirectUrl,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, o.id))
      .returning();
    return { order: await orderView(db, saved ?? o, actor.locale), redirectUrl: start.redirectUrl };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.warn({ err: err.message, orderId: o.id }, 'checkout could not start at the payment provider');
    throw new AppError(503, 'PAYMENT_ERROR');
  }
}

/** POST /api/billing/orders/{id}/pay: "pay again", keeping the order (its price, coupon and invoice). */
export async function payAgain(rt: Rt, actor: Actor, id: string) {
  requirePower(actor, 'manageBilling');
  const o = await findOrder(rt.db, actor, id);
  const d = decidePayment(o.status, { type: 'payment.retry' });
  if (!d.ok) throw new AppError(409, o.status === 'completed' ? 'ORDER_PAID' : 'ORDER_CLOSED');
  // paid once for what could not be granted: its money goes back, it is not paid again
  if (o.failure === 'error.ORDER_NOT_GRANTED') throw new AppError(409, 'ORDER_NOT_GRANTED');
  const couponId = o.couponId;
  if (couponId) {
    // Left unpaid past COUPON_HOLD_HOURS, the order gave its coupon use back (jobs/coupon-release.ts): its discounted
    // price stands only while the coupon is still the account's to use, so it is taken again (or refused, as at checkout).
    await rt.db.transaction(async (tx) => {
      const [held] = await tx.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, o.id));
      if (!held) await reserveCoupon(tx, couponId, o.accountId, o.id);
    });
  }
  // one attempt at a time: the conditional update lets one of two clicks through
  const [next] = await rt.db
    .update(orders)
    .set({ status: d.state as OrderRow['status'], attempts: o.attempts + 1, updatedAt: new Date() })
    .where(and(eq(orders.id, o.id), eq(orders.attempts, o.attempts)))
    .returning();
  if (!next) throw new AppError(409, 'SERVICE_UNAVAILABLE');
  return startAttempt(rt, rt.provider ?? paymentProviderFor(rt.config), actor, next, true);
}

function eventOf(t: VerifiedTransaction): PaymentEvent | null {
  if (t.refunded || t.voided) return { type: 'payment.refunded' };
  if (t.pending) return null;
  return t.success ? { type: 'payment.succeeded' } : { type: 'payment.failed' };
}

export type CallbackResult = {
  handled: 'granted' | 'failed' | 'refunded' | 'refused' | 'duplicate' | 'recorded' | 'unknown';
};

/**
 * A verified transaction-processed callback. Idempotent per transaction id (a duplicate changes nothing); decided by
 * the payment statechart, so a final order never goes back; a success whose amount or currency is not the order's
 * grants nothing. Response callbacks (the browser's return) never come here.
 */
export async function onTransaction(rt: Rt, provider: 'sandbox' | 'paymob', t: VerifiedTransaction, now = new Date()) {
  if (t.kind !== 'processed') throw new Error('only a processed callback may change an order');
  const result = await rt.db.transaction(async (tx): Promise<CallbackResult & { order?: OrderRow; event?: string }> => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.provider, provider), byProviderOrder(t.providerOrderId)))
      .for('update');
    if (!o) return { handled: 'unknown' };
    const status = t.refunded
      ? 'refunded'
      : t.voided
        ? 'voided'
        : t.pending
          ? 'pending'
          : t.success
            ? 'succeeded'
            : 'failed';
    const [inserted] = await tx
      .insert(payments)
      .values({
        orderId: o.id,
        provider,
        transactionId: t.transactionId,
        status,
        amountMinor: t.amountMinor,
        currency: t.currency,
        method: t.method,
        brand: t.brand,
        last4: t.last4,
        message: t.message,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!inserted) {
      // the same transaction again: only a pending one may still become final
      const [known] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.transactionId, t.transactionId)));
      if (known?.status !== 'pending' || status === 'pending') return { handled: 'duplicate' };
      await tx.update(payments).set({ status, message: t.message, updatedAt: now }).where(eq(payments.id, known.id));
    }
    const event = eventOf(t);
    if (!event) return { handled: 'recorded' };
    if (event.type === 'payment.succeeded' && (t.amountMinor !== o.totalMinor || t.currency !== o.currency)) {
      log.warn(
        { orderId: o.id, transactionId: t.transactionId },
        'paid amount differs from the order: nothing granted',
      );
      await tx.update(orders).set({ failure: FAILURES.AMOUNT, updatedAt: now }).where(eq(orders.id, o.id));
      return { handled: 'recorded' };
    }
    const d = decidePayment(o.status as PaymentState, event);
    if (!d.ok) return { handled: 'duplicate' };
    const patch: Partial<OrderRow> = { status: d.state as OrderRow['status'], updatedAt: now };
    if (d.effects.includes('fulfil')) {
      const granted = await fulfil(tx, o, now);
      if (!granted.ok) {
        // money taken for what can no longer be had: nothing is granted, the order stays failed to be refunded
        log.warn({ orderId: o.id, transactionId: t.transactionId }, 'paid order cannot be granted: refund it');
        const [refused] = await tx
          .update(orders)
          .set({ status: 'failed', failure: granted.reason, failureDetail: null, updatedAt: now })
          .where(eq(orders.id, o.id))
          .returning();
        return { handled: 'refused', order: refused };
      }
      Object.assign(patch, {
        completedAt: now,
        failure: null,
        failureDetail: null,
        roomId: granted.roomId,
        periodStartsAt: granted.period?.startsAt ?? null,
        periodEndsAt: granted.period?.endsAt ?? null,
      });
      await markInvoicePaid(tx, o.id, now);
    }
    if (d.effects.includes('recordFailure')) {
      Object.assign(patch, { failure: FAILURES[t.reason ?? 'DECLINED'], failureDetail: t.message });
    }
    if (d.effects.includes('revoke')) {
      await refundPeriod(tx, o, now);
      await markInvoiceUnpaid(tx, o.id);
      // A refunded order's coupon use goes back to the account (coupons.ts releaseCoupon).
      await releaseCoupon(tx, o.id);
    }
    const [saved] = await tx.update(orders).set(patch).where(eq(orders.id, o.id)).returning();
    return {
      handled: d.state === 'completed' ? 'granted' : d.state === 'failed' ? 'failed' : 'refunded',
      order: saved,
      event: event.type,
    };
  });
  if (result.order?.userId) await tellBuyer(rt, result.order, result.handled);
  return { handled: result.handled };
}

async function tellBuyer(rt: Rt, o: OrderRow, handled: CallbackResult['handled']) {
  if (!o.userId || (handled !== 'granted' && handled !== 'failed' && handled !== 'refused')) return;
  const ok = handled === 'granted';
  await notifyUsers({ db: rt.db, bus: rt.bus }, null, o.accountId, [o.userId], {
    type: ok ? 'success' : 'warning',
    titleId: ok ? 'notif.payment.completed.title' : 'notif.payment.failed.title',
    messageId: ok ? 'notif.payment.completed.message' : 'notif.payment.failed.message',
    values: roomValues({ name: o.roomName ?? '', nameKey: o.roomNameKey }),
    sourceType: 'billing',
    eventMeta: { orderId: o.id },
    dedupeKey: `payment:${o.id}:${handled}:${o.attempts}`,
  });
}

/** The browser's return from the gateway (a verified response callback): which of the actor's orders it was. */
export async function orderOfReturn(
  db: Db,
  provider: 'sandbox' | 'paymob',
  t: VerifiedTransaction,
): Promise<string | null> {
  const [o] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, provider), byProviderOrder(t.providerOrderId)));
  return o?.id ?? null;
}
