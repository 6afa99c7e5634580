import type { Currency, TCouponBody, ZCouponView } from '@majlis/contracts';
import { and, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requireOps } from '../auth/require-ops.ts';
import type { Db, Tx } from '../db/connect.ts';
import { couponRedemptions, coupons } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';

export type CouponView = z.infer<typeof ZCouponView>;
type CouponRow = typeof coupons.$inferSelect;

/** Why a quote does not apply a coupon: server message ids (packages/i18n/locales/{ar,en}/server.po). */
export const COUPON_REFUSALS = [
  'coupon.unknown',
  'coupon.notYet',
  'coupon.expired',
  'coupon.usedUp',
  'coupon.alreadyUsed',
  'coupon.currency',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

export interface CouponOutcome {
  code: string;
  couponId: string | null;
  discountMinor: number;
  refusal: CouponRefusal | null;
}

/**
 * What a coupon takes off one unit for this account, or why it does not apply (never a throw: the quote shows the
 * refusal beside the price). Percent: of the unit, rounded; fixed: in its own currency only, never below zero. An
 * inactive coupon reads as unknown, so switching one off tells nobody it existed.
 */
export async function evaluateCoupon(
  db: Db | Tx,
  code: string,
  accountId: string,
  currency: Currency,
  unitMinor: number,
  now: Date,
): Promise<CouponOutcome> {
  const upper = code.trim().toUpperCase();
  const refuse = (refusal: CouponRefusal, couponId: string | null = null): CouponOutcome => ({
    code: upper,
    couponId,
    discountMinor: 0,
    refusal,
  });
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, upper));
  if (!coupon?.active) return refuse('coupon.unknown');
  if (now < coupon.validFrom) return refuse('coupon.notYet', coupon.id);
  if (now > coupon.validTo) return refuse('coupon.expired', coupon.id);
  if (coupon.uses >= coupon.maxUses) return refuse('coupon.usedUp', coupon.id);
  const [used] = await db
    .select({ orderId: couponRedemptions.orderId })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.accountId, accountId)));
  if (used) return refuse('coupon.alreadyUsed', coupon.id);
  if (coupon.kind === 'fixed' && coupon.currency !== currency) return refuse('coupon.currency', coupon.id);
  return { code: upper, couponId: coupon.id, discountMinor: discountOf(coupon, unitMinor), refusal: null };
}

export function discountOf(coupon: Pick<CouponRow, 'kind' | 'percent' | 'amountMinor'>, unitMinor: number): number {
  const off =
    coupon.kind === 'percent' ? Math.round((unitMinor * (coupon.percent ?? 0)) / 100) : (coupon.amountMinor ?? 0);
  return Math.max(0, Math.min(unitMinor, off));
}

/**
 * Takes one use of a coupon for an order, inside the checkout's transaction. The use is raised in one statement that
 * re-checks the limit and the dates (`uses < max_uses`), so when two buyers race for the last use PostgreSQL makes
 * the second wait on the row and then finds nothing to raise: exactly one gets it. The redemption's primary key
 * (coupon, account) refuses a second use by the same account, even from two tabs at once. Both run under a
 * savepoint: a refusal leaves neither a raised count nor a redemption behind, even when the caller goes on.
 */
export async function reserveCoupon(
  tx: Tx,
  couponId: string,
  accountId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<void> {
  await tx.transaction(async (sp) => {
    const raised = await sp
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          eq(coupons.active, true),
          lt(coupons.uses, coupons.maxUses),
          lte(coupons.validFrom, now),
          gte(coupons.validTo, now),
        ),
      )
      .returning({ id: coupons.id });
    if (!raised.length) throw await whyNot(sp, couponId, now);
    const taken = await sp
      .insert(couponRedemptions)
      .values({ couponId, accountId, orderId })
      .onConflictDoNothing()
      .returning({ couponId: couponRedemptions.couponId });
    if (!taken.length) throw new AppError(409, 'COUPON_ALREADY_USED');
  });
}

async function whyNot(db: Tx, couponId: string, now: Date): Promise<AppError> {
  const [c] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!c?.active) return new AppError(409, 'COUPON_UNKNOWN');
  if (now < c.validFrom) return new AppError(409, 'COUPON_NOT_YET');
  if (now > c.validTo) return new AppError(409, 'COUPON_EXPIRED');
  return new AppError(409, 'COUPON_USED_UP');
}

/**
 * Gives an order's coupon use back (an order refunded, or abandoned by the lead's ledger): the account may use the
 * coupon again and the count goes down. Does nothing for an order that took none.
 */
export async function releaseCoupon(tx: Tx, orderId: string): Promise<void> {
  const gone = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of gone)
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} - 1` })
      .where(and(eq(coupons.id, couponId), gt(coupons.uses, 0)));
}

function view(c: CouponRow): CouponView {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amountMinor: c.amountMinor,
    currency: c.currency,
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo.toISOString(),
    maxUses: c.maxUses,
    uses: c.uses,
    active: c.active,
  };
}

/** GET /api/ops/coupons: newest first. */
export async function listCoupons(db: Db, operator: Actor | null | undefined): Promise<{ coupons: CouponView[] }> {
  requireOps(operator);
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), coupons.code);
  return { coupons: rows.map(view) };
}

/**
 * The operator creates a coupon (POST /api/ops/coupons). The code is upper-case (the contract upper-cases it) and
 * unique: a taken one is 409 COUPON_EXISTS. A percent coupon carries no amount and a fixed one no percent, whatever
 * was sent beside them.
 */
export async function createCoupon(
  db: Db,
  operator: Actor | null | undefined,
  body: TCouponBody,
  ip?: string | null,
): Promise<CouponView> {
  const ops = requireOps(operator);
  const percent = body.kind === 'percent';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({
        code: body.code.toUpperCase(),
        kind: body.kind,
        percent: percent ? (body.percent ?? null) : null,
        amountMinor: percent ? null : (body.amountMinor ?? null),
        currency: percent ? null : (body.currency ?? null),
        validFrom: new Date(body.validFrom),
        validTo: new Date(body.validTo),
        maxUses: body.maxUses,
        createdBy: ops.userId,
      })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row) throw new AppError(409, 'COUPON_EXISTS', { code: 'error.COUPON_EXISTS' });
    await recordAudit(tx, { userId: ops.userId, accountId: null, ip }, 'coupon.create', row.id, {
      code: row.code,
      kind: row.kind,
      maxUses: row.maxUses,
    });
    return view(row);
  });
}

/** PATCH /api/ops/coupons/{id}: switch a coupon off (or on again); uses already taken stand. */
export async function setCouponActive(
  db: Db,
  operator: Actor | null | undefined,
  id: string,
  active: boolean,
  ip?: string | null,
): Promise<CouponView> {
  const ops = requireOps(operator);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(coupons).set({ active }).where(eq(coupons.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, { userId: ops.userId, accountId: null, ip }, active ? 'coupon.enable' : 'coupon.disable', id);
    return view(row);
  });
}
