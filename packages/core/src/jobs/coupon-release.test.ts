import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { verifiedTransaction as transaction } from '../../test/verified-transaction.ts';
import { type Actor, findActor } from '../auth/actor.ts';
import { checkout, onTransaction, payAgain } from '../billing/ledger.ts';
import { accounts, couponRedemptions, coupons, orders, users } from '../db/schema/index.ts';
import { COUPON_HOLD_HOURS, releaseAbandonedCoupons } from './coupon-release.ts';

const HOUR = 3600_000;
let n = 0;

/**
 * A coupon reserved by an order that is never paid goes back to the account after a day; so does a refunded order's.
 * "Pay again" on an order that gave its coupon back takes it again, or is refused as a checkout would be.
 */
describe.each(drivers)('coupon uses given back on %s', (driver: Driver) => {
  let database: TestDatabase;
  const config = testConfig();
  let owner: Actor;
  const rt = () => ({ db: database.db, config });
  const purchase = (code: string) => ({
    clientKey: `coupon${Date.now()}${n++}`,
    purchase: {
      kind: 'room' as const,
      roomName: `Room ${n++}`,
      roomType: 'jitsi' as const,
      participants: 20,
      period: 'monthly' as const,
      currency: 'EGP' as const,
      coupon: code,
    },
  });
  const coupon = async (code: string) => {
    await database.db.insert(coupons).values({
      code,
      kind: 'percent',
      percent: 20,
      validFrom: new Date(Date.now() - HOUR),
      validTo: new Date(Date.now() + 30 * 24 * HOUR),
      maxUses: 5,
    });
    return (await database.db.select().from(coupons).where(eq(coupons.code, code)))[0];
  };
  const heldBy = async (orderId: string) =>
    database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    const [row] = await database.db
      .select({ userId: accounts.ownerUserId, accountId: accounts.id })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerUserId))
      .where(and(eq(users.email, 'owner@demo.test'), eq(accounts.kind, 'inst')));
    owner = (await findActor(database.db, row?.userId as string, row?.accountId as string)) as Actor;
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  it('an order left unpaid gives its coupon use back after a day; paying it again then takes the use again, or is refused', async () => {
    const c = await coupon('LEFT24');
    const { order } = await checkout(rt(), owner, purchase('LEFT24'));
    expect(await heldBy(order.id)).toHaveLength(1);
    const soon = { db: database.db, now: () => new Date(Date.now() + HOUR) };
    expect(await releaseAbandonedCoupons(soon)).toBe(0);
    const later = { db: database.db, now: () => new Date(Date.now() + (COUPON_HOLD_HOURS + 1) * HOUR) };
    expect(await releaseAbandonedCoupons(later)).toBeGreaterThanOrEqual(1);
    expect(await heldBy(order.id)).toHaveLength(0);
    expect(
      (
        await database.db
          .select()
          .from(coupons)
          .where(eq(coupons.id, c?.id as string))
      )[0]?.uses,
    ).toBe(0);

    // Paying the old order again takes the use back (the discounted price needs it).
    await payAgain(rt(), owner, order.id);
    expect(await heldBy(order.id)).toHaveLength(1);

    // Released again, and spent meanwhile by a new order: the old one is refused as a checkout would be.
    await releaseAbandonedCoupons(later);
    const second = await checkout(rt(), owner, purchase('LEFT24'));
    expect(await heldBy(second.order.id)).toHaveLength(1);
    await expect(payAgain(rt(), owner, order.id)).rejects.toMatchObject({ code: 'COUPON_ALREADY_USED' });
  });

  it('a paid order is left alone; refunded, its coupon use goes back', async () => {
    await coupon('PAIDREF');
    const { order } = await checkout(rt(), owner, purchase('PAIDREF'));
    const [o] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    await onTransaction(rt(), 'sandbox', transaction(o?.providerOrderId as string, o?.totalMinor ?? 0, {}));
    const later = { db: database.db, now: () => new Date(Date.now() + (COUPON_HOLD_HOURS + 1) * HOUR) };
    await releaseAbandonedCoupons(later);
    expect(await heldBy(order.id)).toHaveLength(1);
    await onTransaction(
      rt(),
      'sandbox',
      transaction(o?.providerOrderId as string, o?.totalMinor ?? 0, { refunded: true }),
    );
    expect(await heldBy(order.id)).toHaveLength(0);
  });
});
