import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import * as schema from '@majlis/core/db/schema/index';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { PAYMOB_HMAC_FIELDS, paymobHmac } from '@majlis/core/providers/payments/paymob';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PaymobFake, startPaymobFake } from '../../../packages/core/test/fakes/paymob.ts';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
const key = () => `k${Math.random().toString(36).slice(2, 12)}`;
const roomPurchase = (over: Record<string, unknown> = {}) => ({
  kind: 'room',
  roomName: `Room ${Math.random().toString(36).slice(2, 7)}`,
  roomType: 'jitsi',
  participants: 20,
  period: 'monthly',
  currency: 'EGP',
  ...over,
});

interface Served {
  runtime: Runtime;
  server: Server;
  base: string;
  database: TestDatabase;
  config: ReturnType<typeof testConfig>;
}

async function serve(driver: (typeof drivers)[number], env: Record<string, string> = {}): Promise<Served> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ PUBLIC_URL: base, ...env });
  const database = await createTestDatabase(driver, { seeded: true });
  const runtime = await createRuntime(config, { database });
  server.on('request', getRequestListener(createApp(runtime).fetch));
  return { runtime, server, base, database, config };
}

async function stop(s: Served | undefined) {
  if (!s) return;
  await new Promise((resolve) => s.server.close(resolve));
  await s.runtime.close();
  await s.database.drop();
  s.config.cleanup();
}

/** Billing through the embedded sandbox: the same signed-callback path as Paymob, played by our own checkout page. */
describe.each(drivers)('billing with the sandbox on %s', (driver) => {
  let s: Served;
  const signedIn = async (email: string) => {
    const c = new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), s.base);
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const refOf = (redirectUrl: string) => redirectUrl.split('/').pop() as string;
  const meetingIn = async (c: TestClient, roomId: string) => {
    const res = await c.post('/api/meetings', {
      name: 'اجتماع',
      type: 'scheduled',
      roomId,
      day: addDays(todayIn('Africa/Cairo'), 1),
      hour: '10:00',
      durationHours: 1,
      durationMinutes: 0,
    });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };

  beforeAll(async () => {
    s = await serve(driver);
  });
  afterAll(() => stop(s));

  it('a monthly room with a coupon: a double click is one order, a decline then "pay again" completes it once', async () => {
    const owner = await signedIn('owner@demo.test');
    const now = Date.now();
    await s.runtime.db.insert(schema.coupons).values({
      code: 'SAVE20',
      kind: 'percent',
      percent: 20,
      validFrom: new Date(now - 3600_000),
      validTo: new Date(now + 86400_000),
      maxUses: 5,
    });
    const quote = await owner.post('/api/billing/quote', roomPurchase({ coupon: 'save20' }));
    expect(quote.status).toBe(200);
    expect(quote.json.coupon).toMatchObject({ code: 'SAVE20', applied: true });
    expect(quote.json.discountMinor).toBe(Math.round(quote.json.unitMinor * 0.2));

    const body = { clientKey: key(), purchase: roomPurchase({ coupon: 'SAVE20', roomName: 'قاعة التدريب' }) };
    const [a, b] = await Promise.all([
      owner.post('/api/billing/checkout', body),
      owner.post('/api/billing/checkout', body),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json.order.id).toBe(a.json.order.id);
    const order = a.json.order;
    expect(order).toMatchObject({ status: 'pending', totalMinor: quote.json.totalMinor, couponCode: 'SAVE20' });
    const [uses] = await s.runtime.db.select().from(schema.coupons).where(eq(schema.coupons.code, 'SAVE20'));
    expect(uses?.uses).toBe(1);

    const ref = refOf(a.json.redirectUrl);
    expect((await owner.get(`/api/billing/sandbox/${ref}`)).json).toMatchObject({
      demo: true,
      order: { id: order.id },
    });
    const declined = await owner.post(`/api/billing/sandbox/${ref}`, { outcome: 'fail', method: 'card' });
    expect(declined.json.redirectUrl).toBe(`/dashbord/billing/payment/${order.id}`);
    const failed = (await owner.get(`/api/billing/orders/${order.id}`)).json;
    expect(failed.status).toBe('failed');
    expect(failed.failure.en).toBe('Payment failed');
    expect(failed.failure.ar).toBe('فشلت عملية الدفع');
    const rooms = async () => (await owner.get('/api/rooms')).json.rooms as Array<{ name: string; id: string }>;
    expect((await rooms()).some((r) => r.name === 'قاعة التدريب')).toBe(false);

    const again = await owner.post(`/api/billing/orders/${order.id}/pay`);
    expect(again.status).toBe(200);
    expect(again.json.order.id).toBe(order.id);
    const ref2 = refOf(again.json.redirectUrl);
    expect(ref2).not.toBe(ref);
    expect((await owner.post(`/api/billing/sandbox/${ref2}`, { outcome: 'success', method: 'card' })).status).toBe(200);
    const done = (await owner.get(`/api/billing/orders/${order.id}`)).json;
    expect(done).toMatchObject({ status: 'completed', attempts: 2, failure: null });
    expect(done.invoiceId).toEqual(expect.any(String));
    const bought = (await rooms()).filter((r) => r.name === 'قاعة التدريب');
    expect(bought).toHaveLength(1);

    // the decline of the first attempt arriving late changes nothing; neither does paying twice
    expect((await owner.post(`/api/billing/sandbox/${ref}`, { outcome: 'fail', method: 'card' })).status).toBe(200);
    expect((await owner.post(`/api/billing/orders/${order.id}/pay`)).json.code).toBe('ORDER_PAID');
    expect((await owner.get(`/api/billing/orders/${order.id}`)).json.status).toBe('completed');

    const subs = (await owner.get('/api/billing/subscriptions')).json;
    const sub = subs.subscriptions.find((x: { room: { id: string } | null }) => x.room?.id === bought[0]?.id);
    expect(sub).toMatchObject({ period: 'monthly', status: 'active', trial: false, currency: 'EGP' });
    expect(sub.remainingDays).toBeGreaterThanOrEqual(28);
    expect(subs.canBuy).toBe(true);
    const meeting = await meetingIn(owner, bought[0]?.id as string);
    expect((await owner.post(`/api/meetings/${meeting}/start`)).status).toBe(200);

    const history = (await owner.get('/api/billing/orders')).json;
    const paid = history.payments.filter((p: { orderId: string }) => p.orderId === order.id);
    expect(paid.map((p: { status: string }) => p.status).sort()).toEqual(['failed', 'failed', 'succeeded']);
  });

  it('issue 25: a sandbox checkout expires after an hour like a Paymob payment key; pay again gives a fresh one', async () => {
    const owner = await signedIn('owner@demo.test');
    const buy = await owner.post('/api/billing/checkout', {
      clientKey: key(),
      purchase: roomPurchase({ roomName: 'قاعة المهلة' }),
    });
    expect(buy.status).toBe(200);
    const order = buy.json.order;
    const ref = refOf(buy.json.redirectUrl);
    expect((await owner.get(`/api/billing/sandbox/${ref}`)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601_000 });
    try {
      const late = await owner.post(`/api/billing/sandbox/${ref}`, { outcome: 'success', method: 'card' });
      expect(late.status).toBe(409);
      expect(late.json.code).toBe('CHECKOUT_EXPIRED');
      expect(late.json.errorMessage.en).toMatch(/^This payment page has expired/);
      expect(late.json.errorMessage.ar).toMatch(/^انتهت صلاحية صفحة الدفع/);
      expect((await owner.get(`/api/billing/sandbox/${ref}`)).json.code).toBe('CHECKOUT_EXPIRED');
      expect((await owner.get(`/api/billing/orders/${order.id}`)).json.status).toBe('pending');

      const again = await owner.post(`/api/billing/orders/${order.id}/pay`);
      expect(again.status).toBe(200);
      const fresh = refOf(again.json.redirectUrl);
      expect(fresh).not.toBe(ref);
      const paid = await owner.post(`/api/billing/sandbox/${fresh}`, { outcome: 'success', method: 'card' });
      expect(paid.status).toBe(200);
      expect((await owner.get(`/api/billing/orders/${order.id}`)).json.status).toBe('completed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a room added without paying keeps its meetings but starts none until renewed ("Meeting has expired")', async () => {
    const owner = await signedIn('owner@demo.test');
    const room = (await owner.post('/api/rooms', { name: 'غير مدفوعة', type: 'jitsi', participants: 10 })).json;
    expect(room.subscription).toMatchObject({ status: 'unpaid', expired: true, remainingDays: 0 });
    const meeting = await meetingIn(owner, room.id);
    const refused = await owner.post(`/api/meetings/${meeting}/start`);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('ROOM_EXPIRED');
    expect(refused.json.errorMessage.en).toMatch(/^Meeting has expired/);
    expect(refused.json.errorMessage.ar).toMatch(/^انتهت صلاحية الاجتماع/);

    const buy = await owner.post('/api/billing/checkout', {
      clientKey: key(),
      purchase: { kind: 'renewal', roomId: room.id, period: 'daily', currency: 'USD' },
    });
    expect(buy.status).toBe(200);
    await owner.post(`/api/billing/sandbox/${refOf(buy.json.redirectUrl)}`, { outcome: 'success', method: 'card' });
    const subOf = async () =>
      (await owner.get('/api/billing/subscriptions')).json.subscriptions.find(
        (x: { room: { id: string } | null }) => x.room?.id === room.id,
      );
    expect(await subOf()).toMatchObject({ period: 'daily', status: 'active', daysLeft: 7, dayEndsAt: null });
    // spec §9: the first meeting start of a day takes one day, up to 24 h; a second start that day takes none
    expect((await owner.post(`/api/meetings/${meeting}/start`)).status).toBe(200);
    const day = await subOf();
    expect(day.daysLeft).toBe(6);
    expect(new Date(day.dayEndsAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const second = await meetingIn(owner, room.id);
    const secondStart = await owner.post(`/api/meetings/${second}/start`);
    expect(secondStart.status, JSON.stringify(secondStart.json)).toBe(200);
    expect((await subOf()).daysLeft).toBe(6);
  });

  it('only the owner buys; another account sees 404; bad input is a clear 400', async () => {
    const owner = await signedIn('owner@demo.test');
    const order = (await owner.post('/api/billing/checkout', { clientKey: key(), purchase: roomPurchase() })).json
      .order;
    for (const email of ['admin@demo.test', 'member@demo.test']) {
      const c = await signedIn(email);
      const res = await c.post('/api/billing/checkout', { clientKey: key(), purchase: roomPurchase() });
      expect(res.status, email).toBe(403);
      expect((await c.get(`/api/billing/orders/${order.id}`)).status, email).toBe(403);
    }
    expect((await (await signedIn('member@demo.test')).get('/api/billing/subscriptions')).status).toBe(403);
    const solo = await signedIn('solo@demo.test');
    expect((await solo.get(`/api/billing/orders/${order.id}`)).status).toBe(404);
    expect((await solo.post(`/api/billing/orders/${order.id}/pay`)).status).toBe(404);
    // the individual account holds one room (spec §5): with it, buying another is refused
    if (!(await solo.get('/api/rooms')).json.rooms.length)
      await solo.post('/api/rooms', { name: 'r', type: 'jitsi', participants: 5 });
    const second = await solo.post('/api/billing/checkout', { clientKey: key(), purchase: roomPurchase() });
    expect(second.json.code, JSON.stringify(second.json)).toBe('INDIVIDUAL_ONE_ROOM');
    const bad = await owner.post('/api/billing/checkout', {
      clientKey: key(),
      purchase: roomPurchase({ period: 'weekly', participants: 0 }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields ?? {})).toEqual(
      expect.arrayContaining(['purchase.period', 'purchase.participants']),
    );
    expect((await owner.get('/api/billing/orders/not-an-id')).status).toBe(404);
    expect((await solo.get(`/api/billing/sandbox/sbx_${'0'.repeat(24)}`)).status).toBe(404);
  });
  it('checkouts are limited per user: within the hour allowance the answers are not 429, then RATE_LIMITED', async () => {
    const solo = await signedIn('solo@demo.test');
    let attempts = 0;
    let last: Awaited<ReturnType<TestClient['post']>> | undefined;
    while (attempts < 40) {
      attempts++;
      last = await solo.post('/api/billing/checkout', { clientKey: key(), purchase: roomPurchase() });
      if (last.status === 429) break;
      // her one room is held already: refused as such, each attempt counted all the same
      expect(last.json.code).toBe('INDIVIDUAL_ONE_ROOM');
    }
    expect(last?.status).toBe(429);
    expect(last?.json.code).toBe('RATE_LIMITED');
    // 30 an hour (rate-limit.ts checkoutUser); the test before made two of them (a checkout and a pay again)
    expect(attempts).toBe(29);
  });
});

/** Paymob through its fake (Intention API, Unified Checkout, HMAC-signed callbacks), on real PostgreSQL and PGlite. */
describe.each(drivers)('billing with Paymob on %s', (driver) => {
  let s: Served;
  let fake: PaymobFake;
  const hmacSecret = 'paymob-hmac-secret-for-tests';
  const signedIn = async (email: string) => {
    const c = new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), s.base);
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };

  beforeAll(async () => {
    fake = await startPaymobFake({
      hmacSecret,
      secretKey: 'sk_test',
      publicKey: 'pk_test',
      integrationIds: { card: 11, wallet: 12 },
    });
    s = await serve(driver, {
      PAYMENTS_PROVIDER: 'paymob',
      PAYMOB_SECRET_KEY: 'sk_test',
      PAYMOB_PUBLIC_KEY: 'pk_test',
      PAYMOB_HMAC_SECRET: hmacSecret,
      PAYMOB_CARD_INTEGRATION_ID: '11',
      PAYMOB_WALLET_INTEGRATION_ID: '12',
      PAYMOB_BASE_URL: fake.url,
    });
  });
  afterAll(async () => {
    await stop(s);
    await fake?.close();
  });

  const orderRow = async (id: string) =>
    (await s.runtime.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
  const paymentsOf = async (id: string) =>
    s.runtime.db.select().from(schema.payments).where(eq(schema.payments.orderId, id));

  it('the processed callback grants once; a duplicate, a forged one and the browser return grant nothing more', async () => {
    const owner = await signedIn('owner@demo.test');
    const res = await owner.post('/api/billing/checkout', {
      clientKey: key(),
      purchase: roomPurchase({ roomName: 'Paymob room' }),
    });
    expect(res.status).toBe(200);
    const redirect = new URL(res.json.redirectUrl);
    expect(redirect.pathname).toBe('/unifiedcheckout/');
    expect(redirect.searchParams.get('publicKey')).toBe('pk_test');
    const intention = fake.intentions.at(-1);
    expect(intention?.amount).toBe(res.json.order.totalMinor);
    expect(intention?.notification_url).toBe(`${s.base}/api/webhooks/paymob`);

    // the browser's return before the processed callback: verified, it shows the page and grants nothing
    const row = await orderRow(res.json.order.id);
    const fields = Object.fromEntries(PAYMOB_HMAC_FIELDS.map((f) => [f, ''])) as Record<
      (typeof PAYMOB_HMAC_FIELDS)[number],
      string
    >;
    Object.assign(fields, {
      amount_cents: String(row?.totalMinor),
      created_at: '2026-11-25T10:00:00.000000',
      currency: 'EGP',
      error_occured: 'false',
      has_parent_transaction: 'false',
      id: '900000001',
      integration_id: '11',
      is_3d_secure: 'true',
      is_auth: 'false',
      is_capture: 'false',
      is_refunded: 'false',
      is_standalone_payment: 'true',
      is_voided: 'false',
      'order.id': String(row?.providerOrderId),
      owner: '302852',
      pending: 'false',
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
      success: 'true',
    });
    const query = new URLSearchParams({ ...fields, order: fields['order.id'], hmac: paymobHmac(hmacSecret, fields) });
    query.delete('order.id');
    const back = await owner.get(`/api/billing/paymob/return?${query}`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/dashbord/billing/payment/${res.json.order.id}`);
    expect((await orderRow(res.json.order.id))?.status).toBe('pending');
    expect(await paymentsOf(res.json.order.id)).toHaveLength(0);

    const paid = await fake.pay(row?.providerOrderId as string, {
      success: true,
      method: 'card',
      pan: '5123456789012346',
    });
    expect(paid.callback.status).toBe(200);
    expect((await orderRow(res.json.order.id))?.status).toBe('completed');
    const again = await fake.postAgain(paid.callback);
    expect(again.status).toBe(200);
    expect(await paymentsOf(res.json.order.id)).toHaveLength(1);
    const made = await s.runtime.db.select().from(schema.rooms).where(eq(schema.rooms.name, 'Paymob room'));
    expect(made).toHaveLength(1);
    expect((await paymentsOf(res.json.order.id))[0]).toMatchObject({
      last4: '2346',
      brand: 'MasterCard',
      method: 'card',
    });

    // forged: a field changed under the same hmac, or no hmac at all
    const forged = structuredClone(paid.callback.body);
    (forged.obj as Record<string, unknown>).amount_cents = 1;
    const hmac = new URL(paid.callback.url).searchParams.get('hmac');
    const post = (url: string, body: unknown) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(`${s.base}/api/webhooks/paymob?hmac=${hmac}`, forged)).status).toBe(401);
    expect((await post(`${s.base}/api/webhooks/paymob`, paid.callback.body)).status).toBe(401);

    // a refund after success: the period it paid ends, the invoice is no longer paid
    const refund = await fake.refund(paid.transaction.id as number);
    expect(refund.callback.status).toBe(200);
    expect((await orderRow(res.json.order.id))?.status).toBe('refunded');
    const [sub] = await s.runtime.db
      .select()
      .from(schema.subscriptions)
      .where(and(eq(schema.subscriptions.roomId, made[0]?.id as string)));
    expect(sub?.status).toBe('expired');
    const [invoice] = await s.runtime.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, res.json.order.id));
    expect(invoice?.paid).toBe(false);
  });

  it('a wallet with no account on the number fails with "no wallet on this number", and pay again keeps the order', async () => {
    const owner = await signedIn('owner@demo.test');
    const res = await owner.post('/api/billing/checkout', { clientKey: key(), purchase: roomPurchase() });
    const row = await orderRow(res.json.order.id);
    fake.noWallet.add('+201009999999');
    await fake.pay(row?.providerOrderId as string, { success: false, method: 'wallet', walletPhone: '+201009999999' });
    const failed = (await owner.get(`/api/billing/orders/${res.json.order.id}`)).json;
    expect(failed.status).toBe('failed');
    expect(failed.failure).toEqual({ en: 'no wallet on this number', ar: 'لا توجد محفظة على هذا الرقم' });
    const again = await owner.post(`/api/billing/orders/${res.json.order.id}/pay`);
    expect(again.status).toBe(200);
    expect(new URL(again.json.redirectUrl).pathname).toBe('/unifiedcheckout/');
    const next = await orderRow(res.json.order.id);
    expect(next?.providerOrderId).not.toBe(row?.providerOrderId);
    // the earlier attempt's late success still finds the order (money taken is never ignored)
    await fake.pay(row?.providerOrderId as string, { success: true, method: 'card' });
    expect((await orderRow(res.json.order.id))?.status).toBe('completed');
  });
});
