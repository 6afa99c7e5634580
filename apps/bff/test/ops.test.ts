import { randomUUID } from 'node:crypto';
import { findAuditRows } from '@majlis/core/audit/record-audit';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { grantOps } from '@majlis/core/users/grant-ops';
import { both, t } from '@majlis/i18n/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * The platform operator (issue 11, spec §1 terms): suspend, ban, reinstate an account. Non-operators never see the
 * routes (404); closing an account ends its sessions and sockets and nothing else; its users are told why at sign-in.
 */
const PASSWORD = 'Demo-password-1';
const modes = realtimeModes('ops');

describe.each(modes)('platform operator (%s)', (mode) => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  let passwordHash: string;
  const prefix = randomRedisPrefix();
  const config = testConfig(
    mode === 'scale-out'
      ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent', TRUST_PROXY: '1' }
      : { LOG_LEVEL: 'silent', TRUST_PROXY: '1' },
  );
  const sockets: ChatClient[] = [];
  const http = () => new TestClient((u, init) => fetch(u, init), url);
  async function signIn(email: string) {
    const c = http();
    const res = await c.login(email, PASSWORD);
    expect(res.status, email).toBe(200);
    return c;
  }
  const put = (c: TestClient, path: string, body: unknown) => c.request('PUT', path, { body });
  const setStatus = (c: TestClient, id: string, status: string) => put(c, `/api/ops/accounts/${id}/status`, { status });

  async function person(email: string) {
    const [u] = await runtime.db
      .insert(schema.users)
      .values({ email, passwordHash, fname: 'Test', lname: email.split('@')[0] as string, phone: '+201001009999' })
      .returning({ id: schema.users.id });
    return u?.id as string;
  }
  async function account(kind: 'indv' | 'inst', name: string, ownerUserId: string) {
    const [a] = await runtime.db
      .insert(schema.accounts)
      .values({ kind, name, ownerUserId })
      .returning({ id: schema.accounts.id });
    await runtime.db
      .insert(schema.memberships)
      .values({ userId: ownerUserId, accountId: a?.id as string, role: 'owner' });
    return a?.id as string;
  }
  /**
   * An institution of the test's own: its owner belongs to nothing else; its member also owns a personal account (so
   * "nothing else changes" can be seen).
   */
  async function institution(tag: string) {
    const id = randomUUID().slice(0, 8);
    const ownerEmail = `${tag}-owner-${id}@ops.test`;
    const memberEmail = `${tag}-member-${id}@ops.test`;
    const owner = await person(ownerEmail);
    const member = await person(memberEmail);
    const inst = await account('inst', `Institution ${tag} ${id}`, owner);
    await runtime.db.insert(schema.memberships).values({ userId: member, accountId: inst, role: 'member' });
    const personal = await account('indv', `Personal ${tag} ${id}`, member);
    return { inst, personal, ownerEmail, memberEmail, owner, member, name: `Institution ${tag} ${id}` };
  }

  let ops: TestClient;
  let opsUserId: string;

  beforeAll(async () => {
    bff = await startBff({ mode, config });
    ({ runtime, url } = bff);
    const [row] = await runtime.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EMAILS.owner));
    passwordHash = row?.hash as string;
    opsUserId = await person('operator@ops.test');
    await account('indv', 'Operator', opsUserId);
    expect(await grantOps(runtime.db, ['operator@ops.test'])).toBe(1);
    ops = await signIn('operator@ops.test');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await bff?.stop();
  });

  it('the routes do not exist for anyone but the operator: 404 for every role and for visitors', async () => {
    const target = await institution('hidden');
    const visitor = http();
    await visitor.csrf();
    const people = [
      visitor,
      ...(await Promise.all(
        [DEMO_EMAILS.owner, DEMO_EMAILS.admin, DEMO_EMAILS.member, DEMO_EMAILS.solo].map((e) => signIn(e)),
      )),
    ];
    for (const c of people) {
      for (const res of [
        await c.get('/api/ops/accounts'),
        await c.get('/api/ops/accounts?pageSize=100000'),
        await setStatus(c, target.inst, 'suspended'),
        await setStatus(c, target.inst, 'nonsense'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.json.code).toBe('NOT_FOUND');
      }
    }
    const [acc] = await runtime.db.select().from(schema.accounts).where(eq(schema.accounts.id, target.inst));
    expect(acc?.status).toBe('active');
  });

  it('searches accounts by name or owner e-mail, paged', async () => {
    const a = await institution('findme');
    const byName = await ops.get(`/api/ops/accounts?q=${encodeURIComponent(a.name.toUpperCase())}`);
    expect(byName.status).toBe(200);
    expect(byName.json.total).toBe(1);
    expect(byName.json.accounts[0]).toMatchObject({
      id: a.inst,
      kind: 'inst',
      status: 'active',
      members: 2,
      owner: { id: a.owner, email: a.ownerEmail },
    });
    const byEmail = await ops.get(`/api/ops/accounts?q=${encodeURIComponent(a.memberEmail)}`);
    // The member's e-mail finds the account they own (their personal one), not the institution they belong to.
    expect(byEmail.json.accounts.map((x: { id: string }) => x.id)).toEqual([a.personal]);
    expect((await ops.get('/api/ops/accounts?q=%25')).json.total).toBe(0); // % is a character, not a wildcard
    const page1 = await ops.get('/api/ops/accounts?q=findme&pageSize=1');
    const all = await ops.get('/api/ops/accounts?pageSize=100');
    expect(page1.json).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page1.json.accounts).toHaveLength(1);
    expect(all.json.total).toBeGreaterThanOrEqual(6);
    const bad = await ops.get('/api/ops/accounts?pageSize=101');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(['pageSize']);
  });

  it('refuses a status outside the three, and answers 404 for an unknown account', async () => {
    const a = await institution('refuse');
    const bad = await setStatus(ops, a.inst, 'deleted');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.json.fields)).toEqual(['status']);
    expect((await setStatus(ops, randomUUID(), 'suspended')).status).toBe(404);
    expect((await setStatus(ops, 'not-a-uuid', 'suspended')).status).toBe(404);
  });

  it('suspending ends the sessions and sockets acting in the account, and nothing else; reinstating restores sign-in', async () => {
    const a = await institution('suspend');
    const owner = await signIn(a.ownerEmail);
    const ownerSocket = new ChatClient(url, owner.jar);
    sockets.push(ownerSocket);
    await ownerSocket.connected();
    // The member signs in (to the institution, their most privileged account), and in a second tab to their own.
    const member = await signIn(a.memberEmail);
    expect((await member.get('/api/account/type')).json.type).toBe('inst');
    const memberSocket = new ChatClient(url, member.jar);
    sockets.push(memberSocket);
    await memberSocket.connected();
    const personal = await signIn(a.memberEmail);
    const me = (await personal.get('/api/user/info')).json.info.id as string;
    expect((await personal.post('/api/inst-login', { userId: me, ownerId: a.personal })).status).toBe(200);
    const personalSocket = new ChatClient(url, personal.jar);
    sockets.push(personalSocket);
    await personalSocket.connected();

    const started = Date.now();
    const res = await setStatus(ops, a.inst, 'suspended');
    expect(res.status).toBe(200);
    expect(res.json.account).toMatchObject({ id: a.inst, status: 'suspended' });
    expect(res.json.sessionsEnded).toBe(2);
    await waitFor(() => !ownerSocket.socket.connected && !memberSocket.socket.connected, 3000, 'sockets cut');
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await owner.get('/api/user/info')).status).toBe(401);
    expect((await member.get('/api/user/info')).status).toBe(401);
    // The member's personal account is untouched: that session and its socket stand.
    expect((await personal.get('/api/account/type')).json).toEqual({ type: 'indv', accountType: 'owner' });
    expect(personalSocket.socket.connected).toBe(true);

    const [audit] = await findAuditRows(runtime.db, a.inst, { limit: 1 });
    expect(audit).toMatchObject({ accountId: a.inst, userId: opsUserId, action: 'account.suspend', target: a.inst });
    expect(audit?.meta).toEqual({ from: 'active', to: 'suspended' });

    // Reinstated: the owner signs in again (nobody was signed in for them).
    const back = await setStatus(ops, a.inst, 'active');
    expect(back.json).toMatchObject({ account: { status: 'active' }, sessionsEnded: 0 });
    const again = http();
    expect((await again.login(a.ownerEmail, PASSWORD)).json.user.ownerId).toBe(a.inst);
    const actions = (await findAuditRows(runtime.db, a.inst, { limit: 5 })).map((r) => r.action);
    expect(actions).toEqual(['account.reinstate', 'account.suspend']);
  });

  it('a suspended or banned account tells its users why at sign-in, in both languages', async () => {
    const a = await institution('message');
    await setStatus(ops, a.inst, 'suspended');
    for (const lang of ['ar', 'en'] as const) {
      const c = http();
      await c.csrf();
      const res = await c.request('POST', '/api/login', {
        body: { email: a.ownerEmail, password: PASSWORD },
        headers: { 'accept-language': lang },
      });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('ACCOUNT_SUSPENDED');
      expect(res.json.errorMessage).toEqual(both('error.ACCOUNT_SUSPENDED'));
    }
    expect(t('ar', 'error.ACCOUNT_SUSPENDED')).toMatch(/إيقاف/);
    expect(t('en', 'error.ACCOUNT_SUSPENDED')).toMatch(/suspended/);
    // A wrong password still says only that: the status is told to whoever proves they are the user.
    const guesser = http();
    expect((await guesser.login(a.ownerEmail, 'wrong-password-123')).json.code).toBe('INVALID_CREDENTIALS');

    // The member has another account: sign-in lands there, and switching to the suspended one says why.
    const member = http();
    const login = await member.login(a.memberEmail, PASSWORD);
    expect(login.status).toBe(200);
    expect(login.json.user.ownerId).toBe(a.personal);
    const sw = await member.post('/api/inst-login', { userId: a.member, ownerId: a.inst });
    expect(sw.status).toBe(403);
    expect(sw.json.code).toBe('ACCOUNT_SUSPENDED');
    // Someone who does not belong to it learns nothing of its status.
    const outsider = await signIn(DEMO_EMAILS.solo);
    const soloId = (await outsider.get('/api/user/info')).json.info.id as string;
    const probe = await outsider.post('/api/inst-login', { userId: soloId, ownerId: a.inst });
    expect(probe.json.code).toBe('NOT_A_MEMBER');

    await setStatus(ops, a.inst, 'banned');
    const banned = await http().login(a.ownerEmail, PASSWORD);
    expect(banned.status).toBe(403);
    expect(banned.json.code).toBe('ACCOUNT_BANNED');
    expect(banned.json.errorMessage.ar).toMatch(/حظر/);
    expect(banned.json.errorMessage.en).toMatch(/banned/);
    const [row] = await runtime.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.accountId, a.inst), eq(schema.auditLog.action, 'account.ban')));
    expect(row?.userId).toBe(opsUserId);
  });

  it('limits the operator’s changes (a stolen ops session cannot close every account at once)', async () => {
    const a = await institution('limit');
    const statuses: number[] = [];
    // 100 an hour per operator, the earlier tests' changes included.
    for (let i = 0; i < 101 && statuses.at(-1) !== 429; i++) {
      statuses.push((await setStatus(ops, a.inst, 'active')).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeGreaterThan(80);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    // Refused means not done: a suspension asked for now does not happen.
    expect((await setStatus(ops, a.inst, 'suspended')).status).toBe(429);
    const [row] = await runtime.db.select().from(schema.accounts).where(eq(schema.accounts.id, a.inst));
    expect(row?.status).toBe('active');
  });
});
