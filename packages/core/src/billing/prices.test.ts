import { randomUUID } from 'node:crypto';
import { PARTICIPANT_TIERS, ROOM_TYPES } from '@majlis/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { accounts, auditLog, coupons, memberships, prices, rooms, users } from '../db/schema/index.ts';
import { DEFAULT_PRICES, ensureDefaultPrices, getPriceList, roomPriceKey, setPrice, tierOf } from './prices.ts';
import { quotePurchase } from './quote.ts';

const amount = (key: string) => DEFAULT_PRICES.find((p) => p.key === key)?.amountMinor as number;

describe('the default price list', () => {
  it('has every room type × tier × period × currency, the enterprise renewal and the transfer, once each', () => {
    expect(DEFAULT_PRICES).toHaveLength(3 * 7 * 3 * 2 + 2 + 2);
    expect(new Set(DEFAULT_PRICES.map((p) => p.key)).size).toBe(DEFAULT_PRICES.length);
    expect(amount('enterprise:monthly:USD')).toBe(1250);
    expect(amount('transfer:USD')).toBe(200);
    expect(amount('enterprise:monthly:EGP')).toBeGreaterThan(0);
    expect(amount('transfer:EGP')).toBeGreaterThan(0);
  });

  it('annual is ten months, a daily pack costs more per day than a month, and bigger or richer rooms cost more', () => {
    for (const currency of ['EGP', 'USD'] as const)
      for (const type of ROOM_TYPES)
        PARTICIPANT_TIERS.forEach((tier, i) => {
          const monthly = amount(roomPriceKey(type, tier, 'monthly', currency));
          expect(amount(roomPriceKey(type, tier, 'annual', currency))).toBe(10 * monthly);
          expect(amount(roomPriceKey(type, tier, 'daily', currency)) / 7).toBeGreaterThan(monthly / 30);
          const smaller = PARTICIPANT_TIERS[i - 1];
          if (smaller) expect(monthly).toBeGreaterThan(amount(roomPriceKey(type, smaller, 'monthly', currency)));
        });
    for (const tier of PARTICIPANT_TIERS)
      for (const currency of ['EGP', 'USD'] as const) {
        const m = (t: (typeof ROOM_TYPES)[number]) => amount(roomPriceKey(t, tier, 'monthly', currency));
        expect(m('bbb')).toBeGreaterThan(m('jitsi'));
        expect(m('zoom')).toBeGreaterThan(m('bbb'));
      }
  });

  it('a room pays for the smallest tier at or above its participants', () => {
    expect([2, 10, 11, 25, 26, 999, 1000].map(tierOf)).toEqual([10, 10, 25, 25, 50, 1000, 1000]);
  });
});

describe.each(drivers)('prices and quotes on %s', (driver: Driver) => {
  let database: TestDatabase;
  let db: Db;
  const config = testConfig();
  let owner: Actor;
  let otherRoom: string;
  let ownRoom: string;

  async function person(kind: 'indv' | 'inst', role: 'owner' | 'admin' = 'owner'): Promise<Actor> {
    const email = `${randomUUID().slice(0, 8)}@prices.test`;
    const [u] = await db
      .insert(users)
      .values({ email, passwordHash: 'x', fname: 'Huda', lname: 'Ali', phone: '+201000000001' })
      .returning();
    const [a] = await db
      .insert(accounts)
      .values({ kind, name: 'A', ownerUserId: u?.id as string })
      .returning();
    await db.insert(memberships).values({ userId: u?.id as string, accountId: a?.id as string, role });
    return {
      userId: u?.id as string,
      accountId: a?.id as string,
      role,
      kind,
      isOps: false,
      fname: 'Huda',
      lname: 'Ali',
      email,
      picture: null,
      locale: 'ar',
      timeZone: 'Africa/Cairo',
    };
  }
  const room = async (accountId: string, type: 'bbb' | 'zoom' | 'jitsi', participants: number) =>
    (await db.insert(rooms).values({ accountId, name: 'Room', type, participants }).returning())[0]?.id as string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    db = database.db;
    owner = await person('indv');
    ownRoom = await room(owner.accountId, 'bbb', 30);
    otherRoom = await room((await person('indv')).accountId, 'zoom', 10);
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  it('the database opens with the full list, and seeding again keeps what the operator changed', async () => {
    expect(await db.$count(prices)).toBe(DEFAULT_PRICES.length);
    const key = roomPriceKey('jitsi', 25, 'monthly', 'EGP');
    const operator = { ...owner, isOps: true };
    await setPrice(db, config, operator, key, 31_500, '10.0.0.1');
    await db.delete(prices).where(eq(prices.key, 'transfer:EGP'));
    await ensureDefaultPrices(db);
    await ensureDefaultPrices(db);
    expect(await db.$count(prices)).toBe(DEFAULT_PRICES.length);
    const [row] = await db.select().from(prices).where(eq(prices.key, key));
    expect(row?.amountMinor).toBe(31_500);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'price.update'));
    expect(audit).toMatchObject({ target: key, userId: owner.userId, meta: { from: amount(key), to: 31_500 } });
    await expect(setPrice(db, config, owner, key, 1)).rejects.toMatchObject({ status: 404 });
    await expect(setPrice(db, config, operator, 'room:jitsi:26:monthly:EGP', 1)).rejects.toMatchObject({
      status: 404,
    });
    await setPrice(db, config, operator, key, amount(key));
  });

  it('the public list: every room price, the enterprise renewal, the waived transfer, tax and the annual saving', async () => {
    const list = await getPriceList(db, config);
    expect(list.rooms).toHaveLength(126);
    expect(list.rooms[0]).toEqual({
      roomType: 'bbb',
      participants: 10,
      period: 'daily',
      currency: 'EGP',
      amountMinor: amount(roomPriceKey('bbb', 10, 'daily', 'EGP')),
    });
    expect(list.enterprise).toEqual([
      { currency: 'EGP', amountMinor: amount('enterprise:monthly:EGP') },
      { currency: 'USD', amountMinor: 1250 },
    ]);
    expect(list.transfer).toContainEqual({ currency: 'USD', amountMinor: 200, waived: true });
    expect(list.taxPercent).toBe(14);
    // Ten months for twelve: 16.7 % off, shown as 16 % (never more than any room saves).
    expect(list.annualSavingPercent).toBe(16);
    expect(list.tiers).toEqual([...PARTICIPANT_TIERS]);
    expect((await getPriceList(db, { BILLING_TAX_PERCENT: 0 })).taxPercent).toBe(0);
  });

  it('a new room is priced at its tier, with the tax on top', async () => {
    const q = await quotePurchase(db, config, owner, {
      kind: 'room',
      roomName: 'Class',
      roomType: 'zoom',
      participants: 11,
      period: 'annual',
      currency: 'USD',
    });
    const unit = amount(roomPriceKey('zoom', 25, 'annual', 'USD'));
    expect(q).toMatchObject({ tier: 25, unitMinor: unit, discountMinor: 0, taxPercent: 14, coupon: null, room: null });
    expect(q.taxMinor).toBe(Math.round(unit * 0.14));
    expect(q.totalMinor).toBe(unit + q.taxMinor);
  });

  it('a renewal prices the account’s own room, upgrades on request, never downgrades, and hides other rooms', async () => {
    const renew = (participants?: number) =>
      quotePurchase(db, config, owner, {
        kind: 'renewal',
        roomId: ownRoom,
        period: 'monthly',
        currency: 'EGP',
        ...(participants ? { participants } : {}),
      });
    expect(await renew()).toMatchObject({
      tier: 50,
      roomType: 'bbb',
      participants: 30,
      unitMinor: amount(roomPriceKey('bbb', 50, 'monthly', 'EGP')),
      room: { id: ownRoom, type: 'bbb', participants: 30 },
    });
    expect(await renew(120)).toMatchObject({ tier: 250, participants: 120 });
    expect(await renew(5)).toMatchObject({ tier: 50, participants: 30 });
    await expect(
      quotePurchase(db, config, owner, { kind: 'renewal', roomId: otherRoom, period: 'monthly', currency: 'EGP' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('only an owner is quoted, and only an institution renews as one', async () => {
    const purchase = { kind: 'enterprise', currency: 'USD' } as const;
    await expect(quotePurchase(db, config, owner, purchase)).rejects.toMatchObject({
      status: 409,
      code: 'ENTERPRISE_ONLY',
    });
    const inst = await person('inst');
    expect(await quotePurchase(db, config, inst, purchase)).toMatchObject({
      unitMinor: 1250,
      tier: null,
      taxMinor: 175,
    });
    await expect(quotePurchase(db, config, { ...inst, role: 'admin' }, purchase)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('coupons: percent of the unit, fixed in its currency and never below zero, refusals named', async () => {
    const now = new Date('2026-06-15T10:00:00Z');
    const day = 86_400_000;
    const add = (code: string, values: Partial<typeof coupons.$inferInsert>) =>
      db
        .insert(coupons)
        .values({
          code,
          kind: 'percent',
          percent: 25,
          validFrom: new Date(+now - day),
          validTo: new Date(+now + day),
          maxUses: 10,
          ...values,
        })
        .returning();
    await add('QUARTER', {});
    await add('BIGFIXED', { kind: 'fixed', percent: null, amountMinor: 10_000_000, currency: 'EGP' });
    await add('OFF', { active: false });
    await add('LATER', { validFrom: new Date(+now + day), validTo: new Date(+now + 2 * day) });
    await add('PAST', { validFrom: new Date(+now - 2 * day), validTo: new Date(+now - day) });
    await add('GONE', { maxUses: 3, uses: 3 });
    const quote = (coupon: string, currency: 'EGP' | 'USD' = 'EGP') =>
      quotePurchase(
        db,
        config,
        owner,
        { kind: 'room', roomName: 'R', roomType: 'jitsi', participants: 10, period: 'monthly', currency, coupon },
        now,
      );
    const unit = amount(roomPriceKey('jitsi', 10, 'monthly', 'EGP'));
    const q = await quote('quarter');
    expect(q).toMatchObject({
      discountMinor: Math.round(unit / 4),
      coupon: { code: 'QUARTER', applied: true, refusal: null },
    });
    expect(q.couponId).toEqual(expect.any(String));
    expect(q.taxMinor).toBe(Math.round(0.14 * (unit - Math.round(unit / 4))));
    expect(q.totalMinor).toBe(unit - q.discountMinor + q.taxMinor);
    expect(await quote('BIGFIXED')).toMatchObject({ discountMinor: unit, taxMinor: 0, totalMinor: 0 });
    const refusals = await Promise.all(
      [quote('BIGFIXED', 'USD'), quote('OFF'), quote('NOPE'), quote('LATER'), quote('PAST'), quote('GONE')].map(
        async (p) => {
          const r = await p;
          expect(r).toMatchObject({ discountMinor: 0, couponId: null, coupon: { applied: false } });
          return r.coupon?.refusal;
        },
      ),
    );
    expect(refusals).toEqual([
      'coupon.currency',
      'coupon.unknown',
      'coupon.unknown',
      'coupon.notYet',
      'coupon.expired',
      'coupon.usedUp',
    ]);
  });
});
