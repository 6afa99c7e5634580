import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { issueInvoice } from '@majlis/core/billing/invoices';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { attachRealtime, type Realtime } from '../src/realtime/server.ts';
import { TestClient } from './client.ts';
import { ChatClient, waitFor } from './realtime-client.ts';

/** Issue 11, user management: routes × roles, the owner rules, deactivation and removal, invitations, the audit. */
const PASSWORD = 'Demo-password-1';
const NEW_PASSWORD = 'Another-good-passphrase-42';
let seq = 0;
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@users.test`;
const person = (email: string, over: Record<string, unknown> = {}) => ({
  fname: 'Nour',
  lname: 'Adel',
  email,
  phone: '+201001234567',
  role: 'member',
  mode: 'password',
  password: NEW_PASSWORD,
  ...over,
});

describe.each(drivers)('user management on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let realtime: Realtime;
  let url = '';
  let server: Server;
  let config: ReturnType<typeof testConfig>;
  const sockets: ChatClient[] = [];
  let instId = '';
  let ids: Record<'owner' | 'admin' | 'member' | 'solo', string>;

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  const signedIn = async (email: string, password = PASSWORD) => {
    const c = http();
    const res = await c.login(email, password);
    expect(res.status).toBe(200);
    return c;
  };
  const anonymous = async () => {
    const c = http();
    await c.csrf();
    return c;
  };
  /** The invitation link the outbox holds for an address, as the invitee would open it. */
  const invitationToken = async (email: string) => {
    const [row] = await runtime.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.to, email), eq(schema.outbox.template, 'accountInvite')))
      .orderBy(desc(schema.outbox.id));
    expect(row?.body).toContain(`${url}/invite/`);
    return { row, token: /\/invite\/([\w-]+)/.exec(row?.body ?? '')?.[1] as string };
  };
  const addMember = async (owner: TestClient, over: Record<string, unknown> = {}) => {
    const email = unique('m');
    const res = await owner.post('/api/users', person(email, over));
    expect(res.status).toBe(201);
    return { email, id: res.json.user.id as string };
  };

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The e-mailed links point at this server (PUBLIC_URL), as they would at the site.
    config = testConfig({ PUBLIC_URL: url, LOG_LEVEL: 'silent' });
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    server.on('request', getRequestListener(createApp(runtime).fetch));
    realtime = attachRealtime(runtime, server);
    const users = await runtime.db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users);
    const idOf = (email: string) => users.find((u) => u.email === email)?.id as string;
    ids = {
      owner: idOf(DEMO_EMAILS.owner),
      admin: idOf(DEMO_EMAILS.admin),
      member: idOf(DEMO_EMAILS.member),
      solo: idOf(DEMO_EMAILS.solo),
    };
    const [inst] = await runtime.db.select().from(schema.accounts).where(eq(schema.accounts.kind, 'inst'));
    instId = inst?.id as string;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await realtime?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  it('lists, pages and searches the institution’s users for owner and admin; refuses member, solo, anonymous', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const list = await owner.get('/api/users?page=1&pageSize=10');
    expect(list.status).toBe(200);
    const emails = list.json.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO_EMAILS.owner, DEMO_EMAILS.admin, DEMO_EMAILS.member]));
    expect(emails).not.toContain(DEMO_EMAILS.solo);
    expect(list.json.users[0]).toMatchObject({ role: 'owner', active: true });
    // Signing in wrote the last sign-in time.
    expect(list.json.users[0].lastSignInAt).not.toBeNull();
    const found = await owner.get(`/api/users?q=${encodeURIComponent('MEMBER@demo')}`);
    expect(found.json.users.map((u: { email: string }) => u.email)).toEqual([DEMO_EMAILS.member]);
    const paged = await owner.get('/api/users?page=2&pageSize=1');
    expect(paged.json).toMatchObject({ page: 2, pageSize: 1, total: list.json.total });
    expect(paged.json.users).toHaveLength(1);
    expect((await owner.get('/api/users?pageSize=1000')).status).toBe(400);
    expect((await (await signedIn(DEMO_EMAILS.admin)).get('/api/users')).status).toBe(200);
    expect((await (await signedIn(DEMO_EMAILS.member)).get('/api/users')).status).toBe(403);
    expect((await (await signedIn(DEMO_EMAILS.solo)).get('/api/users')).status).toBe(403);
    expect((await http().get('/api/users')).status).toBe(401);
    expect((await owner.get(`/api/users/${ids.admin}`)).json.user.email).toBe(DEMO_EMAILS.admin);
    expect((await owner.get(`/api/users/${ids.solo}`)).status).toBe(404);
  });

  it('adds a user with an initial password, who signs in to the institution; 409 when already in it', async () => {
    const admin = await signedIn(DEMO_EMAILS.admin);
    const email = unique('pw');
    const res = await admin.post('/api/users', person(email, { role: 'admin', email: email.toUpperCase() }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'created', user: { email, role: 'admin', active: true, room: null } });
    const newcomer = await signedIn(email, NEW_PASSWORD);
    expect((await newcomer.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: 'admin' });
    const again = await admin.post('/api/users', person(email));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('ALREADY_MEMBER');
    expect(again.json.errorMessage.en).toMatch(/already a user of this account/);
    expect((await (await signedIn(DEMO_EMAILS.member)).post('/api/users', person(unique('x')))).status).toBe(403);
    expect((await (await signedIn(DEMO_EMAILS.solo)).post('/api/users', person(unique('x')))).status).toBe(403);
    expect((await (await anonymous()).post('/api/users', person(unique('x')))).status).toBe(401);
  });

  it('answers the spec §5 messages, refuses the owner role and a short password', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const empty = await owner.post('/api/users', { fname: ' ', lname: '', email: '', phone: '0100', role: 'owner' });
    expect(empty.status).toBe(400);
    expect(empty.json.fields.fname).toEqual({ ar: expect.any(String), en: 'Enter first name' });
    expect(empty.json.fields.lname.en).toBe('Enter last name');
    expect(empty.json.fields.email.en).toBe('Enter e-mail');
    expect(empty.json.fields.phone.en).toMatch(/country code/);
    expect(empty.json.fields.role.en).toBe('Choose a role: official or member');
    expect(empty.json.fields.role.ar).toBe('اختر الدور: مسؤول أو عضو');
    const short = await owner.post('/api/users', person(unique('s'), { password: 'short' }));
    expect(short.json.fields.password.en).toMatch(/^Password is short/);
    const none = await owner.post('/api/users', person(unique('s'), { password: undefined }));
    expect(none.json.fields.password.en).toBe('Enter the password');
  });

  it('never attaches an existing Majlis user by e-mail: an invitation they accept while signed in', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const res = await owner.post('/api/users', person(DEMO_EMAILS.solo, { mode: 'password', role: 'admin' }));
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ status: 'invited', user: null, delivery: 'outbox' });
    expect((await owner.get(`/api/users/${ids.solo}`)).status).toBe(404);
    const { row, token } = await invitationToken(DEMO_EMAILS.solo);
    expect(row?.subject).toContain('مؤسسة مجلس التجريبية');
    const visitor = await anonymous();
    const view = await visitor.get(`/api/account-invitations/${token}`);
    expect(view.json).toMatchObject({ accountName: 'مؤسسة مجلس التجريبية', role: 'admin', existingUser: true });
    expect(view.json.email).toBe('s•••@demo.test');
    const signedOut = await visitor.post(`/api/account-invitations/${token}/accept`, {});
    expect(signedOut.status).toBe(403);
    expect(signedOut.json.code).toBe('INVITATION_SIGN_IN');
    const wrong = await (await signedIn(DEMO_EMAILS.member)).post(`/api/account-invitations/${token}/accept`, {});
    expect(wrong.status).toBe(403);
    expect(wrong.json.errorMessage.en).toMatch(/sent to another e-mail address/);
    const solo = await signedIn(DEMO_EMAILS.solo);
    const accepted = await solo.post(`/api/account-invitations/${token}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.json.user).toMatchObject({ id: ids.solo, ownerId: instId, role: 'admin' });
    expect((await solo.get('/api/account/type')).json.accountType).toBe('admin');
    const reused = await solo.post(`/api/account-invitations/${token}/accept`, {});
    expect(reused.status).toBe(404);
    expect(reused.json.code).toBe('INVITATION_INVALID');
    expect(reused.json.errorMessage.ar).toMatch(/رابط الدعوة غير صالح/);
    // Back out, so the solo owner stays an individual-only user for the other tests.
    expect((await owner.request('DELETE', `/api/users/${ids.solo}`)).status).toBe(200);
  });

  it('invites a new person by e-mail; they choose a password and are signed in to the institution', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const email = unique('inv');
    const res = await owner.post('/api/users', person(email, { mode: 'invite', password: undefined }));
    expect(res.status).toBe(202);
    const { row, token } = await invitationToken(email);
    expect(row?.locale).toBe('ar');
    const visitor = await anonymous();
    expect((await visitor.get(`/api/account-invitations/${token}`)).json.existingUser).toBe(false);
    const noPassword = await visitor.post(`/api/account-invitations/${token}/accept`, {});
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.fields.password.en).toBe('Enter the password');
    const accepted = await visitor.post(`/api/account-invitations/${token}/accept`, {
      password: NEW_PASSWORD,
      acceptTerms: true,
      ageConfirmed: true,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.user).toMatchObject({ ownerId: instId, role: 'member', fname: 'Nour' });
    expect((await visitor.get('/api/user/info')).json.info.email).toBe(email);
    await signedIn(email, NEW_PASSWORD);
    expect((await visitor.get(`/api/account-invitations/${token}`)).status).toBe(404);
    expect((await visitor.get('/api/account-invitations/not-a-real-token-at-all')).status).toBe(404);
    expect((await visitor.get('/api/account-invitations/x')).status).toBe(404);
  });

  it('changes the role; the owner rules: not the owner by an admin, no owner role, not your own role', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const admin = await signedIn(DEMO_EMAILS.admin);
    const u = await addMember(owner);
    const edited = await admin.request('PUT', `/api/users/${u.id}`, { body: { role: 'admin' } });
    expect(edited.status).toBe(200);
    expect(edited.json.user).toMatchObject({ fname: 'Nour', lname: 'Adel', phone: '+201001234567', role: 'admin' });
    const onOwner = await admin.request('PUT', `/api/users/${ids.owner}`, { body: { role: 'member' } });
    expect(onOwner.status).toBe(403);
    expect(onOwner.json.code).toBe('OWNER_PROTECTED');
    const raise = await admin.request('PUT', `/api/users/${u.id}`, { body: { role: 'owner' } });
    expect(raise.status).toBe(400);
    const self = await admin.request('PUT', `/api/users/${ids.admin}`, { body: { role: 'member' } });
    expect(self.json.code).toBe('OWN_ROLE');
    const ownerSelf = await owner.request('PUT', `/api/users/${ids.owner}`, { body: { role: 'admin' } });
    expect(ownerSelf.status).toBe(403);
    expect((await owner.request('PUT', `/api/users/${u.id}`, { body: { role: 'member' } })).status).toBe(200);
    // Per role on the route: owner and admin change roles (above); a member and an individual account may not; a
    // signed-out visitor signs in first; another account's user is unknown here.
    expect((await owner.request('PUT', `/api/users/${ids.solo}`, { body: { role: 'admin' } })).status).toBe(404);
    const member = await signedIn(DEMO_EMAILS.member);
    expect((await member.request('PUT', `/api/users/${u.id}`, { body: { role: 'admin' } })).status).toBe(403);
    const solo = await signedIn(DEMO_EMAILS.solo);
    expect((await solo.request('PUT', `/api/users/${u.id}`, { body: { role: 'admin' } })).status).toBe(403);
    expect((await (await anonymous()).request('PUT', `/api/users/${u.id}`, { body: {} })).status).toBe(401);
  });

  it("never rewrites a person's name or phone: their own account, user info and future invoices keep theirs", async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const admin = await signedIn(DEMO_EMAILS.admin);
    // The demo member also owns a personal account, billed in their own name.
    for (const [who, target] of [
      [owner, ids.member],
      [admin, ids.member],
      [owner, ids.owner],
      [owner, ids.admin],
    ] as const) {
      const res = await who.request('PUT', `/api/users/${target}`, {
        body: { fname: 'Renamed', lname: 'ByTheInstitution', phone: '+201009999999', role: 'member' },
      });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
      for (const field of ['fname', 'lname', 'phone']) {
        expect(res.json.fields[field]).toEqual({
          ar: 'لا يغيّر الاسم ورقم الهاتف إلا صاحبهما، من ملفه الشخصي',
          en: 'Only the person can change their name and phone number, in their own profile',
        });
      }
    }
    const [row] = await runtime.db.select().from(schema.users).where(eq(schema.users.id, ids.member));
    expect(row).toMatchObject({ fname: 'Omar', lname: 'Khaled', phone: '+201001000004' });
    // Nothing was half-done: the role in the same body did not change either.
    expect((await owner.get(`/api/users/${ids.admin}`)).json.user.role).toBe('admin');

    const member = await signedIn(DEMO_EMAILS.member);
    const [personal] = await runtime.db
      .select({ id: schema.accounts.id })
      .from(schema.accounts)
      .where(and(eq(schema.accounts.ownerUserId, ids.member), eq(schema.accounts.kind, 'indv')));
    expect((await member.post('/api/inst-login', { userId: ids.member, ownerId: personal?.id })).status).toBe(200);
    expect((await member.get('/api/user/info')).json.info).toMatchObject({
      fname: 'Omar',
      lname: 'Khaled',
      phone: '+201001000004',
    });
    // A future invoice of the personal account bills the person by their own name.
    const [order] = await runtime.db
      .insert(schema.orders)
      .values({
        accountId: personal?.id as string,
        kind: 'room',
        roomName: 'Study',
        roomType: 'jitsi',
        participants: 5,
        period: 'monthly',
        currency: 'USD',
        unitMinor: 1_000,
        taxPercent: 0,
        taxMinor: 0,
        totalMinor: 1_000,
        provider: 'sandbox',
        clientKey: `identity-${Date.now()}`,
      })
      .returning();
    const invoice = await runtime.db.transaction((tx) => issueInvoice(tx, order?.id as string));
    const view = await member.get(`/api/billing/invoices/${invoice.id}`);
    expect(view.status, view.text).toBe(200);
    expect(view.json.billTo).toMatchObject({ name: 'Omar Khaled', phone: '+201001000004' });
  });

  it('deactivating cuts the live socket at once and refuses sign-in here; the personal account still works', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const member = await signedIn(DEMO_EMAILS.member);
    const socket = new ChatClient(url, member.jar);
    sockets.push(socket);
    await socket.connected();
    socket.socket.io.reconnection(false);
    const started = Date.now();
    const off = await owner.request('PUT', `/api/users/${ids.member}/status`, { body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.json.user.active).toBe(false);
    await waitFor(() => !socket.socket.connected, 3000, 'the socket cut');
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await member.get('/api/user/info')).status).toBe(401);
    // Sign-in lands in the personal account; switching to the institution is refused, in both languages.
    const again = http();
    const personal = await again.login(DEMO_EMAILS.member, PASSWORD);
    expect(personal.status).toBe(200);
    expect(personal.json.user.ownerId).not.toBe(instId);
    const sw = await again.post('/api/inst-login', { userId: ids.member, ownerId: instId });
    expect(sw.status).toBe(403);
    expect(sw.json.code).toBe('MEMBERSHIP_INACTIVE');
    expect(sw.json.errorMessage.ar).toMatch(/تعطيل وصولك/);
    // Someone whose only account is this institution is told so at sign-in.
    const only = await addMember(owner);
    await owner.request('PUT', `/api/users/${only.id}/status`, { body: { active: false } });
    const refused = await http().login(only.email, NEW_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessage.en).toMatch(/access to this institution was deactivated/);
    // Data kept; active again restores.
    expect((await owner.request('PUT', `/api/users/${ids.member}/status`, { body: { active: true } })).status).toBe(
      200,
    );
    const back = await signedIn(DEMO_EMAILS.member);
    expect((await back.post('/api/inst-login', { userId: ids.member, ownerId: instId })).status).toBe(200);
    const admin = await signedIn(DEMO_EMAILS.admin);
    const onOwner = await admin.request('PUT', `/api/users/${ids.owner}/status`, { body: { active: false } });
    expect(onOwner.json.code).toBe('OWNER_PROTECTED');
    expect((await owner.request('PUT', `/api/users/${ids.owner}/status`, { body: { active: false } })).status).toBe(
      403,
    );
    expect((await admin.request('PUT', `/api/users/${ids.admin}/status`, { body: { active: false } })).status).toBe(
      403,
    );
    expect((await owner.request('PUT', `/api/users/${ids.solo}/status`, { body: { active: false } })).status).toBe(404);
    expect(
      (await (await signedIn(DEMO_EMAILS.member)).request('PUT', `/api/users/${only.id}/status`, { body: {} })).status,
    ).toBe(403);
  });

  it('removes a user: rooms de-assigned, teams left, sessions ended; never the owner, nor across accounts', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const admin = await signedIn(DEMO_EMAILS.admin);
    const u = await addMember(owner);
    const room = (await owner.post('/api/rooms', { name: 'قاعة الإزالة', type: 'jitsi', participants: 5 })).json;
    await owner.request('PUT', `/api/rooms/${room.id}/assign`, { body: { userId: u.id } });
    const [team] = await runtime.db.select().from(schema.teams).where(eq(schema.teams.accountId, instId));
    await runtime.db.insert(schema.teamMembers).values({ teamId: team?.id as string, userId: u.id, role: 'member' });
    const listed = await owner.get(`/api/users?q=${encodeURIComponent(u.email)}`);
    expect(listed.json.users[0].room).toEqual({ id: room.id, name: 'قاعة الإزالة' });
    const theirs = await signedIn(u.email, NEW_PASSWORD);
    expect((await (await signedIn(DEMO_EMAILS.member)).request('DELETE', `/api/users/${u.id}`)).status).toBe(403);
    const gone = await admin.request('DELETE', `/api/users/${u.id}`);
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ deletedMeetings: 0 });
    expect((await owner.get(`/api/rooms/${room.id}`)).json.assignedUser).toBeNull();
    expect(await runtime.db.select().from(schema.teamMembers).where(eq(schema.teamMembers.userId, u.id))).toEqual([]);
    expect((await theirs.get('/api/user/info')).status).toBe(401);
    expect((await owner.get(`/api/users/${u.id}`)).status).toBe(404);
    const onOwner = await admin.request('DELETE', `/api/users/${ids.owner}`);
    expect(onOwner.json.code).toBe('OWNER_PROTECTED');
    const last = await owner.request('DELETE', `/api/users/${ids.owner}`);
    expect(last.status).toBe(403);
    expect(last.json.errorMessage.en).toBe("The account's last owner cannot be removed");
    expect((await owner.request('DELETE', `/api/users/${ids.solo}`)).status).toBe(404);
    expect((await (await signedIn(DEMO_EMAILS.solo)).request('DELETE', `/api/users/${ids.member}`)).status).toBe(403);
    expect((await (await anonymous()).request('DELETE', `/api/users/${ids.member}`)).status).toBe(401);
  });

  it('shows the owner the audit of every change (who, what, target, when), paged; nobody else', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const u = await addMember(owner);
    await owner.request('PUT', `/api/users/${u.id}`, { body: { role: 'admin' } });
    await owner.request('PUT', `/api/users/${u.id}/status`, { body: { active: false } });
    await owner.request('DELETE', `/api/users/${u.id}`);
    const audit = await owner.get('/api/users/audit?limit=4');
    expect(audit.status).toBe(200);
    expect(audit.json.rows.map((r: { action: string }) => r.action)).toEqual([
      'user.remove',
      'user.deactivate',
      'user.edit',
      'user.add',
    ]);
    expect(audit.json.rows[0]).toMatchObject({ target: u.id, who: { id: ids.owner } });
    const next = await owner.get(`/api/users/audit?limit=4&before=${audit.json.next}`);
    expect(next.json.rows.every((r: { id: number }) => r.id < audit.json.next)).toBe(true);
    const older = await owner.get(`/api/users/audit?limit=100&before=${audit.json.next}`);
    expect(older.json.rows.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['user.join', 'user.invite', 'user.activate', 'user.edit']),
    );
    expect((await (await signedIn(DEMO_EMAILS.admin)).get('/api/users/audit')).status).toBe(403);
    expect((await (await signedIn(DEMO_EMAILS.member)).get('/api/users/audit')).status).toBe(403);
    expect((await (await signedIn(DEMO_EMAILS.solo)).get('/api/users/audit')).status).toBe(403);
    expect((await http().get('/api/users/audit')).status).toBe(401);
  });
});
