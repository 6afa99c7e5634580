import { hashToken, sessionCookieName } from '@majlis/core/auth/sessions';
import * as schema from '@majlis/core/db/schema/index';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { sessionCacheOf } from '../src/http/session-cache.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
let seq = 0;
const newUser = (over: Record<string, unknown> = {}) => ({
  fname: 'Mona',
  lname: 'Saleh',
  email: `mona${++seq}.${Date.now()}@example.test`,
  password: 'correct horse battery',
  phone: '+201001234567',
  acceptTerms: true,
  ageConfirmed: true,
  ...over,
});

describe.each(drivers)('BFF API on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1', SESSION_IDLE_SECONDS: '3600', SESSION_ABSOLUTE_SECONDS: '86400' });
  /**
   * A session's timestamps moved by hand stand for time passing, which no event tells: this instance's session cache
   * lets go of it, as its TTL running out would (http/session-cache.ts).
   */
  const timePassed = (c: TestClient) =>
    sessionCacheOf(runtime).forget(hashToken(config.sessionSecret, c.jar.get(sessionCookieName(config)) as string));
  const client = () => new TestClient((url, init) => app.request(url, init));

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  /** The confirmation link the outbox holds for an address (what the newcomer opens from their e-mail). */
  async function confirmToken(email: string): Promise<string> {
    const [mail] = await runtime.db
      .select()
      .from(schema.outbox)
      .where(sql`${schema.outbox.to} = ${email.toLowerCase()} and ${schema.outbox.template} = 'registerConfirm'`)
      .orderBy(sql`id desc`)
      .limit(1);
    return /token=([\w-]+)/.exec(mail?.body ?? '')?.[1] as string;
  }

  /** Register, then open the e-mailed link: signed in as the new user. */
  async function register(c: TestClient, body: ReturnType<typeof newUser>) {
    const res = await c.post('/api/register', body);
    expect(res.status).toBe(202);
    return c.post('/api/register/confirm', { token: await confirmToken(body.email) });
  }

  describe('register', () => {
    it('e-mails a link; opening it creates a user with a personal account and signs in', async () => {
      const c = client();
      await c.csrf();
      const body = newUser();
      const first = await c.post('/api/register', body);
      expect(first.status).toBe(202);
      expect(first.json).toEqual({ ok: true, confirm: 'email' });
      expect(c.cookie('majlis.sid')).toBeUndefined();
      expect((await c.get('/api/user/info')).status).toBe(401);
      await c.csrf(); // the 401 cleared the XSRF-TOKEN cookie, as for any signed-out call
      const res = await c.post('/api/register/confirm', { token: await confirmToken(body.email) });
      expect(res.status).toBe(201);
      expect(res.json.user).toMatchObject({ role: 'owner', fname: 'Mona', email: body.email });
      const type = await c.get('/api/account/type');
      expect(type.json).toEqual({ type: 'indv', accountType: 'owner' });
      const info = await c.get('/api/user/info');
      expect(info.json.info).toMatchObject({ email: body.email, phone: '+201001234567', locale: 'ar' });
    });

    it('a confirmation link works once', async () => {
      const c = client();
      await c.csrf();
      const body = newUser();
      await c.post('/api/register', body);
      const token = await confirmToken(body.email);
      expect((await c.post('/api/register/confirm', { token })).status).toBe(201);
      const again = client();
      await again.csrf();
      const res = await again.post('/api/register/confirm', { token });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('REGISTER_TOKEN_INVALID');
      expect(res.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
    });

    it('a taken e-mail (any case) gets the same answer, and its owner gets a note instead of a link', async () => {
      const c = client();
      await c.csrf();
      const body = newUser();
      expect((await register(c, body)).status).toBe(201);
      const again = client();
      await again.csrf();
      const res = await again.post('/api/register', { ...body, email: body.email.toUpperCase(), fname: 'Other' });
      const fresh = client();
      await fresh.csrf();
      const other = await fresh.post('/api/register', newUser());
      expect(res.status).toBe(other.status);
      expect(res.json).toEqual(other.json);
      expect(res.headers.getSetCookie().map((l) => l.split('=')[0])).toEqual(
        other.headers.getSetCookie().map((l) => l.split('=')[0]),
      );
      const mails = await runtime.db
        .select()
        .from(schema.outbox)
        .where(sql`${schema.outbox.to} = ${body.email.toLowerCase()}`)
        .orderBy(sql`id`);
      expect(mails.map((m) => m.template)).toEqual(['registerConfirm', 'registerExisting']);
      expect(mails[1]?.body).toContain('/password/forgot');
      expect(mails[1]?.body).not.toMatch(/token=/);
    });

    it('refuses a short password, missing terms, under-age and a phone without country code, field by field', async () => {
      const c = client();
      await c.csrf();
      const res = await c.post(
        '/api/register',
        newUser({ password: 'short', acceptTerms: false, ageConfirmed: false, phone: '01001234567' }),
      );
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json.fields).sort()).toEqual(['acceptTerms', 'ageConfirmed', 'password', 'phone']);
      expect(res.json.fields.password.en).toMatch(/short/i);
      expect(res.json.fields.phone.en).toMatch(/country code/);
      expect(res.json.fields.acceptTerms.ar).toMatch(/الشروط/);
    });

    it('refuses a common password and the e-mail as password, in both languages', async () => {
      const c = client();
      await c.csrf();
      const common = await c.post('/api/register', newUser({ password: '12345678' }));
      expect(common.status).toBe(400);
      expect(common.json.fields.password.en).toMatch(/common/);
      expect(common.json.fields.password.ar).toMatch(/شائعة/);
      expect((await c.post('/api/register', newUser({ password: 'Password1' }))).json.fields.password).toBeDefined();
      const body = newUser();
      const same = await c.post('/api/register', { ...body, password: body.email.toUpperCase() });
      expect(same.status).toBe(400);
      expect(same.json.fields.password.en).toMatch(/e-mail/);
    });

    it('accepts Arabic-Indic digits in the phone and stores E.164', async () => {
      const c = client();
      await c.csrf();
      const res = await register(c, newUser({ phone: '+٢٠ ١٠٠ ١٢٣ ٤٥٦٧' }));
      expect(res.status).toBe(201);
      expect((await c.get('/api/user/info')).json.info.phone).toBe('+201001234567');
    });

    it('stores the language of the MajlisLang cookie', async () => {
      const c = client();
      await c.csrf();
      c.jar.set('MajlisLang', 'En');
      await register(c, newUser());
      expect((await c.get('/api/user/info')).json.info.locale).toBe('en');
    });

    it('limits registrations per e-mail, whatever the IP (5 per window)', async () => {
      const body = newUser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const c = client();
        await c.csrf();
        statuses.push((await c.post('/api/register', body)).status);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    });

    it('rejects unknown fields', async () => {
      const c = client();
      await c.csrf();
      const res = await c.post('/api/register', newUser({ isOps: true }));
      expect(res.status).toBe(400);
      expect(res.json.fields.isOps.en).toMatch(/not allowed/);
    });
  });

  describe('login and sessions', () => {
    it('rejects a wrong password and an unknown e-mail with the same 401', async () => {
      const c = client();
      const wrong = await c.login('solo@demo.test', 'not-the-password');
      const unknown = await c.login('nobody@demo.test', 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.json).toEqual(unknown.json);
      expect(wrong.json.code).toBe('INVALID_CREDENTIALS');
      expect(wrong.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
    });

    it('gives a new session id and CSRF token at login, and the old id stops working', async () => {
      const c = client();
      const anonToken = await c.csrf();
      const anonSid = c.cookie('majlis.sid');
      const res = await c.post('/api/login', { email: 'solo@demo.test', password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.json.user).toMatchObject({ email: 'solo@demo.test', role: 'owner' });
      expect(c.cookie('majlis.sid')).not.toBe(anonSid);
      expect(c.cookie('XSRF-TOKEN')).not.toBe(anonToken);
      expect(res.headers.getSetCookie().find((l) => l.startsWith('majlis.sid='))).toMatch(/HttpOnly/i);
      expect(res.headers.getSetCookie().find((l) => l.startsWith('majlis.sid='))).toMatch(/SameSite=Lax/i);

      const thief = client();
      thief.jar.set('majlis.sid', anonSid as string);
      expect((await thief.get('/api/user/info')).status).toBe(401);

      const relog = await c.post('/api/login', { email: 'solo@demo.test', password: PASSWORD });
      const firstSid = c.cookie('majlis.sid');
      expect(relog.status).toBe(200);
      await c.post('/api/login', { email: 'solo@demo.test', password: PASSWORD });
      expect(c.cookie('majlis.sid')).not.toBe(firstSid);
    });

    it('logout ends the session server-side, even for a copied cookie', async () => {
      const c = client();
      await c.login('solo@demo.test', PASSWORD);
      const copy = client();
      copy.jar.set('majlis.sid', c.cookie('majlis.sid') as string);
      expect((await copy.get('/api/user/info')).status).toBe(200);
      const out = await c.get('/api/logout');
      expect(out.json).toEqual({ ok: true });
      expect(c.cookie('majlis.sid')).toBeUndefined();
      const after = await copy.get('/api/user/info');
      expect(after.status).toBe(401);
      expect(after.json.code).toBe('UNAUTHENTICATED');
      expect(
        after.headers.getSetCookie().some((l) => l.startsWith('majlis.sid=;') || /majlis\.sid=.*Max-Age=0/i.test(l)),
      ).toBe(true);
    });

    it('expires a session after the idle timeout', async () => {
      const c = client();
      await c.login('solo@demo.test', PASSWORD);
      expect((await c.get('/api/user/info')).status).toBe(200);
      await runtime.db.execute(
        sql`update sessions set last_seen_at = now() - interval '2 hours' where user_id = (select id from users where email = 'solo@demo.test')`,
      );
      timePassed(c);
      expect((await c.get('/api/user/info')).status).toBe(401);
    });

    it('expires a session after the absolute lifetime even when active', async () => {
      const c = client();
      await c.login('solo@demo.test', PASSWORD);
      expect((await c.get('/api/user/info')).status).toBe(200);
      await runtime.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = 'solo@demo.test')`,
      );
      timePassed(c);
      expect((await c.get('/api/user/info')).status).toBe(401);
    });

    it('password reset: single use, signs every session out, old password stops working', async () => {
      const c = client();
      await c.csrf();
      const email = newUser().email;
      await register(c, newUser({ email }));
      expect((await c.get('/api/user/info')).status).toBe(200);

      const asker = client();
      await asker.csrf();
      expect((await asker.post('/api/password/forgot', { email })).json).toEqual({ ok: true });
      expect((await asker.post('/api/password/forgot', { email: 'nobody@nowhere.test' })).json).toEqual({ ok: true });
      const [mail] = await runtime.db
        .select()
        .from(schema.outbox)
        .where(sql`${schema.outbox.to} = ${email} and ${schema.outbox.template} = 'reset'`);
      expect(mail?.template).toBe('reset');
      expect(mail?.locale).toBe('ar');
      const token = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1] as string;
      expect(token).toBeTruthy();

      const res = await asker.post('/api/password/reset', { token, password: 'a brand new password' });
      expect(res.json).toEqual({ ok: true });
      expect((await c.get('/api/user/info')).status).toBe(401);
      const reuse = await asker.post('/api/password/reset', { token, password: 'another new password' });
      expect(reuse.status).toBe(400);
      expect(reuse.json.code).toBe('RESET_TOKEN_INVALID');
      expect((await client().login(email, 'correct horse battery')).status).toBe(401);
      expect((await client().login(email, 'a brand new password')).status).toBe(200);
    });

    it('an expired reset token is refused', async () => {
      const c = client();
      await c.csrf();
      await c.post('/api/password/forgot', { email: 'admin@demo.test' });
      const [mail] = await runtime.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.to, 'admin@demo.test'))
        .orderBy(sql`id desc`);
      const token = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1] as string;
      await runtime.db.execute(sql`update password_resets set expires_at = now() - interval '1 minute'`);
      const res = await c.post('/api/password/reset', { token, password: 'whatever password' });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('RESET_TOKEN_INVALID');
    });
  });

  describe('CSRF', () => {
    it('serves the token with no-store and mirrors it in XSRF-TOKEN', async () => {
      const c = client();
      const res = await c.get('/api/csrf-token');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.json.getCsrfToken.length).toBeGreaterThanOrEqual(43);
      expect(c.cookie('XSRF-TOKEN')).toBe(res.json.getCsrfToken);
      expect(c.cookie('X-XSRF-TOKEN')).toBe(res.json.getCsrfToken);
      expect((await c.get('/api/csrf-token')).json.getCsrfToken).toBe(res.json.getCsrfToken);
    });

    it('refuses a missing token with 403', async () => {
      const c = client();
      await c.login('solo@demo.test', PASSWORD);
      const res = await c.post(
        '/api/contact',
        { name: 'x', email: 'x@x.test', kind: 'question', message: 'hi' },
        { csrf: false },
      );
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('CSRF_INVALID');
    });

    it("refuses another session's (foreign) token", async () => {
      const a = client();
      const b = client();
      await a.login('solo@demo.test', PASSWORD);
      await b.login('owner@demo.test', PASSWORD);
      const res = await a.post(
        '/api/inst-login',
        { userId: '00000000-0000-4000-8000-000000000000', ownerId: '00000000-0000-4000-8000-000000000000' },
        {
          headers: { 'x-csrf-token': b.cookie('XSRF-TOKEN') as string },
        },
      );
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('CSRF_INVALID');
    });

    it('refuses a stale token from before login', async () => {
      const c = client();
      const stale = await c.csrf();
      await c.post('/api/login', { email: 'solo@demo.test', password: PASSWORD });
      const res = await c.post(
        '/api/contact',
        { name: 'x', email: 'x@x.test', kind: 'question', message: 'hi' },
        {
          headers: { 'x-csrf-token': stale },
        },
      );
      expect(res.status).toBe(403);
    });

    it('refuses a text/plain POST (a CORS-safelisted request) whatever it carries', async () => {
      const c = client();
      await c.csrf();
      const noToken = await c.request('POST', '/api/login', {
        raw: JSON.stringify({ email: 'solo@demo.test', password: PASSWORD }),
        headers: { 'content-type': 'text/plain' },
        csrf: false,
      });
      expect(noToken.status).toBe(403);
      const withToken = await c.request('POST', '/api/login', {
        raw: JSON.stringify({ email: 'solo@demo.test', password: PASSWORD }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(withToken.status).toBe(415);
      expect(withToken.json.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(c.cookie('majlis.anon')).toBeDefined();
      expect(c.cookie('majlis.sid')).toBeUndefined();
      expect((await c.get('/api/user/info')).status).toBe(401);
    });
  });

  describe('bad input never crashes', () => {
    it('malformed JSON → 400 INVALID_JSON', async () => {
      const c = client();
      await c.csrf();
      const res = await c.request('POST', '/api/login', {
        raw: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('INVALID_JSON');
    });

    it('a body over 1 MB → 413', async () => {
      const c = client();
      await c.csrf();
      const res = await c.request('POST', '/api/contact', {
        raw: JSON.stringify({ name: 'x', email: 'x@x.test', kind: 'question', message: 'x'.repeat(1024 * 1024 + 10) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(413);
      expect(res.json.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('wrong types and arrays → 400 with fields, then the server keeps serving', async () => {
      const c = client();
      await c.csrf();
      for (const body of [[], 'x', 42, null, { email: 5, password: {} }]) {
        const res = await c.request('POST', '/api/login', {
          raw: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).toBe(400);
        expect(res.json.errorMessage.en).toBeTruthy();
      }
      expect((await c.get('/api/health')).json).toEqual({ ok: true });
    });

    it('an unknown /api path → 404 in the error shape', async () => {
      const res = await client().get('/api/no/such/thing');
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: 'NOT_FOUND', errorMessage: { ar: 'غير موجود', en: 'Not found' } });
    });
  });

  describe('account calls', () => {
    it('a member of the institution: permissions, type, owner, accounts', async () => {
      const c = client();
      const login = await c.login('member@demo.test', PASSWORD);
      expect(login.json.user.role).toBe('member');
      expect((await c.get('/api/user/permission')).json).toEqual({
        showProfile: true,
        showMeetingRooms: false,
        showBilling: false,
        showUserManage: false,
        showTeams: false,
        showReports: false,
        showStorageDetails: false,
        showChat: true,
        showAccounts: true,
      });
      expect((await c.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: 'member' });
      const owner = await c.get('/api/current-owner');
      expect(owner.json).toMatchObject({ ok: true, owner: { email: 'owner@demo.test', fname: 'أحمد' } });
      const accounts = await c.get('/api/user/accounts');
      expect(accounts.json.status).toBe(true);
      expect(accounts.json.results.groups).toHaveLength(1);
      expect(accounts.json.results.groups[0]).toMatchObject({ userRole: 'member', accountId: login.json.user.ownerId });
      expect(accounts.json.results.me).toMatchObject({ userRole: 'owner' });
      expect(Object.keys(accounts.json.results.me).sort()).toEqual([
        'accountId',
        'accountName',
        'accountpicture',
        'userId',
        'userRole',
      ]);
    });

    it('the individual owner: permissions, storage message, billing, trial', async () => {
      const c = client();
      await c.login('solo@demo.test', PASSWORD);
      const perms = (await c.get('/api/user/permission')).json;
      expect(perms).toMatchObject({
        showBilling: true,
        showMeetingRooms: true,
        showUserManage: false,
        showChat: false,
        showAccounts: false,
      });
      // the demo's individual user is on day 3 of her free trial, on her one room
      const storage = await c.get('/api/account/storage');
      expect(storage.json.results.data).toMatchObject({ totalStorage: 10 * 1024 ** 3, usedPercent: 0 });
      expect((await c.get('/api/billing')).json).toMatchObject({
        indv: { plan: 'trial', status: 'trial', rooms: 1, remainingDays: 5 },
        inst: null,
      });
      expect((await c.get('/api/usertrial')).json).toMatchObject({
        eligible: false,
        active: true,
        phoneVerified: true,
        remainingDays: 5,
      });
    });

    it('storage sums the rooms of the account: 10 GB each', async () => {
      const c = client();
      const login = await c.login('owner@demo.test', PASSWORD);
      const accountId = login.json.user.ownerId as string;
      await runtime.db.insert(schema.rooms).values([
        { accountId, name: 'Room A', type: 'jitsi', usedBytes: 9 * 1024 ** 3 },
        { accountId, name: 'Room B', type: 'bbb', usedBytes: 8 * 1024 ** 3 },
      ]);
      const data = (await c.get('/api/account/storage')).json.results.data;
      // With the demo institution's own three rooms (two empty, the lecture hall holding its two demo recordings,
      // about 106 MB): 17.1 GB of 50.
      expect(data.totalStorage).toBe(50 * 1024 ** 3);
      expect(data.usedPercent).toBe(34.2);
      expect(data.message.en).toContain('34.2% of 50 GB');
      expect(data.message.ar).toContain('٥٠');
    });

    it('inst-login switches to an account the user belongs to, with a new session id', async () => {
      const c = client();
      const login = await c.login('admin@demo.test', PASSWORD);
      expect(login.json.user.role).toBe('admin');
      const accounts = (await c.get('/api/user/accounts')).json.results;
      const sid = c.cookie('majlis.sid');
      const res = await c.post('/api/inst-login', {
        userId: login.json.user.id,
        ownerId: accounts.me.accountId,
        role: 'owner',
        sub: 'x',
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: login.json.user.id, ownerId: accounts.me.accountId, role: 'owner' });
      expect(c.cookie('majlis.sid')).not.toBe(sid);
      expect((await c.get('/api/account/type')).json).toEqual({ type: 'indv', accountType: 'owner' });
    });

    it('inst-login into an account the user is not a member of → 403', async () => {
      const solo = client();
      const soloUser = (await solo.login('solo@demo.test', PASSWORD)).json.user;
      const c = client();
      const me = (await c.login('member@demo.test', PASSWORD)).json.user;
      const res = await c.post('/api/inst-login', { userId: me.id, ownerId: soloUser.ownerId });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('NOT_A_MEMBER');
      const asOther = await c.post('/api/inst-login', { userId: soloUser.id, ownerId: soloUser.ownerId });
      expect(asOther.status).toBe(403);
      expect((await c.get('/api/account/type')).json.accountType).toBe('member');
    });

    it('every account call needs a signed-in user (401 and the cookie cleared)', async () => {
      const c = client();
      await c.csrf();
      for (const path of [
        '/api/user/info',
        '/api/user/permission',
        '/api/account/type',
        '/api/account/storage',
        '/api/billing',
        '/api/usertrial',
        '/api/current-owner',
        '/api/user/accounts',
        '/api/teams',
      ]) {
        const res = await c.get(path);
        expect(res.status, path).toBe(401);
        expect(res.json.code).toBe('UNAUTHENTICATED');
      }
    });
  });

  describe('tenant isolation', () => {
    it("a user of account A gets 404 for account B's ids", async () => {
      const owner = client();
      await owner.login('owner@demo.test', PASSWORD);
      const teams = (await owner.get('/api/teams')).json as { _id: string; teamName: string }[];
      expect(teams.map((t) => t.teamName).sort()).toEqual(['فريق التصميم', 'فريق المبيعات']);
      const teamId = teams.find((t) => t.teamName === 'فريق التصميم')?._id as string;
      expect((await owner.get(`/api/teams/${teamId}`)).json.members).toHaveLength(2);
      const memberId = (
        (await owner.get(`/api/teams/${teamId}`)).json.members as { userId: string; role: string }[]
      ).find((m) => m.role === 'member')?.userId as string;
      expect((await owner.get(`/api/users/${memberId}`)).json.user.email).toBe('member@demo.test');

      const other = client();
      await other.login('solo@demo.test', PASSWORD);
      const team = await other.get(`/api/teams/${teamId}`);
      expect(team.status).toBe(404);
      expect(team.json.code).toBe('NOT_FOUND');
      expect((await other.get(`/api/users/${memberId}`)).status).toBe(404);
      expect((await other.get('/api/teams/not-a-uuid')).status).toBe(404);
      expect((await other.get('/api/teams')).json).toEqual([]);
    });
  });

  describe('public calls', () => {
    it('contact config lists the support details first', async () => {
      const res = await client().get('/api/config/contact');
      expect(res.json[0]).toMatchObject({
        phoneMs: expect.any(String),
        email: expect.any(String),
        facebook: expect.any(String),
        twitter: expect.any(String),
        linkedin: expect.any(String),
        youtube: expect.any(String),
      });
    });

    it('contact form stores the message and e-mails support through the outbox', async () => {
      const c = client();
      await c.csrf();
      const res = await c.post('/api/contact', {
        name: 'زائر',
        email: 'visitor@example.test',
        kind: 'complaint',
        message: 'الصوت ينقطع',
      });
      expect(res.status).toBe(201);
      const stored = await runtime.db
        .select()
        .from(schema.contactMessages)
        .where(eq(schema.contactMessages.email, 'visitor@example.test'));
      expect(stored).toHaveLength(1);
      const mails = await runtime.db.select().from(schema.outbox).where(eq(schema.outbox.to, config.SUPPORT_EMAIL));
      expect(mails.some((m) => m.body.includes('الصوت ينقطع') && m.subject.includes('شكوى'))).toBe(true);
      const bad = await c.post('/api/contact', { name: '', email: 'nope', kind: 'other', message: ' ' });
      expect(Object.keys(bad.json.fields).sort()).toEqual(['email', 'kind', 'message', 'name']);
    });

    it('health, ready and the OpenAPI document', async () => {
      const c = client();
      expect((await c.get('/api/health')).json).toEqual({ ok: true });
      const ready = await c.get('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.json).toMatchObject({ ok: true, driver, checks: { database: 'ok' } });
      const doc = (await c.get('/api/openapi.json')).json;
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.paths['/api/register'].post.requestBody.content['application/json'].schema.required).toEqual(
        expect.arrayContaining(['fname', 'lname', 'email', 'password', 'phone', 'acceptTerms', 'ageConfirmed']),
      );
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/api/login', '/api/inst-login', '/api/teams/{id}', '/api/account/storage']),
      );
    });
  });
});
