import { randomUUID } from 'node:crypto';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { grantOps } from '@majlis/core/users/grant-ops';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

/**
 * Issue 13, H4: the public price list, quotes (owners only, another account's room 404, coupons refused by name),
 * the individual → enterprise move (owner of a personal account only, once, powers widened on the next request),
 * and the operator's prices and coupons (404 to everyone else).
 */
const PASSWORD = 'Demo-password-1';

describe.each(drivers)('prices, quotes, coupons and the move to enterprise on %s', (driver: Driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1', LOG_LEVEL: 'silent' });
  let passwordHash: string;
  const client = () => new TestClient((url, init) => app.request(url, init));
  async function signIn(email: string) {
    const c = client();
    expect((await c.login(email, PASSWORD)).status, email).toBe(200);
    return c;
  }
  /** A new person with a personal account of their own (the demo's are left as they are). */
  async function individual(tag: string) {
    const email = `${tag}-${randomUUID().slice(0, 8)}@prices.test`;
    const [u] = await runtime.db
      .insert(schema.users)
      .values({ email, passwordHash, fname: 'Nour', lname: tag, phone: '+201001009999' })
      .returning({ id: schema.users.id });
    const [a] = await runtime.db
      .insert(schema.accounts)
      .values({ kind: 'indv', name: `Nour ${tag}`, ownerUserId: u?.id as string })
      .returning({ id: schema.accounts.id });
    await runtime.db
      .insert(schema.memberships)
      .values({ userId: u?.id as string, accountId: a?.id as string, role: 'owner' });
    return { email, userId: u?.id as string, accountId: a?.id as string };
  }
  const patch = (c: TestClient, path: string, body: unknown) => c.request('PATCH', path, { body });
  const put = (c: TestClient, path: string, body: unknown) => c.request('PUT', path, { body });
  const roomPurchase = {
    kind: 'room',
    roomName: 'Class',
    roomType: 'jitsi',
    participants: 20,
    period: 'monthly',
    currency: 'EGP',
  } as const;

  let operator: TestClient;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
    const [row] = await runtime.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EMAILS.owner));
    passwordHash = row?.hash as string;
    const ops = await individual('operator');
    expect(await grantOps(runtime.db, [ops.email])).toBe(1);
    operator = await signIn(ops.email);
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  it('GET /api/billing/prices is public and holds the whole list', async () => {
    const visitor = client();
    const res = await visitor.get('/api/billing/prices');
    expect(res.status).toBe(200);
    expect(res.json.rooms).toHaveLength(126);
    expect(res.json.enterprise).toContainEqual({ currency: 'USD', amountMinor: 1250 });
    expect(res.json.transfer).toContainEqual({ currency: 'USD', amountMinor: 200, waived: true });
    expect(res.json).toMatchObject({ taxPercent: 14, annualSavingPercent: 16 });
  });

  it('POST /api/billing/quote: owners get a price, admins and members 403, visitors 401', async () => {
    const answers = await Promise.all(
      [DEMO_EMAILS.owner, DEMO_EMAILS.solo, DEMO_EMAILS.admin, DEMO_EMAILS.member].map(async (email) => {
        const c = await signIn(email);
        return (await c.post('/api/billing/quote', roomPurchase)).status;
      }),
    );
    expect(answers).toEqual([200, 200, 403, 403]);
    const visitor = client();
    await visitor.csrf();
    expect((await visitor.post('/api/billing/quote', roomPurchase)).status).toBe(401);
    const owner = await signIn(DEMO_EMAILS.owner);
    const q = await owner.post('/api/billing/quote', { ...roomPurchase, coupon: 'no-such' });
    expect(q.json).toMatchObject({
      tier: 25,
      discountMinor: 0,
      taxPercent: 14,
      coupon: { code: 'NO-SUCH', applied: false, refusal: 'coupon.unknown' },
    });
    expect(q.json.totalMinor).toBe(q.json.unitMinor + q.json.taxMinor);
    const bad = await owner.post('/api/billing/quote', { ...roomPurchase, participants: 5000, coupon: 'bad code!' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['coupon', 'participants']);
  });

  it('a renewal quote for another account’s room is 404, for its own room 200', async () => {
    const [instRoom] = await runtime.db
      .select({ id: schema.rooms.id, accountId: schema.rooms.accountId })
      .from(schema.rooms)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.rooms.accountId))
      .innerJoin(schema.users, eq(schema.users.id, schema.accounts.ownerUserId))
      .where(and(eq(schema.users.email, DEMO_EMAILS.owner), eq(schema.accounts.kind, 'inst')));
    const renewal = { kind: 'renewal', roomId: instRoom?.id, period: 'annual', currency: 'USD' };
    const solo = await signIn(DEMO_EMAILS.solo);
    expect((await solo.post('/api/billing/quote', renewal)).status).toBe(404);
    const owner = await signIn(DEMO_EMAILS.owner);
    const mine = await owner.post('/api/billing/quote', renewal);
    expect(mine.status).toBe(200);
    expect(mine.json.currency).toBe('USD');
  });

  it('the move to enterprise: the personal owner only, once, and the next request has the institution’s powers', async () => {
    const roles = await Promise.all(
      [DEMO_EMAILS.owner, DEMO_EMAILS.admin, DEMO_EMAILS.member].map(async (email) => {
        const c = await signIn(email);
        const res = await c.post('/api/billing/transfer', { name: 'Mine now', confirm: true });
        return [res.status, res.json.code];
      }),
    );
    expect(roles).toEqual([
      [409, 'TRANSFER_NOT_INDIVIDUAL'],
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
    ]);

    const person = await individual('mover');
    const c = await signIn(person.email);
    const before = await c.get('/api/user/permission');
    expect(before.json).toMatchObject({ showUserManage: false, showTeams: false, showChat: false, showBilling: true });
    const unconfirmed = await c.post('/api/billing/transfer', { name: 'Nour Academy', confirm: false });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json.fields.confirm).toBeDefined();
    const oldSession = c.cookie('XSRF-TOKEN');
    const moved = await c.post('/api/billing/transfer', { name: 'Nour Academy', confirm: true });
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ ok: true });
    // A new session id (and CSRF token) for the wider powers, as at an account switch.
    expect(c.cookie('XSRF-TOKEN')).not.toBe(oldSession);
    const after = await c.get('/api/user/permission');
    expect(after.json).toMatchObject({ showUserManage: true, showTeams: true, showChat: true, showBilling: true });
    expect((await c.get('/api/account/type')).status).toBe(200);
    const [account] = await runtime.db.select().from(schema.accounts).where(eq(schema.accounts.id, person.accountId));
    expect(account).toMatchObject({ kind: 'inst', name: 'Nour Academy' });
    const again = await c.post('/api/billing/transfer', { name: 'Back again', confirm: true });
    expect([again.status, again.json.code]).toEqual([409, 'TRANSFER_NOT_INDIVIDUAL']);
    const audit = await runtime.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'account.transfer'), eq(schema.auditLog.accountId, person.accountId)));
    expect(audit).toHaveLength(1);
    // Signing in afresh lands in the institution as its owner.
    const fresh = await signIn(person.email);
    expect((await fresh.get('/api/user/permission')).json.showUserManage).toBe(true);
  });

  it('the operator edits prices and coupons; to everyone else the routes do not exist', async () => {
    const owner = await signIn(DEMO_EMAILS.owner);
    for (const [method, path, body] of [
      ['GET', '/api/ops/prices', undefined],
      ['PUT', '/api/ops/prices/transfer:USD', { amountMinor: 1 }],
      ['GET', '/api/ops/coupons', undefined],
      ['POST', '/api/ops/coupons', {}],
      ['PATCH', `/api/ops/coupons/${randomUUID()}`, { active: false }],
    ] as const)
      expect((await owner.request(method, path, { body })).status, `${method} ${path}`).toBe(404);

    const key = 'room:zoom:100:annual:USD';
    const edited = await put(operator, `/api/ops/prices/${key}`, { amountMinor: 99_900 });
    expect(edited.status).toBe(200);
    expect(edited.json.rooms).toContainEqual({
      roomType: 'zoom',
      participants: 100,
      period: 'annual',
      currency: 'USD',
      amountMinor: 99_900,
    });
    expect((await put(operator, '/api/ops/prices/room:zoom:100:weekly:USD', { amountMinor: 5 })).status).toBe(404);
    expect((await put(operator, `/api/ops/prices/${key}`, { amountMinor: 0 })).status).toBe(400);
    const quote = await owner.post('/api/billing/quote', {
      ...roomPurchase,
      roomType: 'zoom',
      participants: 100,
      period: 'annual',
      currency: 'USD',
    });
    expect(quote.json.unitMinor).toBe(99_900);

    const code = `eid${randomUUID().slice(0, 5)}`;
    const body = {
      code,
      kind: 'percent',
      percent: 20,
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      validTo: new Date(Date.now() + 86_400_000).toISOString(),
      maxUses: 50,
    };
    const made = await operator.post('/api/ops/coupons', body);
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ code: code.toUpperCase(), percent: 20, uses: 0, active: true });
    expect((await operator.post('/api/ops/coupons', body)).json.code).toBe('COUPON_EXISTS');
    const backwards = await operator.post('/api/ops/coupons', { ...body, code: 'BACKWARDS', validTo: body.validFrom });
    expect([backwards.status, Object.keys(backwards.json.fields)]).toEqual([400, ['validTo']]);
    const listed = await operator.get('/api/ops/coupons');
    expect(listed.json.coupons.map((x: { code: string }) => x.code)).toContain(code.toUpperCase());

    const applied = await owner.post('/api/billing/quote', { ...roomPurchase, coupon: code });
    expect(applied.json.coupon).toEqual({ code: code.toUpperCase(), applied: true, refusal: null });
    expect(applied.json.discountMinor).toBe(Math.round(applied.json.unitMinor * 0.2));
    const off = await patch(operator, `/api/ops/coupons/${made.json.id}`, { active: false });
    expect(off.json.active).toBe(false);
    const refused = await owner.post('/api/billing/quote', { ...roomPurchase, coupon: code });
    expect(refused.json.coupon).toEqual({ code: code.toUpperCase(), applied: false, refusal: 'coupon.unknown' });
    expect((await patch(operator, '/api/ops/coupons/not-an-id', { active: true })).status).toBe(404);
  });
});
