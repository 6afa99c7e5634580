import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import type { Actor } from '../auth/actor.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { accounts, auditLog, couponRedemptions, coupons, memberships, users } from '../db/schema/index.ts';
import { createCoupon, listCoupons, releaseCoupon, reserveCoupon, setCouponActive } from './coupons.ts';
import { quotePurchase } from './quote.ts';

const DAY = 86_400_000;

describe.each(drivers)('coupons on %s', (driver: Driver) => {
  let database: TestDatabase;
  let db: Db;
  const config = testConfig();
  let operator: Actor;

  async function owner(): Promise<Actor> {
    const email = `${randomUUID().slice(0, 8)}@coupons.test`;
    const [u] = await db
      .insert(users)
      .values({ email, passwordHash: 'x', fname: 'Omar', lname: 'K', phone: '+201000000002' })
      .returning();
    const [a] = await db
      .insert(accounts)
      .values({ kind: 'indv', name: 'A', ownerUserId: u?.id as string })
      .returning();
    await db.insert(memberships).values({ userId: u?.id as string, accountId: a?.id as string, role: 'owner' });
    return {
      userId: u?.id as string,
      accountId: a?.id as string,
      role: 'owner',
      kind: 'indv',
      isOps: false,
      fname: 'Omar',
      lname: 'K',
      email,
      picture: null,
      locale: 'en',
      timeZone: 'Africa/Cairo',
    };
  }
  const coupon = async (values: Partial<typeof coupons.$inferInsert> = {}) =>
    (
      await db
        .insert(coupons)
        .values({
          code: `C${randomUUID().slice(0, 8).toUpperCase()}`,
          kind: 'percent',
          percent: 10,
          validFrom: new Date(Date.now() - DAY),
          validTo: new Date(Date.now() + DAY),
          maxUses: 5,
          ...values,
        })
        .returning()
    )[0] as typeof coupons.$inferSelect;
  const usesOf = async (id: string) => (await db.select().from(coupons).where(eq(coupons.id, id)))[0]?.uses;
  const redemptions = (id: string) => db.$count(couponRedemptions, eq(couponRedemptions.couponId, id));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    db = database.db;
    operator = { ...(await owner()), isOps: true };
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  it('a reservation takes one use and ties it to the account; the account cannot use it twice', async () => {
    const c = await coupon();
    const buyer = await owner();
    await db.transaction((tx) => reserveCoupon(tx, c.id, buyer.accountId, randomUUID()));
    expect(await usesOf(c.id)).toBe(1);
    await expect(db.transaction((tx) => reserveCoupon(tx, c.id, buyer.accountId, randomUUID()))).rejects.toMatchObject({
      status: 409,
      code: 'COUPON_ALREADY_USED',
    });
    expect(await usesOf(c.id)).toBe(1);
    const q = await quotePurchase(db, config, buyer, {
      kind: 'room',
      roomName: 'R',
      roomType: 'jitsi',
      participants: 10,
      period: 'monthly',
      currency: 'EGP',
      coupon: c.code.toLowerCase(),
    });
    expect(q.coupon).toEqual({ code: c.code, applied: false, refusal: 'coupon.alreadyUsed' });
  });

  it('refuses with the reason, and a refusal leaves nothing behind in a transaction that goes on', async () => {
    const buyer = await owner();
    const cases = [
      [await coupon({ maxUses: 2, uses: 2 }), 'COUPON_USED_UP'],
      [await coupon({ validTo: new Date(Date.now() - 1000), validFrom: new Date(Date.now() - DAY) }), 'COUPON_EXPIRED'],
      [
        await coupon({ validFrom: new Date(Date.now() + DAY), validTo: new Date(Date.now() + 2 * DAY) }),
        'COUPON_NOT_YET',
      ],
      [await coupon({ active: false }), 'COUPON_UNKNOWN'],
    ] as const;
    for (const [c, code] of cases) {
      await expect(
        db.transaction((tx) => reserveCoupon(tx, c.id, buyer.accountId, randomUUID())),
      ).rejects.toMatchObject({ status: 409, code });
    }
    // Same account a second time, caught by a caller that then commits its own work: no second use is counted.
    const c = await coupon();
    await db.transaction((tx) => reserveCoupon(tx, c.id, buyer.accountId, randomUUID()));
    await db.transaction(async (tx) => {
      await reserveCoupon(tx, c.id, buyer.accountId, randomUUID()).catch(() => {});
      await tx.update(coupons).set({ maxUses: 6 }).where(eq(coupons.id, c.id));
    });
    expect(await db.select().from(coupons).where(eq(coupons.id, c.id))).toMatchObject([{ uses: 1, maxUses: 6 }]);
    expect(await redemptions(c.id)).toBe(1);
  });

  it('releasing an order gives its use back: the account may use the coupon again', async () => {
    const c = await coupon({ maxUses: 1 });
    const buyer = await owner();
    const orderId = randomUUID();
    await db.transaction((tx) => reserveCoupon(tx, c.id, buyer.accountId, orderId));
    await db.transaction((tx) => releaseCoupon(tx, orderId));
    await db.transaction((tx) => releaseCoupon(tx, orderId));
    expect(await usesOf(c.id)).toBe(0);
    await db.transaction((tx) => reserveCoupon(tx, c.id, buyer.accountId, randomUUID()));
    expect(await usesOf(c.id)).toBe(1);
  });

  // PGlite has one connection, so its transactions never overlap: the race is PostgreSQL's to show.
  const onPostgres = driver === 'postgres' ? it : () => {};
  onPostgres('two buyers racing for the last use: exactly one gets it', async () => {
    const c = await coupon({ maxUses: 1 });
    const [a, b] = [await owner(), await owner()];
    // A takes the row and holds its transaction open until B's update is seen waiting on A's lock; then A commits.
    let releaseA!: () => void;
    const aMayCommit = new Promise<void>((r) => {
      releaseA = r;
    });
    let aHasRow!: () => void;
    const aReserved = new Promise<void>((r) => {
      aHasRow = r;
    });
    const first = db.transaction(async (tx) => {
      await reserveCoupon(tx, c.id, a.accountId, randomUUID());
      aHasRow();
      await aMayCommit;
    });
    await aReserved;
    const second = db.transaction((tx) => reserveCoupon(tx, c.id, b.accountId, randomUUID()));
    const waiting = sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "coupons"%'`;
    for (let i = 0; ; i++) {
      const [row] = await queryRows<{ n: number }>(db, waiting);
      if ((row?.n ?? 0) > 0) break;
      if (i > 10_000) throw new Error('B never waited on A');
    }
    releaseA();
    const results = await Promise.allSettled([first, second]);
    expect(results[0].status).toBe('fulfilled');
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'COUPON_USED_UP' } });
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptions(c.id)).toBe(1);
  });

  it('the same account from two tabs at once: one use', async () => {
    const c = await coupon({ maxUses: 10 });
    const buyer = await owner();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => db.transaction((tx) => reserveCoupon(tx, c.id, buyer.accountId, randomUUID()))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptions(c.id)).toBe(1);
  });

  it('the operator creates, lists and switches coupons; codes are unique; nobody else sees them', async () => {
    const from = new Date(Date.now() - DAY).toISOString();
    const to = new Date(Date.now() + 30 * DAY).toISOString();
    const code = `RAMADAN${randomUUID().slice(0, 4).toUpperCase()}`;
    const made = await createCoupon(
      db,
      operator,
      {
        code,
        kind: 'fixed',
        amountMinor: 5000,
        currency: 'EGP',
        percent: 50,
        validFrom: from,
        validTo: to,
        maxUses: 100,
      },
      '10.1.1.1',
    );
    expect(made).toMatchObject({ code, kind: 'fixed', percent: null, amountMinor: 5000, currency: 'EGP', uses: 0 });
    await expect(
      createCoupon(db, operator, { code, kind: 'percent', percent: 5, validFrom: from, validTo: to, maxUses: 1 }),
    ).rejects.toMatchObject({ status: 409, code: 'COUPON_EXISTS' });
    expect((await listCoupons(db, operator)).coupons.map((x) => x.code)).toContain(code);
    expect(await setCouponActive(db, operator, made.id, false)).toMatchObject({ id: made.id, active: false });
    await expect(setCouponActive(db, operator, randomUUID(), true)).rejects.toMatchObject({ status: 404 });
    const plain = await owner();
    await expect(listCoupons(db, plain)).rejects.toMatchObject({ status: 404 });
    await expect(setCouponActive(db, plain, made.id, true)).rejects.toMatchObject({ status: 404 });
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, made.id), eq(auditLog.userId, operator.userId)));
    expect(actions.map((r) => r.action).sort()).toEqual(['coupon.create', 'coupon.disable']);
  });
});
