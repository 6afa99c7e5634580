import { addDomain, removeDomain, setDomainMode } from '@majlis/core/accounts/domains';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 30, verified domains: the owner claims a domain and proves it by a TXT record, looked up through a resolver
 * this test controls (runtime.resolveTxt); people who then sign in with an address at it join as members at once, or
 * wait for an official's approval, as the owner chose. Audit rows for each step; 404 across accounts; owner only.
 */
let bff: TestBff;
let owner: TestClient;
let instId: string;
const txt = new Map<string, string[][]>();

beforeAll(async () => {
  bff = await startBff({ mode: 'embedded', config: (url) => testConfig({ PUBLIC_URL: url, LOG_LEVEL: 'silent' }) });
  for (const runtime of bff.runtimes) runtime.resolveTxt = async (name) => txt.get(name) ?? [];
  const signed = await bff.signIn(DEMO_EMAILS.owner);
  owner = signed.http;
  instId = signed.accountId;
});
afterAll(async () => {
  await bff?.stop();
});

const audit = async (action: string) =>
  bff.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.accountId, instId)));

describe('verified domains', () => {
  it('the owner claims a domain, proves it by TXT, and people at it join as members', async () => {
    const claimed = await owner.post('/api/account/domains', { domain: 'Uni.Example', joinMode: 'auto' });
    expect(claimed.status).toBe(201);
    const { id, txtRecord, verifiedAt } = claimed.json.domain;
    expect(verifiedAt).toBeNull();
    const missing = await owner.post(`/api/account/domains/${id}/verify`);
    expect(missing.status).toBe(422);
    expect(missing.json.code).toBe('DOMAIN_NOT_PROVED');
    expect(missing.json.errorMessage.ar).toMatch(/TXT/);
    txt.set('uni.example', [['v=spf1 -all'], [txtRecord.slice(0, 10), txtRecord.slice(10)]]);
    const proved = await owner.post(`/api/account/domains/${id}/verify`);
    expect(proved.status).toBe(200);
    expect(proved.json.domain.verifiedAt).not.toBeNull();
    expect((await audit('domain.verify')).length).toBe(1);

    // The demo's solo user moves to an address at the domain, then signs in: a member now.
    await bff.db
      .update(schema.users)
      .set({ email: 'solo@uni.example' })
      .where(eq(schema.users.email, DEMO_EMAILS.solo));
    const solo = bff.client();
    expect((await solo.login('solo@uni.example', 'Demo-password-1')).status).toBe(200);
    const [m] = await bff.db
      .select()
      .from(schema.memberships)
      .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
      .where(and(eq(schema.users.email, 'solo@uni.example'), eq(schema.memberships.accountId, instId)));
    expect(m?.memberships.role).toBe('member');
    expect((await audit('domain.join')).length).toBe(1);
  });

  it('with approval, they wait; an official lets them in', async () => {
    const list = await owner.get('/api/account/domains');
    const id = list.json.domains[0].id;
    expect((await owner.request('PUT', `/api/account/domains/${id}`, { body: { joinMode: 'approval' } })).status).toBe(
      200,
    );
    // The demo admin moves to an address at the domain: in the institution already, nothing changes for them.
    const email = 'admin@uni.example';
    await bff.db.update(schema.users).set({ email }).where(eq(schema.users.email, DEMO_EMAILS.admin));
    const admin = bff.client();
    expect((await admin.login(email, 'Demo-password-1')).status).toBe(200);
    expect((await owner.get('/api/account/join-requests')).json.requests).toEqual([]);
    // Somebody new registers at the domain (a user row as confirmRegistration makes, signed in with its password).
    const hash = (await bff.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]?.passwordHash;
    const [fresh] = await bff.db
      .insert(schema.users)
      .values({ email: 'new@uni.example', passwordHash: hash as string, fname: 'New', lname: 'Comer', phone: '' })
      .returning();
    const [personal] = await bff.db
      .insert(schema.accounts)
      .values({ kind: 'indv', name: 'New Comer', ownerUserId: fresh?.id as string })
      .returning();
    await bff.db
      .insert(schema.memberships)
      .values({ userId: fresh?.id as string, accountId: personal?.id as string, role: 'owner' });
    expect((await bff.client().login('new@uni.example', 'Demo-password-1')).status).toBe(200);
    const waiting = await owner.get('/api/account/join-requests');
    expect(waiting.json.requests.map((r: { email: string }) => r.email)).toEqual(['new@uni.example']);
    expect((await audit('domain.request')).length).toBe(1);
    const approve = await owner.post(`/api/account/join-requests/${fresh?.id}/approve`);
    expect(approve.status).toBe(200);
    const [m] = await bff.db
      .select()
      .from(schema.memberships)
      .where(and(eq(schema.memberships.userId, fresh?.id as string), eq(schema.memberships.accountId, instId)));
    expect(m?.role).toBe('member');
    expect((await audit('domain.approve')).length).toBe(1);
    expect((await owner.post(`/api/account/join-requests/${fresh?.id}/approve`)).status).toBe(404);
  });

  it('another institution cannot take a proved domain; ids of another account are 404; others get 403', async () => {
    const list = await owner.get('/api/account/domains');
    const id = list.json.domains[0].id;
    const { http: member } = await bff.signIn(DEMO_EMAILS.member);
    expect((await member.get('/api/account/domains')).status).toBe(403);
    expect((await member.post(`/api/account/domains/${id}/verify`)).status).toBe(403);
    const { http: adminClient } = await bff.signIn('admin@uni.example');
    expect((await adminClient.request('DELETE', `/api/account/domains/${id}`)).status).toBe(403);
    // A second institution's owner, acting through the services the routes call.
    const [memberRow] = await bff.db.select().from(schema.users).where(eq(schema.users.email, DEMO_EMAILS.member));
    const [inst] = await bff.db
      .insert(schema.accounts)
      .values({ kind: 'inst', name: 'Second', ownerUserId: memberRow?.id as string })
      .returning();
    const actor = {
      userId: memberRow?.id as string,
      accountId: inst?.id as string,
      role: 'owner' as const,
      kind: 'inst' as const,
      isOps: false,
      fname: 'M',
      lname: 'M',
      email: DEMO_EMAILS.member,
      picture: null,
      locale: 'en' as const,
      timeZone: 'Africa/Cairo',
    };
    await expect(addDomain(bff.db, actor, { domain: 'uni.example', joinMode: 'auto' }, null)).rejects.toMatchObject({
      code: 'DOMAIN_TAKEN',
    });
    await expect(removeDomain(bff.db, actor, id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setDomainMode(bff.db, actor, id, 'auto', null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner.request('DELETE', `/api/account/domains/${id}`)).status).toBe(200);
    expect((await audit('domain.remove')).length).toBe(1);
  });
});
