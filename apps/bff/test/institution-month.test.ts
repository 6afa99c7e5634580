import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymobFake, startPaymobFake } from '../../../packages/core/test/fakes/paymob.ts';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

/**
 * Issue 25, "the institution's month" (spec §9: enterprise monthly renewal 12.5 USD): the move to an institution
 * starts it with its first month; the owner renews it through checkout (sandbox and Paymob), which extends it and
 * makes an invoice; 7 days past its end, with no renewal, the administration is read-only (409 INSTITUTION_LAPSED on
 * adding users, teams, room assignment, user status) for owner and admin alike, while reads, rooms and meetings go
 * on; a renewal lifts it at once.
 */
const PASSWORD = 'Demo-password-1';
const DAY = 86_400_000;
const key = () => `k${randomUUID().replaceAll('-', '').slice(0, 20)}`;

interface Served {
  runtime: Runtime;
  server: Server;
  base: string;
  database: TestDatabase;
  config: ReturnType<typeof testConfig>;
}

async function serve(driver: Driver, env: Record<string, string> = {}): Promise<Served> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ PUBLIC_URL: base, TRUST_PROXY: '1', LOG_LEVEL: 'silent', ...env });
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

/** Helpers over one served BFF: people, the move to an institution, the month's row and its clock. */
function helpers(s: () => Served) {
  const signIn = async (email: string) => {
    const c = new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), s().base);
    expect((await c.login(email, PASSWORD)).status, email).toBe(200);
    return c;
  };
  const hash = async () =>
    (
      await s()
        .runtime.db.select({ hash: schema.users.passwordHash })
        .from(schema.users)
        .where(eq(schema.users.email, DEMO_EMAILS.owner))
    )[0]?.hash as string;
  const person = async (tag: string) => {
    const email = `${tag}-${randomUUID().slice(0, 8)}@month.test`;
    const [u] = await s()
      .runtime.db.insert(schema.users)
      .values({ email, passwordHash: await hash(), fname: 'Nour', lname: tag, phone: '+201001009999' })
      .returning({ id: schema.users.id });
    return { email, userId: u?.id as string };
  };
  /** A personal account's owner who moves it to an institution, with an admin and a member added to it. */
  const institution = async () => {
    const owner = await person('owner');
    const [a] = await s()
      .runtime.db.insert(schema.accounts)
      .values({ kind: 'indv', name: 'Nour', ownerUserId: owner.userId })
      .returning({ id: schema.accounts.id });
    const accountId = a?.id as string;
    await s().runtime.db.insert(schema.memberships).values({ userId: owner.userId, accountId, role: 'owner' });
    const c = await signIn(owner.email);
    const moved = await c.post('/api/billing/transfer', { name: 'مدرسة النور', confirm: true });
    expect(moved.status).toBe(200);
    const admin = await person('admin');
    const member = await person('member');
    await s()
      .runtime.db.insert(schema.memberships)
      .values([
        { userId: admin.userId, accountId, role: 'admin' },
        { userId: member.userId, accountId, role: 'member' },
      ]);
    return { accountId, owner: c, ownerUser: owner, admin, member };
  };
  const monthOf = async (accountId: string) =>
    s()
      .runtime.db.select()
      .from(schema.subscriptions)
      .where(and(eq(schema.subscriptions.accountId, accountId), eq(schema.subscriptions.period, 'enterprise')));
  /** The month as the renewals job leaves it `days` after its end. */
  const endedDaysAgo = async (accountId: string, days: number) => {
    await s()
      .runtime.db.update(schema.subscriptions)
      .set({ renewsAt: new Date(Date.now() - days * DAY), status: 'expired' })
      .where(and(eq(schema.subscriptions.accountId, accountId), eq(schema.subscriptions.period, 'enterprise')));
  };
  return { signIn, person, institution, monthOf, endedDaysAgo };
}

const monthLater = (from: Date) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
};

describe.each(drivers)("the institution's month with the sandbox on %s", (driver: Driver) => {
  let served: Served;
  const h = helpers(() => served);
  beforeAll(async () => {
    served = await serve(driver);
  });
  afterAll(() => stop(served));

  it('the move to an institution starts its month, the first month included', async () => {
    const before = Date.now();
    const { accountId, owner } = await h.institution();
    const rows = await h.monthOf(accountId);
    expect(rows).toHaveLength(1);
    const month = rows[0];
    expect(month).toMatchObject({ status: 'active', roomId: null, orderId: null });
    expect(+(month?.renewsAt as Date)).toBeGreaterThanOrEqual(+monthLater(new Date(before)) - 5_000);
    expect(+(month?.renewsAt as Date)).toBeLessThanOrEqual(+monthLater(new Date()) + 5_000);
    // billing lists it with its renewal date, and the banner's route says it runs
    const list = await owner.get('/api/billing/subscriptions');
    expect(list.json.subscriptions).toContainEqual(
      expect.objectContaining({
        period: 'enterprise',
        status: 'active',
        room: null,
        remainingDays: expect.any(Number),
      }),
    );
    const state = await owner.get('/api/billing/institution-month');
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({ state: 'active', subscriptionId: month?.id, canRenew: true });
  });

  it('renewing through the sandbox extends the month from its end and makes a paid invoice', async () => {
    const { accountId, owner } = await h.institution();
    const [month] = await h.monthOf(accountId);
    const quote = await owner.post('/api/billing/quote', { kind: 'enterprise', currency: 'USD' });
    expect(quote.json.unitMinor).toBe(1250);
    const order = await owner.post('/api/billing/checkout', {
      clientKey: key(),
      purchase: { kind: 'enterprise', currency: 'USD' },
    });
    expect(order.status).toBe(200);
    const ref = (order.json.redirectUrl as string).split('/').pop();
    expect((await owner.post(`/api/billing/sandbox/${ref}`, { outcome: 'success', method: 'card' })).status).toBe(200);
    const [renewed] = await h.monthOf(accountId);
    expect(renewed?.status).toBe('renewed');
    expect(renewed?.orderId).toBe(order.json.order.id);
    expect(+(renewed?.renewsAt as Date)).toBe(+monthLater(month?.renewsAt as Date));
    const paid = await owner.get(`/api/billing/orders/${order.json.order.id}`);
    expect(paid.json).toMatchObject({ status: 'completed', kind: 'enterprise' });
    expect(paid.json.invoiceId).toEqual(expect.any(String));
    const invoices = await owner.get('/api/billing/invoices');
    expect(invoices.json.invoices).toContainEqual(
      expect.objectContaining({ id: paid.json.invoiceId, paid: true, totalMinor: order.json.order.totalMinor }),
    );
  });

  it('7 days and 1 past its end the administration is read-only for owner and admin; rooms, meetings and reads go on; a renewal lifts it', async () => {
    const inst = await h.institution();
    const { owner, accountId } = inst;
    const room = await owner.paidRoom({ name: 'قاعة', type: 'jitsi', participants: 10 });
    expect(room.status).toBe(200);
    const team = await owner.post('/api/teams', { teamName: 'فريق أول' });
    expect(team.status).toBe(201);
    const admin = await h.signIn(inst.admin.email);
    const member = await h.signIn(inst.member.email);
    const newUser = () => ({
      fname: 'Hala',
      lname: 'Sami',
      email: `hala-${randomUUID().slice(0, 8)}@month.test`,
      phone: '+201001008888',
      role: 'member',
      mode: 'password',
      password: 'Another-password-9',
    });
    const writes = async (c: TestClient) => ({
      addUser: await c.post('/api/users', newUser()),
      team: await c.post('/api/teams', { teamName: `فريق ${randomUUID().slice(0, 6)}` }),
      rename: await c.request('PUT', `/api/teams/${team.json._id}`, {
        body: { teamName: `فريق ${randomUUID().slice(0, 6)}` },
      }),
      assign: await c.request('PUT', `/api/rooms/${room.json.id}/assign`, { body: { userId: inst.member.userId } }),
      status: await c.request('PUT', `/api/users/${inst.member.userId}/status`, { body: { active: true } }),
    });

    // within the grace (6 days past the end): still writable, the banner warns
    await h.endedDaysAgo(accountId, 6);
    expect((await owner.get('/api/billing/institution-month')).json.state).toBe('grace');
    const inGrace = await writes(admin);
    expect(Object.values(inGrace).map((r) => r.status)).toEqual([201, 201, 200, 200, 200]);

    await h.endedDaysAgo(accountId, 8);
    for (const [who, c] of [
      ['owner', owner],
      ['admin', admin],
    ] as const) {
      const refused = await writes(c);
      for (const [what, res] of Object.entries(refused)) {
        expect([who, what, res.status, res.json.code]).toEqual([who, what, 409, 'INSTITUTION_LAPSED']);
        expect(res.json.errorMessage.en).toMatch(/read-only/);
        expect(res.json.errorMessage.ar).toMatch(/للعرض فقط/);
      }
    }
    // a member still learns only that it is not theirs to do
    expect((await member.post('/api/teams', { teamName: 'فريق العضو' })).status).toBe(403);
    // the banner's route: lapsed; the owner may renew, the admin may not
    expect((await owner.get('/api/billing/institution-month')).json).toMatchObject({ state: 'lapsed', canRenew: true });
    expect((await admin.get('/api/billing/institution-month')).json).toMatchObject({
      state: 'lapsed',
      canRenew: false,
    });
    expect((await member.get('/api/billing/institution-month')).status).toBe(403);
    // reads go on
    for (const path of ['/api/users', '/api/teams/manage', '/api/rooms', `/api/rooms/${room.json.id}`]) {
      expect([path, (await admin.get(path)).status]).toEqual([path, 200]);
    }
    // the paid room holds and starts meetings
    const meeting = await owner.post('/api/meetings', {
      name: 'اجتماع',
      type: 'scheduled',
      roomId: room.json.id,
      day: addDays(todayIn('Africa/Cairo'), 1),
      hour: '10:00',
      durationHours: 1,
      durationMinutes: 0,
    });
    expect(meeting.status).toBe(201);
    expect((await owner.post(`/api/meetings/${meeting.json.id}/start`)).status).toBe(200);
    // and the owner still buys: a renewal of the institution's month, paid, lifts the lock at once
    const order = await owner.post('/api/billing/checkout', {
      clientKey: key(),
      purchase: { kind: 'enterprise', currency: 'EGP' },
    });
    expect(order.status).toBe(200);
    const ref = (order.json.redirectUrl as string).split('/').pop();
    expect((await owner.post(`/api/billing/sandbox/${ref}`, { outcome: 'success', method: 'card' })).status).toBe(200);
    const [month] = await h.monthOf(accountId);
    // ended, so the new month runs from the payment
    expect(+(month?.renewsAt as Date)).toBeGreaterThan(Date.now() + 27 * DAY);
    expect((await admin.get('/api/billing/institution-month')).json.state).toBe('active');
    const lifted = await writes(admin);
    expect(Object.values(lifted).map((r) => r.status)).toEqual([201, 201, 200, 200, 200]);
  });

  it('the test-only hook that ages the month exists under NODE_ENV=test alone, never under `npm start`', async () => {
    const { ownerUser, accountId } = await h.institution();
    const age = (base: string) =>
      fetch(`${base}/test/institution-month`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ownerUser.email, daysPastEnd: 8 }),
      });
    const started = (await h.monthOf(accountId))[0]?.renewsAt;
    for (const NODE_ENV of ['development', 'production'] as const) {
      const app = createApp({ ...served.runtime, config: { ...served.runtime.config, NODE_ENV } });
      const server = createServer(getRequestListener(app.fetch));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const res = await age(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await new Promise((resolve) => server.close(resolve));
      expect([NODE_ENV, res.status]).toEqual([NODE_ENV, 404]);
    }
    expect((await h.monthOf(accountId))[0]?.renewsAt).toEqual(started);
    // the test stack's (this suite's config says NODE_ENV=test)
    expect((await age(served.base)).status).toBe(200);
    expect((await h.monthOf(accountId))[0]?.status).toBe('expired');
  });

  it('the demo institution has its month, running', async () => {
    const owner = await h.signIn(DEMO_EMAILS.owner);
    const list = await owner.get('/api/billing/subscriptions');
    const month = list.json.subscriptions.filter((sub: { period: string }) => sub.period === 'enterprise');
    expect(month).toHaveLength(1);
    expect(month[0]).toMatchObject({ status: 'active', room: null });
    expect((await owner.get('/api/billing/institution-month')).json.state).toBe('active');
  });
});

describe.each(drivers)("the institution's month renewed through Paymob on %s", (driver: Driver) => {
  let served: Served;
  let fake: PaymobFake;
  const hmacSecret = 'paymob-hmac-secret-for-tests';
  const h = helpers(() => served);
  beforeAll(async () => {
    fake = await startPaymobFake({
      hmacSecret,
      secretKey: 'sk_test',
      publicKey: 'pk_test',
      integrationIds: { card: 11, wallet: 12 },
    });
    served = await serve(driver, {
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
    await stop(served);
    await fake?.close();
  });

  it("Paymob's processed callback renews a lapsed institution's month and lifts the read-only lock", async () => {
    const inst = await h.institution();
    await h.endedDaysAgo(inst.accountId, 10);
    const admin = await h.signIn(inst.admin.email);
    expect((await admin.post('/api/teams', { teamName: 'فريق' })).json.code).toBe('INSTITUTION_LAPSED');
    const order = await inst.owner.post('/api/billing/checkout', {
      clientKey: key(),
      purchase: { kind: 'enterprise', currency: 'USD' },
    });
    expect(order.status).toBe(200);
    expect(fake.intentions.at(-1)?.amount).toBe(order.json.order.totalMinor);
    const [row] = await served.runtime.db.select().from(schema.orders).where(eq(schema.orders.id, order.json.order.id));
    const paid = await fake.pay(row?.providerOrderId as string, {
      success: true,
      method: 'card',
      pan: '5123456789012346',
    });
    expect(paid.callback.status).toBe(200);
    const [month] = await h.monthOf(inst.accountId);
    expect(month?.orderId).toBe(order.json.order.id);
    expect(+(month?.renewsAt as Date)).toBeGreaterThan(Date.now() + 27 * DAY);
    expect((await admin.post('/api/teams', { teamName: 'فريق' })).status).toBe(201);
  });
});
