import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { hashPassword } from '@majlis/core/auth/password';
import * as schema from '@majlis/core/db/schema/index';
import { providerMeetingOf } from '@majlis/core/meetings/meeting-status';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymobFake, startPaymobFake } from '../../../packages/core/test/fakes/paymob.ts';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
const DAY = 86_400_000;
const hmacSecret = 'paymob-hmac-secret-for-tests';
let n = 0;
const key = () => `ledger${Date.now()}${n++}`;

/**
 * Issue 25 over HTTP, paid through the Paymob fake (signed callbacks and refunds): seats and room type change only
 * through a paid order, each paid order owns its period and a refund removes that one only, the one-room and
 * room-exists rules hold when payments arrive late, and a purchase during the trial starts when the trial ends.
 */
describe.each(drivers)('the billing ledger on %s', (driver) => {
  let runtime: Runtime;
  let server: Server;
  let database: TestDatabase;
  let fake: PaymobFake;
  let base = '';
  let config: ReturnType<typeof testConfig> | undefined;
  const db = () => runtime.db;

  beforeAll(async () => {
    fake = await startPaymobFake({
      hmacSecret,
      secretKey: 'sk_test',
      publicKey: 'pk_test',
      integrationIds: { card: 11, wallet: 12 },
    });
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config = testConfig({
      PUBLIC_URL: base,
      PAYMENTS_PROVIDER: 'paymob',
      PAYMOB_SECRET_KEY: 'sk_test',
      PAYMOB_PUBLIC_KEY: 'pk_test',
      PAYMOB_HMAC_SECRET: hmacSecret,
      PAYMOB_CARD_INTEGRATION_ID: '11',
      PAYMOB_WALLET_INTEGRATION_ID: '12',
      PAYMOB_BASE_URL: fake.url,
    });
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    server.on('request', getRequestListener(createApp(runtime).fetch));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await runtime?.close();
    await database?.drop();
    await fake?.close();
    config?.cleanup();
  });

  const signedIn = async (email: string) => {
    const c = new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), base);
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const orderRow = async (id: string) => (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
  const subOf = async (roomId: string) =>
    (await db().select().from(schema.subscriptions).where(eq(schema.subscriptions.roomId, roomId)))[0];
  const roomNamed = async (name: string) =>
    (await db().select().from(schema.rooms).where(eq(schema.rooms.name, name)))[0];
  /** A checkout, answered as it came. */
  const checkout = (c: TestClient, purchase: Record<string, unknown>) =>
    c.post('/api/billing/checkout', { clientKey: key(), purchase: { currency: 'EGP', ...purchase } });
  /** The buyer pays the order on Paymob's page; its processed callback reaches our webhook. */
  const pay = async (orderId: string) => {
    const o = await orderRow(orderId);
    const paid = await fake.pay(o?.providerOrderId as string, { success: true, method: 'card' });
    expect(paid.callback.status).toBe(200);
    return paid.transaction.id as number;
  };
  const buy = async (c: TestClient, purchase: Record<string, unknown>) => {
    const res = await checkout(c, purchase);
    expect(res.status, res.text).toBe(200);
    const transactionId = await pay(res.json.order.id);
    const o = await orderRow(res.json.order.id);
    expect(o?.status).toBe('completed');
    return { order: o as typeof schema.orders.$inferSelect, transactionId };
  };
  const refund = async (transactionId: number) => expect((await fake.refund(transactionId)).callback.status).toBe(200);

  it('seats and type change only through a paid order: the room edit refuses them, renewals price the tier paid for', async () => {
    const owner = await signedIn('owner@demo.test');
    const admin = await signedIn('admin@demo.test');
    const studio = await roomNamed('Training studio');
    if (!studio) throw new Error('demo studio missing');
    for (const [who, body] of [
      [admin, { participants: 1000 }],
      [owner, { participants: 10 }],
      [owner, { type: 'bbb' }],
    ] as const) {
      const res = await who.request('PUT', `/api/rooms/${studio.id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.json.code).toBe('ROOM_PLAN_IN_BILLING');
      expect(res.json.errorMessage.en).toMatch(/Billing/);
      expect(res.json.errorMessage.ar).toMatch(/الفواتير/);
    }
    // a rename (the form sends the values it shows unchanged) still passes
    const renamed = await owner.request('PUT', `/api/rooms/${studio.id}`, {
      body: { name: 'Training studio', type: 'jitsi', participants: 25 },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.participants).toBe(25);
    // the renewal is priced on the tier paid for: the same as a new 25-seat monthly room
    const renewal = await owner.post('/api/billing/quote', {
      kind: 'renewal',
      roomId: studio.id,
      period: 'monthly',
      currency: 'EGP',
    });
    const tier25 = await owner.post('/api/billing/quote', {
      kind: 'room',
      roomName: 'x',
      roomType: 'jitsi',
      participants: 25,
      period: 'monthly',
      currency: 'EGP',
    });
    expect(renewal.json.unitMinor).toBe(tier25.json.unitMinor);
    expect(renewal.json.tier).toBe(25);

    // the trial room's ten seats stay ten
    const solo = await signedIn('solo@demo.test');
    const trialRoom = (await solo.get('/api/rooms')).json.rooms[0];
    const grown = await solo.request('PUT', `/api/rooms/${trialRoom.id}`, { body: { participants: 1000 } });
    expect(grown.status).toBe(409);
    expect((await solo.get(`/api/rooms/${trialRoom.id}`)).json.participants).toBe(10);
  });

  it('a 7-day pack at a bigger tier holds its own days only; BigBlueButton gets the tier in force', async () => {
    const owner = await signedIn('owner@demo.test');
    const { order: bought } = await buy(owner, {
      kind: 'room',
      roomName: 'Annual hall',
      roomType: 'jitsi',
      participants: 50,
      period: 'annual',
    });
    const roomId = bought.roomId as string;
    await buy(owner, { kind: 'renewal', roomId, period: 'daily', participants: 1000 });
    expect((await owner.get(`/api/rooms/${roomId}`)).json.participants).toBe(50);
    const meeting = await owner.post('/api/meetings', {
      name: 'اجتماع',
      type: 'scheduled',
      roomId,
      day: addDays(todayIn('Africa/Cairo'), 1),
      hour: '10:00',
      durationHours: 1,
      durationMinutes: 0,
    });
    expect(meeting.status, meeting.text).toBe(201);
    const [m] = await db().select().from(schema.meetings).where(eq(schema.meetings.id, meeting.json.id));
    if (!m) throw new Error('meeting missing');
    expect((await providerMeetingOf(db(), m)).maxParticipants).toBe(50);
    // the next monthly renewal is priced at the plan's 50, not the pack's 1000
    const quote = await owner.post('/api/billing/quote', {
      kind: 'renewal',
      roomId,
      period: 'monthly',
      currency: 'EGP',
    });
    expect(quote.json.tier).toBe(50);
    // once the annual time is over, the pack's days are the room's time, at the pack's tier
    const past = new Date(Date.now() - 60_000);
    await db().update(schema.orders).set({ periodEndsAt: past }).where(eq(schema.orders.id, bought.id));
    await db().update(schema.subscriptions).set({ renewsAt: past }).where(eq(schema.subscriptions.roomId, roomId));
    expect((await owner.get(`/api/rooms/${roomId}`)).json.participants).toBe(1000);
    expect((await providerMeetingOf(db(), m)).maxParticipants).toBe(1000);
  });

  it('each paid order owns its period: refunding one removes that period only and later ones move up', async () => {
    const owner = await signedIn('owner@demo.test');
    const first = await buy(owner, {
      kind: 'room',
      roomName: 'Ledger room',
      roomType: 'jitsi',
      participants: 10,
      period: 'monthly',
    });
    const roomId = first.order.roomId as string;
    const renewsAt = async () => +((await subOf(roomId))?.renewsAt as Date);
    const afterFirst = await renewsAt();
    const a = await buy(owner, { kind: 'renewal', roomId, period: 'monthly' });
    const afterA = await renewsAt();
    const b = await buy(owner, { kind: 'renewal', roomId, period: 'monthly' });
    const afterB = await renewsAt();
    expect(afterA).toBeGreaterThan(afterFirst);
    expect(afterB).toBeGreaterThan(afterA);

    // refunding the newest order (the subscription's "current" one) takes its month only
    await refund(b.transactionId);
    expect((await subOf(roomId))?.status).not.toBe('expired');
    expect(await renewsAt()).toBe(afterA);
    // refunding the middle one removes its month; the first stays whole
    await refund(a.transactionId);
    expect((await subOf(roomId))?.status).not.toBe('expired');
    expect(await renewsAt()).toBe(afterFirst);
    // each order owned its own period, one after the other
    expect(+(a.order.periodStartsAt as Date)).toBe(afterFirst);
    expect(+(b.order.periodStartsAt as Date)).toBe(afterA);
    expect((await orderRow(first.order.id))?.periodEndsAt).toEqual(first.order.periodEndsAt);
  });

  it('refunding an earlier month moves the later one up, keeping its whole length', async () => {
    const owner = await signedIn('owner@demo.test');
    const first = await buy(owner, {
      kind: 'room',
      roomName: 'Move-up room',
      roomType: 'jitsi',
      participants: 10,
      period: 'monthly',
    });
    const roomId = first.order.roomId as string;
    const a = await buy(owner, { kind: 'renewal', roomId, period: 'monthly' });
    const b = await buy(owner, { kind: 'renewal', roomId, period: 'monthly' });
    const length = +(b.order.periodEndsAt as Date) - +(b.order.periodStartsAt as Date);
    const before = +((await subOf(roomId))?.renewsAt as Date);
    const lengthA = +(a.order.periodEndsAt as Date) - +(a.order.periodStartsAt as Date);
    await refund(a.transactionId);
    // the refunded month is gone from the subscription's time (it was all still to come)
    expect(+((await subOf(roomId))?.renewsAt as Date)).toBe(before - lengthA);
    const moved = await orderRow(b.order.id);
    expect(moved?.periodStartsAt).toEqual(first.order.periodEndsAt);
    expect(+(moved?.periodEndsAt as Date) - +(moved?.periodStartsAt as Date)).toBe(length);
    expect((await subOf(roomId))?.renewsAt).toEqual(moved?.periodEndsAt);
  });

  it('an individual account gets one room: a second room order is refused at checkout, or at payment, never granted', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const email = `single-${key()}@ledger.test`;
    const [u] = await db()
      .insert(schema.users)
      .values({ email, passwordHash, fname: 'Single', lname: 'Room', phone: '+201001008888', locale: 'en' })
      .returning();
    const [acc] = await db()
      .insert(schema.accounts)
      .values({ kind: 'indv', name: 'Single', ownerUserId: u?.id as string })
      .returning();
    await db()
      .insert(schema.memberships)
      .values({ userId: u?.id as string, accountId: acc?.id as string, role: 'owner' });
    const single = await signedIn(email);
    const room = { kind: 'room', roomType: 'jitsi', participants: 10, period: 'monthly' };
    const [x, y] = await Promise.all([
      checkout(single, { ...room, roomName: 'One' }),
      checkout(single, { ...room, roomName: 'Two' }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const refused = x.status === 409 ? x : y;
    const pending = x.status === 200 ? x : y;
    expect(refused.json.code).toBe('ROOM_ORDER_PENDING');
    // the room made meanwhile (unpaid) is the account's one room: the late payment grants nothing
    expect((await single.post('/api/rooms', { name: 'Made', type: 'jitsi', participants: 5 })).status).toBe(201);
    await pay(pending.json.order.id);
    const o = await orderRow(pending.json.order.id);
    expect(o?.status).toBe('failed');
    expect(o?.failure).toBe('error.ORDER_NOT_GRANTED');
    const [rooms] = await db()
      .select({ n: count() })
      .from(schema.rooms)
      .where(eq(schema.rooms.accountId, acc?.id as string));
    expect(rooms?.n).toBe(1);
    const view = (await single.get(`/api/billing/orders/${o?.id}`)).json;
    expect(view.failure.en).toMatch(/refunded/);
    const again = await single.post(`/api/billing/orders/${o?.id}/pay`);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('ORDER_NOT_GRANTED');
  });

  it('a renewal paid after its room was deleted grants nothing: no room-less subscription', async () => {
    const owner = await signedIn('owner@demo.test');
    const room = await owner.post('/api/rooms', { name: 'Soon deleted', type: 'jitsi', participants: 10 });
    expect(room.status).toBe(201);
    const res = await checkout(owner, { kind: 'renewal', roomId: room.json.id, period: 'monthly' });
    expect(res.status).toBe(200);
    expect((await owner.request('DELETE', `/api/rooms/${room.json.id}`)).status).toBe(200);
    const roomless = async () =>
      (
        await db()
          .select({ n: count() })
          .from(schema.subscriptions)
          .where(and(isNull(schema.subscriptions.roomId), eq(schema.subscriptions.period, 'monthly')))
      )[0]?.n;
    const before = await roomless();
    await pay(res.json.order.id);
    const o = await orderRow(res.json.order.id);
    expect(o?.status).toBe('failed');
    expect(o?.failure).toBe('error.ORDER_NOT_GRANTED');
    expect(await roomless()).toBe(before);
  });

  it('a plan bought on day 3 of the trial starts when the trial ends, and reads "Room purchase"', async () => {
    const solo = await signedIn('solo@demo.test');
    const trialRoom = (await solo.get('/api/rooms')).json.rooms[0];
    const trial = (await solo.get('/api/usertrial')).json;
    const trialEnds = new Date(trial.endsAt as string);
    expect(+trialEnds - Date.now()).toBeGreaterThan(4 * DAY);
    const { order } = await buy(solo, { kind: 'renewal', roomId: trialRoom.id, period: 'monthly', participants: 25 });
    const sub = await subOf(trialRoom.id);
    const monthAfter = new Date(trialEnds);
    monthAfter.setUTCMonth(monthAfter.getUTCMonth() + 1);
    expect(sub?.renewsAt).toEqual(monthAfter);
    expect(order.periodStartsAt).toEqual(trialEnds);
    // the trial's days keep the trial's ten seats; the 25 paid for come with the paid month
    expect((await solo.get(`/api/rooms/${trialRoom.id}`)).json.participants).toBe(10);
    const [invoice] = await db().select().from(schema.invoices).where(eq(schema.invoices.orderId, order.id));
    expect(invoice?.type).toBe('purchase:monthly');
    const en = (await solo.get(`/api/billing/invoices/${invoice?.id}?lang=en`)).json;
    expect(en.lines[0].label).toMatch(/^Purchase of room/);
    const ar = (await solo.get(`/api/billing/invoices/${invoice?.id}?lang=ar`)).json;
    expect(ar.lines[0].label).toMatch(/^شراء الغرفة/);
  });
});
