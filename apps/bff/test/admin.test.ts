import { createRuntime, type Runtime } from '@majlis/core/runtime';
import {
  createTestDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
  type TestDatabase,
  testConfig,
} from '@majlis/core/testing';
import { grantOps } from '@majlis/core/users/grant-ops';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { adminRoutes } from '../src/routes/admin.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
const skip = serviceMissing('REDIS_URL');

describe.skipIf(skip)(`queue dashboard at /admin/queues${skip ? ` (${skip})` : ''}`, () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let admin: ReturnType<typeof adminRoutes>;
  let app: ReturnType<typeof createApp>;
  const prefix = randomRedisPrefix();
  const config = testConfig({
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    OPS_USER: 'ops',
    OPS_PASSWORD: 'ops-password-1',
    // Each TestClient's own X-Forwarded-For is its address (the basic-auth guesses are limited per IP).
    TRUST_PROXY: '1',
  });
  const client = () => new TestClient((url, init) => app.request(url, init));

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seeded: true });
    runtime = await createRuntime(config, { database });
    await grantOps(runtime.db, ['Admin@demo.test']);
    admin = adminRoutes(runtime);
    app = createApp(runtime, { admin: admin.app });
  });
  afterAll(async () => {
    await admin?.close();
    await runtime?.close();
    await database?.drop();
    await dropRedisPrefix(prefix);
    config.cleanup();
  });

  it('anonymous → 401 with a Basic challenge, in the error shape', async () => {
    const res = await client().get('/admin/queues');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(res.json.code).toBe('UNAUTHENTICATED');
  });

  it('a signed-in user without the ops role → 403', async () => {
    const c = client();
    await c.login('owner@demo.test', PASSWORD);
    const res = await c.get('/admin/queues');
    expect(res.status).toBe(403);
    expect((await c.get('/admin/queues/api/queues')).status).toBe(403);
  });

  it('wrong basic credentials → 401', async () => {
    const res = await client().get('/admin/queues', {
      authorization: `Basic ${Buffer.from('ops:nope').toString('base64')}`,
    });
    expect(res.status).toBe(401);
  });

  it('an ops user sees the dashboard and the queues the worker consumes', async () => {
    const c = client();
    await c.login('admin@demo.test', PASSWORD);
    const page = await c.get('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const api = await c.get('/admin/queues/api/queues');
    expect(api.status).toBe(200);
    const names = (api.json.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual(expect.arrayContaining(['maintenance', 'messaging']));
  });

  it('OPS_USER / OPS_PASSWORD basic auth works too', async () => {
    const auth = `Basic ${Buffer.from('ops:ops-password-1').toString('base64')}`;
    const res = await client().get('/admin/queues/api/queues', { authorization: auth });
    expect(res.status).toBe(200);
  });

  it('issue 25: wrong basic credentials are limited per IP, in Redis: then 429 with Retry-After, even for the right ones', async () => {
    const guesser = client();
    const wrong = (password: string) => `Basic ${Buffer.from(`ops:${password}`).toString('base64')}`;
    const right = wrong('ops-password-1');
    for (let i = 0; i < config.RATE_LOGIN_ACCOUNT; i++) {
      expect((await guesser.get('/admin/queues', { authorization: wrong(`guess-${i}`) })).status).toBe(401);
    }
    const refused = await guesser.get('/admin/queues', { authorization: wrong('one-more') });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('RATE_LIMITED');
    expect(refused.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Guessing right now tells the guesser nothing; the count lives in Redis, so every instance refuses alike.
    expect((await guesser.get('/admin/queues/api/queues', { authorization: right })).status).toBe(429);
    expect(await runtime.redis?.exists(`${prefix}rl:opsBasicIp:${guesser.ip}`)).toBe(1);
    // The operator elsewhere is not locked out, and right credentials do not use up their own allowance.
    const operator = client();
    for (let i = 0; i < config.RATE_LOGIN_ACCOUNT + 2; i++) {
      expect((await operator.get('/admin/queues/api/queues', { authorization: right })).status).toBe(200);
    }
  });

  describe('changing jobs (issue 9: basic auth accepted cross-site POSTs)', () => {
    const basic = `Basic ${Buffer.from('ops:ops-password-1').toString('base64')}`;
    const ours = () => new URL(config.publicUrl).origin;
    const pause = '/admin/queues/api/queues/maintenance/pause';
    type QueueView = { name: string; isPaused: boolean; counts: Record<string, number> };
    const queue = async (name: string) => {
      const res = await (await opsSession()).get('/admin/queues/api/queues');
      return (res.json.queues as QueueView[]).find((q) => q.name === name) as QueueView;
    };
    const paused = async () => (await queue('maintenance')).isPaused;
    const jobs = async () => Object.values((await queue('messaging')).counts).reduce((a, b) => a + b, 0);
    const opsSession = async () => {
      const c = client();
      expect((await c.login('admin@demo.test', PASSWORD)).status).toBe(200);
      return c;
    };

    it('basic auth is read-only: a cross-site form POST and a same-site PUT are refused, nothing changes', async () => {
      const before = await jobs();
      const forged = await client().request('POST', '/admin/queues/api/queues/messaging/add', {
        raw: 'name=x&data={}',
        headers: {
          authorization: basic,
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      expect(forged.status).toBe(403);
      expect(forged.json.code).toBe('QUEUES_READ_ONLY');
      expect(forged.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
      const put = await client().request('PUT', pause, { headers: { authorization: basic, origin: ours() } });
      expect(put.status).toBe(403);
      expect(await paused()).toBe(false);
      expect(await jobs()).toBe(before);
      // what it may read, it still reads, on a board that offers no actions
      const queues = await client().get('/admin/queues/api/queues', { authorization: basic });
      expect(queues.status).toBe(200);
      expect(queues.json.queues.every((q: { readOnlyMode: boolean }) => q.readOnlyMode)).toBe(true);
      expect((await client().get('/admin/queues', { authorization: basic })).status).toBe(200);
    });

    it('an ops session without its CSRF token, or from another origin, is refused', async () => {
      const c = await opsSession();
      const noToken = await c.request('PUT', pause, { csrf: false, headers: { origin: ours() } });
      expect(noToken.status).toBe(403);
      expect(noToken.json.code).toBe('CSRF_INVALID');
      const wrongToken = await c.request('PUT', pause, { headers: { origin: ours(), 'x-csrf-token': 'x'.repeat(43) } });
      expect(wrongToken.status).toBe(403);
      const foreign = await c.request('PUT', pause, { headers: { origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
      const noOrigin = await c.request('PUT', pause);
      expect(noOrigin.status).toBe(403);
      expect(await paused()).toBe(false);
    });

    it('an ops session with its token from our origin may change jobs (the X-XSRF-TOKEN bull-board sends too)', async () => {
      const c = await opsSession();
      expect((await c.get('/admin/queues/api/queues')).json.queues[0].readOnlyMode).toBe(false);
      const res = await c.request('PUT', pause, { headers: { origin: ours() } });
      expect(res.status).toBe(200);
      expect(await paused()).toBe(true);
      const xsrf = c.cookie('XSRF-TOKEN') as string;
      const resume = await c.request('PUT', '/admin/queues/api/queues/maintenance/resume', {
        csrf: false,
        headers: { origin: ours(), 'x-xsrf-token': xsrf },
      });
      expect(resume.status).toBe(200);
      expect(await paused()).toBe(false);
    });
  });
});

describe('queue dashboard in the embedded default', () => {
  it('says the jobs run in-process, to ops only', async () => {
    const database = await createTestDatabase('pglite');
    const config = testConfig({ OPS_USER: 'ops', OPS_PASSWORD: 'ops-password-1' });
    const runtime = await createRuntime(config, { database });
    const admin = adminRoutes(runtime);
    const app = createApp(runtime, { admin: admin.app });
    const c = new TestClient((url, init) => app.request(url, init));
    expect((await c.get('/admin/queues')).status).toBe(401);
    const res = await c.get('/admin/queues', {
      authorization: `Basic ${Buffer.from('ops:ops-password-1').toString('base64')}`,
    });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('QUEUES_EMBEDDED');
    expect(res.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
    await runtime.close();
    await database.drop();
    config.cleanup();
  });
});
