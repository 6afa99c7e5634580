import {
  createPostgresDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
} from '@majlis/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { type BffProcess, startBff } from './process.ts';

const skip = serviceMissing('DATABASE_URL') ?? serviceMissing('REDIS_URL');
const PASSWORD = 'Demo-password-1';

describe.skipIf(skip)(`two BFF processes sharing PostgreSQL and Redis${skip ? ` (${skip})` : ''}`, () => {
  let a: BffProcess;
  let b: BffProcess;
  let db: { url: string; drop(): Promise<void> };
  const prefix = randomRedisPrefix();

  beforeAll(async () => {
    db = await createPostgresDatabase();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters',
      SEED_DEMO: '1',
      DEMO_PASSWORD: PASSWORD,
      RATE_LOGIN_ACCOUNT: '5',
      RATE_LOGIN_IP: '8',
    };
    a = await startBff(env);
    b = await startBff(env);
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

  it('the per-account login limit holds across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const c = on(i % 2 ? b : a);
      const res = await c.request('POST', '/api/login', {
        body: { email: 'solo@demo.test', password: 'wrong-password' },
        headers: { 'x-csrf-token': await c.csrf() },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = on(a);
    const res = await blocked.login('solo@demo.test', PASSWORD);
    expect(res.status).toBe(429);
    expect(res.json.code).toBe('RATE_LIMITED');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('the per-IP login limit holds across both instances (8 attempts from 127.0.0.1 so far)', async () => {
    const res = await on(b).login('member@demo.test', PASSWORD);
    expect(res.status).toBe(429);
    expect(res.json.code).toBe('RATE_LIMITED');
  });

  it('readiness checks PostgreSQL and Redis on each instance', async () => {
    for (const p of [a, b]) {
      const ready = await on(p).get('/api/ready');
      expect(ready.json).toMatchObject({ ok: true, driver: 'postgres', checks: { database: 'ok', redis: 'ok' } });
    }
  });
});
