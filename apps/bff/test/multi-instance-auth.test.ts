import {
  createPostgresDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
} from '@majlis/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { type BffProcess, spawnBff } from './process.ts';

const skip = serviceMissing('DATABASE_URL') ?? serviceMissing('REDIS_URL');
const PASSWORD = 'Demo-password-1';

describe.skipIf(skip)(`two BFF processes sharing PostgreSQL and Redis${skip ? ` (${skip})` : ''}`, () => {
  let a: BffProcess;
  let b: BffProcess;
  let db: { url: string; drop(): Promise<void> };
  const prefix = randomRedisPrefix();

  beforeAll(async () => {
    db = await createPostgresDatabase({ seeded: true });
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters',
      SEED_DEMO: '1',
      DEMO_PASSWORD: PASSWORD,
      RATE_LOGIN_ACCOUNT: '5',
      RATE_LOGIN_IP: '8',
      TRUST_PROXY: '1',
    };
    a = await spawnBff(env);
    b = await spawnBff(env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await dropRedisPrefix(prefix);
  });

  const on = (p: BffProcess) => new TestClient((url, init) => fetch(url, init), p.url);

  it('a session made on A is valid on B (sessions live in PostgreSQL)', async () => {
    const c = on(a);
    expect((await c.login('owner@demo.test', PASSWORD)).status).toBe(200);
    const onB = on(b);
    for (const [k, v] of c.jar) onB.jar.set(k, v);
    expect((await onB.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: 'owner' });
    expect((await onB.get('/api/logout')).json).toEqual({ ok: true });
    expect((await c.get('/api/user/info')).status).toBe(401);
  });

  /** The same cookies on both instances, each having read (and so cached) the session once. */
  async function warmOnBoth(email: string) {
    const onA = on(a);
    expect((await onA.login(email, PASSWORD)).status).toBe(200);
    const onB = on(b);
    for (const [k, v] of onA.jar) onB.jar.set(k, v);
    expect((await onA.get('/api/user/info')).status).toBe(200);
    expect((await onB.get('/api/user/info')).status).toBe(200);
    return { onA, onB, userId: (await onA.get('/api/user/info')).json.info.id as string };
  }

  it('what is done on A reaches B’s session cache before A answers: the very next request on B sees it', async () => {
    // Logout on A: B, which has the session in memory, refuses it at once.
    const member = await warmOnBoth('member@demo.test');
    expect((await member.onA.get('/api/logout')).status).toBe(200);
    expect((await member.onB.get('/api/user/info')).status).toBe(401);

    // The admin renames themself on A (a name is the person's own), then the owner changes their role on A: the
    // admin's session on B answers the new ones at once.
    const admin = await warmOnBoth('admin@demo.test');
    const { lname, phone, locale, timeZone } = (await admin.onB.get('/api/user/info')).json.info;
    const renamed = await admin.onA.request('PUT', '/api/profile', {
      body: { fname: 'Renamed', lname, phone, locale, timeZone },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await admin.onB.get('/api/user/info')).json.info.fname).toBe('Renamed');
    const owner = on(a);
    expect((await owner.login('owner@demo.test', PASSWORD)).status).toBe(200);
    const demoted = await owner.request('PUT', `/api/users/${admin.userId}`, { body: { role: 'member' } });
    expect(demoted.status, demoted.text).toBe(200);
    expect((await admin.onB.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: 'member' });
    await owner.request('PUT', `/api/users/${admin.userId}`, { body: { role: 'admin' } });
    expect((await admin.onB.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: 'admin' });

    // A password changed on B ends the user's other session, which A holds in memory.
    const other = await warmOnBoth('admin@demo.test');
    const changed = await admin.onB.post('/api/profile/password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-passphrase-2026',
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await other.onA.get('/api/user/info')).status).toBe(401);
    expect((await admin.onB.get('/api/user/info')).status).toBe(200);
  });

  /** A login from a given client address (TRUST_PROXY=1: the right-most X-Forwarded-For entry). */
  async function loginFrom(p: BffProcess, ip: string, email: string, password: string) {
    const c = on(p);
    const headers = { 'x-forwarded-for': `203.0.113.250, ${ip}` };
    await c.request('GET', '/api/csrf-token', { headers });
    return c.request('POST', '/api/login', { body: { email, password }, headers });
  }

  it('failed logins per (e-mail, IP) add up across both instances; the owner still signs in from elsewhere', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await loginFrom(i % 2 ? b : a, '198.51.100.7', 'solo@demo.test', 'wrong-password')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await loginFrom(a, '198.51.100.7', 'solo@demo.test', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(blocked.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
    // Not a lockout: the owner, from their own network, gets in.
    expect((await loginFrom(b, '198.51.100.8', 'solo@demo.test', PASSWORD)).status).toBe(200);
  });

  it('successes never use up an IP; failures from it do, on both instances', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await loginFrom(i % 2 ? b : a, '198.51.100.9', 'member@demo.test', PASSWORD)).status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await loginFrom(i % 2 ? b : a, '198.51.100.9', `nobody${i}@demo.test`, 'wrong-password')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
    expect((await loginFrom(a, '198.51.100.9', 'member@demo.test', PASSWORD)).status).toBe(429);
  });

  it('readiness checks PostgreSQL and Redis on each instance', async () => {
    for (const p of [a, b]) {
      const ready = await on(p).get('/api/ready');
      expect(ready.json).toMatchObject({ ok: true, driver: 'postgres', checks: { database: 'ok', redis: 'ok' } });
    }
  });
});
