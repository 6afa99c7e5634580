import type { Quote, RoomPeriod, TPurchase, TRoomType } from '@majlis/contracts';
import type { TProductRoomName } from '@majlis/contracts/rooms';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import { rooms } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { evaluateCoupon } from './coupons.ts';
import { paidTier } from './periods.ts';
import { amountOf, enterprisePriceKey, priceAmounts, roomPriceKey, tierOf } from './prices.ts';

export interface QuotedRoom {
  id: string;
  name: string;
  nameKey: TProductRoomName | null;
  type: TRoomType;
  participants: number;
}

/** The quote on the wire and what checkout needs beside it to write the order. */
export type QuoteResult = Quote & {
  couponId: string | null;
  room: QuotedRoom | null;
  roomType: TRoomType | null;
  participants: number | null;
  period: RoomPeriod;
};

/**
 * The price the server will charge for a purchase (POST /api/billing/quote, and checkout before it writes the
 * order): only the account's owner buys (spec §6; manageBilling). A room pays for the smallest tier at or above its
 * participants; a renewal prices the account's own room (another account's id is 404) at its type and participants,
 * or at more participants when asked (an upgrade, in force once paid; never fewer). A coupon that does not apply
 * comes back as its refusal id, the price without it. Tax is on the discounted unit, rounded to a minor unit.
 */
export async function quotePurchase(
  db: Db | Tx,
  config: Pick<Config, 'BILLING_TAX_PERCENT'>,
  actor: Actor,
  purchase: TPurchase,
  now: Date = new Date(),
): Promise<QuoteResult> {
  requirePower(actor, 'manageBilling');
  const amounts = await priceAmounts(db);
  let room: QuotedRoom | null = null;
  let roomType: TRoomType | null = null;
  let participants: number | null = null;
  let period: RoomPeriod = 'monthly';
  let tier: number | null = null;
  let unitMinor: number;
  if (purchase.kind === 'enterprise') {
    // The institution's own renewal: a personal account has none to pay (it moves over for free, spec §4).
    if (actor.kind !== 'inst') throw new AppError(409, 'ENTERPRISE_ONLY');
    unitMinor = amountOf(amounts, enterprisePriceKey(purchase.currency));
  } else {
    if (purchase.kind === 'renewal') {
      const [found] = await db
        .select({
          id: rooms.id,
          name: rooms.name,
          nameKey: rooms.nameKey,
          type: rooms.type,
          participants: rooms.participants,
        })
        .from(rooms)
        .where(and(eq(rooms.id, purchase.roomId), eq(rooms.accountId, actor.accountId)));
      if (!found) throw notFound();
      room = found;
      roomType = found.type;
      // priced on the tier paid for, never on an editable field (issue 25); more when asked (an upgrade), never fewer
      participants = Math.max(await paidTier(db, found.id, found.participants), purchase.participants ?? 0);
    } else {
      roomType = purchase.roomType;
      participants = purchase.participants;
    }
    period = purchase.period;
    tier = tierOf(participants);
    unitMinor = amountOf(amounts, roomPriceKey(roomType, tier, period, purchase.currency));
  }
  const coupon = purchase.coupon
    ? await evaluateCoupon(db, purchase.coupon, actor.accountId, purchase.currency, unitMinor, now)
    : null;
  const discountMinor = coupon?.discountMinor ?? 0;
  const taxPercent = config.BILLING_TAX_PERCENT;
  const taxMinor = Math.round((taxPercent * (unitMinor - discountMinor)) / 100);
  return {
    currency: purchase.currency,
    unitMinor,
    tier,
    discountMinor,
    taxPercent,
    taxMinor,
    totalMinor: unitMinor - discountMinor + taxMinor,
    coupon: coupon ? { code: coupon.code, applied: coupon.refusal === null, refusal: coupon.refusal } : null,
    couponId: coupon?.refusal === null ? coupon.couponId : null,
    room,
    roomType,
    participants,
    period,
  };
}

/** The wire quote alone (ZQuote is strict: checkout's extra fields stay on the server). */
export function quoteView(q: QuoteResult): Quote {
  return {
    currency: q.currency,
    unitMinor: q.unitMinor,
    tier: q.tier,
    discountMinor: q.discountMinor,
    taxPercent: q.taxPercent,
    taxMinor: q.taxMinor,
    totalMinor: q.totalMinor,
    coupon: q.coupon,
  };
}
