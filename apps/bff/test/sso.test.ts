import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { type Idp, startIdp } from './oidc-idp.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 30: an institution's own OpenID Connect provider — the real `oidc-provider` run here (oidc-idp.ts). The owner
 * saves and tests it; people sign in through it; forged state, a replayed code, id_tokens for another audience or
 * nonce, an unverified e-mail, and an address at another institution's domain are each refused.
 */
let bff: TestBff;
let idp: Idp;
let owner: TestClient;
let instId: string;

const settings = (over: Record<string, unknown> = {}) => ({
  shortName: 'demo-inst',
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  passwordsAllowed: true,
  defaultRole: 'member',
  ...over,
});

/** The browser's hops at the provider (its own cookies), from the authorization URL to our callback's URL. */
async function throughIdp(authorizeUrl: string, login: string, jar = new Map<string, string>()): Promise<URL> {
  let url = authorizeUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (res.status === 200 && (await res.text()).includes('name="login"')) {
      method = 'POST';
      body = `login=${encodeURIComponent(login)}`;
      continue;
    }
    if (!location) throw new Error(`the provider stopped at ${url}: ${res.status}`);
    const next = new URL(location, url);
    if (next.origin !== idp.issuer) return next;
    url = next.href;
    method = 'GET';
    body = undefined;
  }
  throw new Error('too many hops at the provider');
}

/** A browser that stops at redirects (the provider's pages are visited by throughIdp, with their own cookies). */
const browserOf = () => new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), bff.url);

/** A visitor's whole sign-in: start, the provider, the callback. Answers the callback's redirect and the client. */
async function signInVia(login: string, opts: { institution?: string; mangle?: (u: URL) => void } = {}) {
  const browser = browserOf();
  const start = await browser.get(`/api/auth/oidc/start?institution=${opts.institution ?? 'demo-inst'}`);
  expect(start.status, start.text).toBe(302);
  // The browser's cookies at the provider (its session there, which its logout ends).
  const idpJar = new Map<string, string>();
  const callback = await throughIdp(start.headers.get('location') as string, login, idpJar);
  opts.mangle?.(callback);
  const done = await browser.get(`${callback.pathname}${callback.search}`);
  expect(done.status).toBe(302);
  return { browser, location: done.headers.get('location'), callback, idpJar };
}

beforeAll(async () => {
  bff = await startBff({
    mode: 'embedded',
    config: (url) => testConfig({ PUBLIC_URL: url, LOG_LEVEL: process.env.SSO_LOG === '1' ? 'error' : 'silent' }),
  });
  const signed = await bff.signIn(DEMO_EMAILS.owner);
  owner = signed.http;
  instId = signed.accountId;
  idp = await startIdp({
    redirectUris: [`${bff.url}/api/auth/oidc/callback`],
    backchannelLogoutUri: `${bff.url}/api/auth/oidc/backchannel-logout/${instId}`,
  });
});

afterAll(async () => {
  await idp?.close();
  await bff?.stop();
});

describe('the owner sets the provider up', () => {
  it('a wrong issuer or secret is a clear 422 in both languages, never a 500', async () => {
    const wrongIssuer = await owner.request('PUT', '/api/account/sso', {
      body: settings({ issuer: `${idp.issuer}/nothing-here` }),
    });
    expect(wrongIssuer.status).toBe(422);
    expect(wrongIssuer.json.code).toBe('SSO_ISSUER_UNREACHABLE');
    expect(wrongIssuer.json.errorMessage.ar).toMatch(/المُصدِر/);
    expect(wrongIssuer.json.errorMessage.en).toMatch(/issuer/);
    const wrongSecret = await owner.post('/api/account/sso/test', settings({ clientSecret: 'not-the-secret' }));
    expect(wrongSecret.status).toBe(422);
    expect(wrongSecret.json.code).toBe('SSO_CLIENT_REFUSED');
    expect(wrongSecret.json.fields.clientSecret.en).toMatch(/refused/);
    const wrongClient = await owner.post('/api/account/sso/test', settings({ clientId: 'someone-else' }));
    expect(wrongClient.json.code).toBe('SSO_CLIENT_REFUSED');
    const closedPort = await owner.post('/api/account/sso/test', settings({ issuer: 'http://127.0.0.1:9' }));
    expect(closedPort.json.code).toBe('SSO_ISSUER_UNREACHABLE');
  });

  it('tests, saves, and never gives the secret back (stored sealed)', async () => {
    const test = await owner.post('/api/account/sso/test', settings());
    expect(test.status).toBe(200);
    expect(test.json.issuer).toBe(idp.issuer);
    const saved = await owner.request('PUT', '/api/account/sso', { body: settings() });
    expect(saved.status).toBe(200);
    expect(saved.json.sso).toMatchObject({ shortName: 'demo-inst', secretSet: true, defaultRole: 'member' });
    expect(saved.text).not.toContain(idp.clientSecret);
    const read = await owner.get('/api/account/sso');
    expect(read.text).not.toContain(idp.clientSecret);
    expect(read.json.redirectUri).toBe(`${bff.url}/api/auth/oidc/callback`);
    const [row] = await bff.db.select().from(schema.institutionSso).where(eq(schema.institutionSso.accountId, instId));
    expect(row?.clientSecretEnc).not.toContain(idp.clientSecret);
    // An empty secret keeps the stored one.
    const again = await owner.request('PUT', '/api/account/sso', { body: settings({ clientSecret: '' }) });
    expect(again.status).toBe(200);
    const audit = await bff.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'sso.save'));
    expect(audit.length).toBe(2);
  });

  it('only the owner reads or changes it: admin, member and a personal account get 403, visitors 401', async () => {
    for (const email of [DEMO_EMAILS.admin, DEMO_EMAILS.member, DEMO_EMAILS.solo]) {
      const { http } = await bff.signIn(email);
      expect((await http.get('/api/account/sso')).status, email).toBe(403);
      expect((await http.request('PUT', '/api/account/sso', { body: settings() })).status, email).toBe(403);
      expect((await http.post('/api/account/sso/test', settings())).status, email).toBe(403);
      expect((await http.request('DELETE', '/api/account/sso')).status, email).toBe(403);
    }
    const visitor = bff.client();
    await visitor.csrf();
    expect((await visitor.get('/api/account/sso')).status).toBe(401);
  });

  it('the short name of another institution is taken (409)', async () => {
    const [other] = await bff.db
      .insert(schema.accounts)
      .values({ kind: 'inst', name: 'Other', ownerUserId: (await userId(DEMO_EMAILS.solo)) as string })
      .returning();
    await bff.db.insert(schema.institutionSso).values({
      accountId: other?.id as string,
      shortName: 'other-inst',
      issuer: idp.issuer,
      clientId: 'x',
      clientSecretEnc: 'v1.x.y.z',
    });
    const taken = await owner.request('PUT', '/api/account/sso', { body: settings({ shortName: 'Other-Inst' }) });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('SSO_SHORT_NAME_TAKEN');
  });
});

async function userId(email: string) {
  const [u] = await bff.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  return u?.id;
}

describe('signing in through the provider', () => {
  it('finds the institution by short name; a new person lands as a member with a session', async () => {
    const visitor = bff.client();
    const found = await visitor.get('/api/auth/oidc/find?q=Demo-Inst');
    expect(found.json.institution.shortName).toBe('demo-inst');
    expect((await visitor.get('/api/auth/oidc/find?q=nobody-here')).json.institution).toBeNull();
    idp.users.set('alice', { email: 'alice@uni.example', email_verified: true, given_name: 'Alice', family_name: 'Q' });
    const { browser, location } = await signInVia('alice');
    expect(location).toBe('/login?sso=signed-in');
    const info = await browser.get('/api/user/info');
    expect(info.status).toBe(200);
    expect(info.json.info.email).toBe('alice@uni.example');
    const id = await userId('alice@uni.example');
    const [m] = await bff.db
      .select()
      .from(schema.memberships)
      .where(and(eq(schema.memberships.userId, id as string), eq(schema.memberships.accountId, instId)));
    expect(m?.role).toBe('member');
    // The second time is the same user, linked by the provider's subject.
    const second = await signInVia('alice');
    expect(second.location).toBe('/login?sso=signed-in');
    const joins = await bff.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'sso.join'));
    expect(joins.length).toBe(1);
  });

  it('links an existing Majlis user by verified e-mail', async () => {
    idp.users.set('member-sub', { email: DEMO_EMAILS.member, email_verified: true });
    const { browser, location } = await signInVia('member-sub');
    expect(location).toBe('/login?sso=signed-in');
    expect((await browser.get('/api/user/info')).json.info.email).toBe(DEMO_EMAILS.member);
  });

  it('a forged state is refused, and so is the same callback twice (a replayed code)', async () => {
    idp.users.set('bob', { email: 'bob@uni.example', email_verified: true });
    const forged = await signInVia('bob', { mangle: (u) => u.searchParams.set('state', 'forged-state') });
    expect(forged.location).toBe('/login?sso=SSO_SIGN_IN_FAILED');
    expect((await forged.browser.get('/api/user/info')).status).toBe(401);
    const { browser, callback, location } = await signInVia('bob');
    expect(location).toBe('/login?sso=signed-in');
    // Replayed by a fresh browser that began its own sign-in (a state cookie of its own) and by the same one.
    const thief = browserOf();
    await thief.get('/api/auth/oidc/start?institution=demo-inst');
    const replay = await thief.get(`${callback.pathname}${callback.search}`);
    expect(replay.headers.get('location')).toBe('/login?sso=SSO_SIGN_IN_FAILED');
    expect((await thief.get('/api/user/info')).status).toBe(401);
    const again = await browser.get(`${callback.pathname}${callback.search}`);
    expect(again.headers.get('location')).toBe('/login?sso=SSO_SIGN_IN_FAILED');
  });

  it('an id_token for another audience or another nonce is refused', async () => {
    idp.users.set('carol', { email: 'carol@uni.example', email_verified: true });
    try {
      idp.tamperIdToken = (claims) => ({ ...claims, aud: 'another-client' });
      expect((await signInVia('carol')).location).toBe('/login?sso=SSO_SIGN_IN_FAILED');
      idp.tamperIdToken = (claims) => ({ ...claims, nonce: 'another-nonce' });
      expect((await signInVia('carol')).location).toBe('/login?sso=SSO_SIGN_IN_FAILED');
    } finally {
      idp.tamperIdToken = null;
    }
    expect(await userId('carol@uni.example')).toBeUndefined();
  });

  it('an unverified e-mail is refused', async () => {
    idp.users.set('dave', { email: 'dave@uni.example', email_verified: false });
    expect((await signInVia('dave')).location).toBe('/login?sso=SSO_EMAIL_UNVERIFIED');
    expect(await userId('dave@uni.example')).toBeUndefined();
  });

  it('an address at a domain another institution proved is refused', async () => {
    const [other] = await bff.db
      .select()
      .from(schema.institutionSso)
      .where(eq(schema.institutionSso.shortName, 'other-inst'));
    await bff.db.insert(schema.institutionDomains).values({
      accountId: other?.accountId as string,
      domain: 'other.example',
      token: 't',
      verifiedAt: new Date(),
    });
    idp.users.set('erin', { email: 'erin@other.example', email_verified: true });
    expect((await signInVia('erin')).location).toBe('/login?sso=SSO_OTHER_DOMAIN');
  });

  it("the owner's deactivation ends the sessions a sign-in through the provider made, at once", async () => {
    idp.users.set('frank', { email: 'frank@uni.example', email_verified: true });
    const { browser, location } = await signInVia('frank');
    expect(location).toBe('/login?sso=signed-in');
    expect((await browser.get('/api/auth/oidc/session')).status).toBe(200);
    const id = (await userId('frank@uni.example')) as string;
    const off = await owner.request('PUT', `/api/users/${id}/status`, { body: { active: false } });
    expect(off.status, off.text).toBe(200);
    expect((await browser.get('/api/user/info')).status).toBe(401);
    expect((await browser.get('/api/auth/oidc/session')).status).toBe(401);
    // And the provider cannot sign them in again (MEMBERSHIP_INACTIVE).
    expect((await signInVia('frank')).location).toBe('/login?sso=MEMBERSHIP_INACTIVE');
  });

  it('deactivation in Majlis wins over the provider', async () => {
    const id = (await userId('alice@uni.example')) as string;
    await bff.db
      .update(schema.memberships)
      .set({ active: false })
      .where(and(eq(schema.memberships.userId, id), eq(schema.memberships.accountId, instId)));
    expect((await signInVia('alice')).location).toBe('/login?sso=MEMBERSHIP_INACTIVE');
  });

  it('with passwords off, members sign in only through the provider; the owner keeps the password', async () => {
    expect(
      (await owner.request('PUT', '/api/account/sso', { body: settings({ passwordsAllowed: false }) })).status,
    ).toBe(200);
    const member = bff.client();
    const refused = await member.login(DEMO_EMAILS.member, 'Demo-password-1');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('PASSWORD_SIGN_IN_OFF');
    expect((await bff.client().login(DEMO_EMAILS.owner, 'Demo-password-1')).status).toBe(200);
    await owner.request('PUT', '/api/account/sso', { body: settings({ passwordsAllowed: true }) });
  });

  it('an unknown institution answers 404 SSO_NOT_CONFIGURED', async () => {
    const res = await browserOf().get('/api/auth/oidc/start?institution=no-such-inst');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('SSO_NOT_CONFIGURED');
  });
});

/** A provider's back-channel post: a form with logout_token (or the raw body and type a test gives). */
async function postLogout(token: string | undefined, opts: { accountId?: string; body?: string; type?: string } = {}) {
  const res = await fetch(`${bff.url}/api/auth/oidc/backchannel-logout/${opts.accountId ?? instId}`, {
    method: 'POST',
    headers: { 'content-type': opts.type ?? 'application/x-www-form-urlencoded' },
    body: opts.body ?? (token === undefined ? '' : new URLSearchParams({ logout_token: token }).toString()),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The provider's session id that a person's newest Majlis session keeps (from the id_token's sid). */
async function ssoSidOf(email: string) {
  const rows = await bff.db
    .select({ sid: schema.sessions.ssoSid, createdAt: schema.sessions.createdAt })
    .from(schema.sessions)
    .where(eq(schema.sessions.userId, (await userId(email)) as string));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]?.sid ?? null;
}

describe('back-channel logout (OpenID Connect Back-Channel Logout 1.0)', () => {
  it('the owner is given the address to register at the provider', async () => {
    const read = await owner.get('/api/account/sso');
    expect(read.json.backchannelLogoutUri).toBe(`${bff.url}/api/auth/oidc/backchannel-logout/${instId}`);
  });

  it('signing out at the provider ends the Majlis session it made (the provider posts the token itself)', async () => {
    idp.users.set('gina', { email: 'gina@uni.example', email_verified: true });
    const { browser, idpJar } = await signInVia('gina');
    expect((await browser.get('/api/user/info')).status).toBe(200);
    expect(await ssoSidOf('gina@uni.example')).toBeTruthy();
    const cookie = () => [...idpJar].map(([k, v]) => `${k}=${v}`).join('; ');
    const page = await fetch(`${idp.issuer}/session/end`, { headers: { cookie: cookie() }, redirect: 'manual' });
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
    expect(xsrf, 'the provider asks to confirm the logout').toBeTruthy();
    const confirm = await fetch(`${idp.issuer}/session/end/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf as string, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBeLessThan(400);
    // The provider posted before answering its confirmation (it awaits the back-channel calls).
    expect((await browser.get('/api/user/info')).status).toBe(401);
    const audit = await bff.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'sso.logout'));
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('a token naming the provider session (sid) ends that session only', async () => {
    idp.users.set('hana', { email: 'hana@uni.example', email_verified: true });
    const first = await signInVia('hana');
    const firstSid = await ssoSidOf('hana@uni.example');
    const second = await signInVia('hana');
    const secondSid = await ssoSidOf('hana@uni.example');
    expect(firstSid).toBeTruthy();
    const res = await postLogout(await idp.logoutToken({ sub: 'hana', sid: firstSid }));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    // One provider session, two browsers here only when the provider kept its session: both end, or just the one.
    expect((await first.browser.get('/api/user/info')).status).toBe(401);
    expect((await second.browser.get('/api/user/info')).status).toBe(secondSid === firstSid ? 401 : 200);
    expect(res.json.ended).toBe(secondSid === firstSid ? 2 : 1);
  });

  it('a token with the subject alone ends every session of the person linked to it', async () => {
    idp.users.set('ivan', { email: 'ivan@uni.example', email_verified: true });
    const one = await signInVia('ivan');
    const two = await signInVia('ivan');
    const res = await postLogout(await idp.logoutToken({ sub: 'ivan' }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.ended).toBe(2);
    expect((await one.browser.get('/api/user/info')).status).toBe(401);
    expect((await two.browser.get('/api/user/info')).status).toBe(401);
    // A subject never seen here ends nothing, and the provider is told it went well (nothing to retry).
    const nobody = await postLogout(await idp.logoutToken({ sub: 'never-signed-in' }));
    expect(nobody.status).toBe(200);
    expect(nobody.json.ended).toBe(0);
  });

  it('a bad token is 400 in both languages, never a 500, and ends nothing', async () => {
    idp.users.set('jana', { email: 'jana@uni.example', email_verified: true });
    const { browser } = await signInVia('jana');
    const sid = await ssoSidOf('jana@uni.example');
    const now = Math.floor(Date.now() / 1000);
    const { generateKeyPair, SignJWT } = await import('jose');
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      iss: idp.issuer,
      aud: idp.clientId,
      iat: now,
      jti: 'x',
      sub: 'jana',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(strangerKey);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none' })}.${b64({ iss: idp.issuer, aud: idp.clientId, iat: now, jti: 'y', sub: 'jana', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } })}.`;
    const cases: [string, Promise<{ status: number; text: string; json: { code?: string } | null }>][] = [
      ['another audience', idp.logoutToken({ sub: 'jana', sid, aud: 'another-client' }).then((t) => postLogout(t))],
      ['another issuer', idp.logoutToken({ sub: 'jana', sid, iss: 'http://127.0.0.1:9' }).then((t) => postLogout(t))],
      ['no events claim', idp.logoutToken({ sub: 'jana', sid, events: undefined }).then((t) => postLogout(t))],
      ['another event', idp.logoutToken({ sub: 'jana', events: { 'urn:other': {} } }).then((t) => postLogout(t))],
      [
        'the event not an object',
        idp
          .logoutToken({ sub: 'jana', events: { 'http://schemas.openid.net/event/backchannel-logout': 'yes' } })
          .then((t) => postLogout(t)),
      ],
      ['a nonce', idp.logoutToken({ sub: 'jana', sid, nonce: 'n' }).then((t) => postLogout(t))],
      ['neither sub nor sid', idp.logoutToken({}).then((t) => postLogout(t))],
      ['no iat', idp.logoutToken({ sub: 'jana', iat: undefined }).then((t) => postLogout(t))],
      ['no jti', idp.logoutToken({ sub: 'jana', jti: undefined }).then((t) => postLogout(t))],
      ['issued 20 minutes ago', idp.logoutToken({ sub: 'jana', iat: now - 1200 }).then((t) => postLogout(t))],
      ['issued in an hour', idp.logoutToken({ sub: 'jana', iat: now + 3600 }).then((t) => postLogout(t))],
      ['expired', idp.logoutToken({ sub: 'jana', exp: now - 600 }).then((t) => postLogout(t))],
      ['signed by another key', postLogout(forged)],
      ['unsigned (alg none)', postLogout(unsigned)],
      ['not a JWT', postLogout('not-a-token')],
      ['no logout_token', postLogout(undefined)],
      [
        'JSON, not a form',
        idp
          .logoutToken({ sub: 'jana' })
          .then((t) => postLogout(t, { type: 'application/json', body: JSON.stringify({ logout_token: t }) })),
      ],
      [
        'an account id that is not one',
        idp.logoutToken({ sub: 'jana' }).then((t) => postLogout(t, { accountId: 'x' })),
      ],
      [
        'an account without a provider',
        idp
          .logoutToken({ sub: 'jana' })
          .then((t) => postLogout(t, { accountId: '00000000-0000-4000-8000-000000000000' })),
      ],
    ];
    for (const [why, answer] of cases) {
      const res = await answer;
      expect(res.status, `${why}: ${res.text}`).toBe(400);
      expect(res.json?.code, why).toBe('SSO_LOGOUT_TOKEN_INVALID');
    }
    const one = await postLogout('not-a-token');
    expect(one.json.errorMessage.en).toMatch(/sign-out token/);
    expect(one.json.errorMessage.ar).toMatch(/تسجيل الخروج/);
    expect((await browser.get('/api/user/info')).status).toBe(200);
  });
});

describe('limits', () => {
  it("the owner's writes are rate-limited (429 after 60 an hour)", async () => {
    const { http } = await bff.signIn(DEMO_EMAILS.owner);
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i++) status = (await http.request('DELETE', '/api/account/sso')).status;
    expect(status).toBe(429);
  });

  it('back-channel logout posts are rate-limited per IP (429), never a 500', async () => {
    let status = 0;
    for (let i = 0; i < 400 && status !== 429; i++) {
      status = (await postLogout('not-a-token', { accountId: 'x' })).status;
      expect([400, 429]).toContain(status);
    }
    expect(status).toBe(429);
  });
});
