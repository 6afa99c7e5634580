import { randomUUID } from 'node:crypto';
import type { SessionEnded } from '@majlis/contracts/realtime';
import { hashToken, sessionCookieName } from '@majlis/core/auth/sessions';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { grantOps } from '@majlis/core/users/grant-ops';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 17: a session the server ends is told to its sockets with the reason (`session.ended`, the session machine's
 * reasons) just before they are cut, so the page signs out at once and says why. Over the bus in scale-out mode.
 */
const PASSWORD = 'Demo-password-1';
const modes = realtimeModes('session-ended');

describe.each(modes)('session.ended is pushed before the cut (%s)', (mode) => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  const prefix = randomRedisPrefix();
  const config = testConfig(
    mode === 'scale-out' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent' } : { LOG_LEVEL: 'silent' },
  );
  const sockets: ChatClient[] = [];
  let accountId: string;
  let passwordHash: string;

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  async function signIn(email: string, password = PASSWORD) {
    const c = http();
    const res = await c.login(email, password);
    expect(res.status).toBe(200);
    return c;
  }
  /** A socket of the session, with what it was told and when it was cut, in order. */
  async function socketOf(c: TestClient) {
    const s = new ChatClient(url, c.jar);
    sockets.push(s);
    const log: string[] = [];
    s.socket.on('session.ended', (p: SessionEnded) => log.push(`session.ended:${p.reason}`));
    s.socket.on('disconnect', (reason) => log.push(`disconnect:${reason}`));
    await s.connected();
    return { s, log };
  }
  const cut = (sock: { s: ChatClient }) => waitFor(() => !sock.s.socket.connected, 3000, 'the socket cut');
  /** A member of the demo institution of this test's own, with a personal account to switch to. */
  async function newMember(tag: string) {
    const email = `${tag}-${randomUUID().slice(0, 8)}@ended.test`;
    const [user] = await runtime.db
      .insert(schema.users)
      .values({ email, passwordHash, fname: tag, lname: 'Test', phone: '+201001009999', locale: 'en' })
      .returning({ id: schema.users.id });
    const userId = user?.id as string;
    await runtime.db.insert(schema.memberships).values({ userId, accountId, role: 'member' });
    const [own] = await runtime.db
      .insert(schema.accounts)
      .values({ kind: 'indv', name: tag, ownerUserId: userId })
      .returning({ id: schema.accounts.id });
    const personal = own?.id as string;
    await runtime.db.insert(schema.memberships).values({ userId, accountId: personal, role: 'owner' });
    return { email, userId, personal };
  }

  beforeAll(async () => {
    bff = await startBff({ mode, config });
    ({ runtime, url } = bff);
    const [team] = await runtime.db.select().from(schema.teams).where(eq(schema.teams.name, 'فريق التصميم'));
    accountId = team?.accountId as string;
    const [row] = await runtime.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EMAILS.owner));
    passwordHash = row?.hash as string;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await bff?.stop();
  });

  it('a password changed on one client tells the other client’s socket passwordChanged, then cuts it', async () => {
    const u = await newMember('pw');
    const here = await signIn(u.email);
    const there = await signIn(u.email);
    const mine = await socketOf(here);
    const theirs = await socketOf(there);
    const res = await here.post('/api/profile/password', {
      currentPassword: PASSWORD,
      newPassword: 'Quite-another-passphrase-77',
    });
    expect(res.status, res.text).toBe(200);
    await cut(theirs);
    expect(theirs.log).toEqual(['session.ended:passwordChanged', 'disconnect:io server disconnect']);
    expect((await there.get('/api/user/info')).status).toBe(401);
    // The device that changed it carries on under a new session id: its socket is told so (the page reconnects).
    await cut(mine);
    expect(mine.log[0]).toBe('session.ended:switched');
    expect((await here.get('/api/user/info')).status).toBe(200);
  });

  it('signing out, deactivation and a switch in the same browser each say so', async () => {
    const u = await newMember('end');
    const out = await signIn(u.email);
    const outSocket = await socketOf(out);
    expect((await out.get('/api/logout')).status).toBe(200);
    await cut(outSocket);
    expect(outSocket.log[0]).toBe('session.ended:logout');

    const switching = await signIn(u.email);
    const switchingSocket = await socketOf(switching);
    const sw = await switching.post('/api/inst-login', { userId: u.userId, ownerId: u.personal });
    expect(sw.status).toBe(200);
    await cut(switchingSocket);
    expect(switchingSocket.log[0]).toBe('session.ended:switched');

    const member = await signIn(u.email);
    const memberSocket = await socketOf(member);
    const owner = await signIn(DEMO_EMAILS.owner);
    const off = await owner.request('PUT', `/api/users/${u.userId}/status`, { body: { active: false } });
    expect(off.status, off.text).toBe(200);
    await cut(memberSocket);
    expect(memberSocket.log).toEqual(['session.ended:deactivated', 'disconnect:io server disconnect']);
  });

  it('a session past its absolute limit tells its socket expired when it ends', async () => {
    const u = await newMember('expiry');
    const c = await signIn(u.email);
    const sid = c.jar.get(sessionCookieName(config)) as string;
    await runtime.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() + 400) })
      .where(eq(schema.sessions.idHash, hashToken(config.sessionSecret, sid)));
    const sock = await socketOf(c);
    await cut(sock);
    expect(sock.log).toEqual(['session.ended:expired', 'disconnect:io server disconnect']);
  });

  it('an account the operator suspends tells the sockets acting in it suspended', async () => {
    const u = await newMember('suspended');
    const operator = await newMember('operator');
    expect(await grantOps(runtime.db, [operator.email])).toBe(1);
    const [inst] = await runtime.db
      .insert(schema.accounts)
      .values({ kind: 'inst', name: `Suspended ${randomUUID().slice(0, 8)}`, ownerUserId: u.userId })
      .returning({ id: schema.accounts.id });
    const instId = inst?.id as string;
    await runtime.db.insert(schema.memberships).values({ userId: u.userId, accountId: instId, role: 'owner' });
    const c = await signIn(u.email);
    expect((await c.post('/api/inst-login', { userId: u.userId, ownerId: instId })).status).toBe(200);
    const sock = await socketOf(c);
    const ops = await signIn(operator.email);
    const res = await ops.request('PUT', `/api/ops/accounts/${instId}/status`, { body: { status: 'suspended' } });
    expect(res.status, res.text).toBe(200);
    await cut(sock);
    expect(sock.log).toEqual(['session.ended:suspended', 'disconnect:io server disconnect']);
  });
});
