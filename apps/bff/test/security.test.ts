import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { parseConfig } from '@majlis/core/config';
import { queryRows } from '@majlis/core/db/connect';
import * as schema from '@majlis/core/db/schema/index';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, type TestDatabase, testConfig } from '@majlis/core/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { forwardedClient } from '../src/http/session.ts';
import { TestClient } from './client.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const PASSWORD = 'Demo-password-1';

/**
 * Issue 9, findings 1, 2, 4, 7 and 9 as an attacker tried them, each now refused. A real HTTP server on 127.0.0.1 (so
 * the outbox viewer sees a loopback peer) with TRUST_PROXY=1: each TestClient's own X-Forwarded-For is its address.
 */
describe('security: what an attacker tried', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let base = '';
  let app: ReturnType<typeof createApp>;
  const config = testConfig({
    TRUST_PROXY: '1',
    RATE_LOGIN_DELAY_MAX_MS: '400',
    RATE_INVITES_MEETING_DAY: '60',
  });
  /** Over HTTP from 127.0.0.1 (a loopback peer). */
  const local = () => new TestClient((url, init) => fetch(url, init), base);
  /** In-process, with no socket: a peer that is not this machine. */
  const remote = () => new TestClient((url, init) => app.request(url, init));
  const from = (ip: string) => {
    const c = local();
    (c as { ip: string }).ip = ip;
    return c;
  };

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    database = await createTestDatabase('pglite', { seeded: true });
    runtime = await createRuntime({ ...config, publicUrl: base }, { database });
    app = createApp(runtime);
    server.on('request', getRequestListener(app.fetch));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  describe('finding 1: the outbox no longer hands out accounts', () => {
    it('the takeover of the report fails: the reset link is hidden, so the password stays', async () => {
      const attacker = local();
      await attacker.csrf();
      expect((await attacker.post('/api/password/forgot', { email: 'owner@demo.test' })).status).toBe(200);
      const outbox = await attacker.get('/dev/outbox');
      expect(outbox.status).toBe(200);
      const mail = (outbox.json as { to: string; template: string; body: string }[]).find(
        (m) => m.to === 'owner@demo.test' && m.template === 'reset',
      );
      expect(mail?.body).toContain('/password/reset?token=[hidden]');
      expect(mail?.body).not.toMatch(/token=[\w-]{20,}/);
      // Without an SMTP server the mail is never sent: the outbox says so rather than "pending" forever (issue 16).
      expect((mail as { delivery?: string } | undefined)?.delivery).toBe('kept in the outbox: no SMTP server is set');
      const stored = await queryRows<{ body: string }>(
        runtime.db,
        sql`select body from outbox where template = 'reset'`,
      );
      expect(stored[0]?.body).toMatch(/token=[\w-]{20,}/);
      expect((await local().login('owner@demo.test', PASSWORD)).status).toBe(200);
    });

    it('the addressee, signed in, sees their own link; nobody but this machine or ops sees the outbox at all', async () => {
      const owner = local();
      await owner.login('owner@demo.test', PASSWORD);
      const own = (await owner.get('/dev/outbox')).json as { to: string; template: string; body: string }[];
      expect(own.find((m) => m.to === 'owner@demo.test' && m.template === 'reset')?.body).toMatch(/token=[\w-]{20,}/);

      const stranger = remote();
      expect((await stranger.get('/dev/outbox')).status).toBe(404);
      await stranger.login('owner@demo.test', PASSWORD);
      expect((await stranger.get('/dev/outbox')).status).toBe(404);
      await runtime.db.update(schema.users).set({ isOps: true }).where(sql`email = 'admin@demo.test'`);
      const ops = remote();
      await ops.login('admin@demo.test', PASSWORD);
      const seen = (await ops.get('/dev/outbox')).json as { to: string; template: string; body: string }[];
      expect(seen.find((m) => m.template === 'reset')?.body).toContain('token=[hidden]');
    });

    it('issue 25: invitation links are hidden too, except from the signed-in user they were sent to', async () => {
      const owner = local();
      expect((await owner.login('owner@demo.test', PASSWORD)).status).toBe(200);
      const invite = { fname: 'Solo', lname: 'User', email: 'solo@demo.test', phone: '+201001234567', role: 'member' };
      expect((await owner.post('/api/users', { ...invite, mode: 'invite' })).status).toBe(202);
      type Row = { to: string; template: string; body: string; html: string | null };
      const invitation = (rows: Row[]) => rows.find((m) => m.to === 'solo@demo.test' && m.template === 'accountInvite');
      const [stored] = await queryRows<{ body: string }>(
        runtime.db,
        sql`select body from outbox where template = 'accountInvite' and "to" = 'solo@demo.test'`,
      );
      expect(stored?.body).toMatch(/\/invite\/[\w-]{20,}/);

      const anyone = local();
      const seen = invitation((await anyone.get('/dev/outbox')).json as Row[]);
      expect(seen?.body).toContain('/invite/[hidden]');
      expect(seen?.body).not.toMatch(/\/invite\/[\w-]{20,}/);
      expect(seen?.html ?? '').not.toMatch(/\/invite\/[\w-]{20,}/);
      // Nor does the inviting owner, signed in on this machine, see the link meant for somebody else.
      expect(invitation((await owner.get('/dev/outbox')).json as Row[])?.body).toContain('/invite/[hidden]');

      const addressee = local();
      await addressee.login('solo@demo.test', PASSWORD);
      expect(invitation((await addressee.get('/dev/outbox')).json as Row[])?.body).toMatch(/\/invite\/[\w-]{20,}/);
    });

    it('scale-out has no outbox viewer at all', async () => {
      const scaleOut = createApp({ ...runtime, config: { ...runtime.config, embedded: false } });
      const res = await scaleOut.request('http://localhost/dev/outbox');
      expect(res.status).toBe(404);
    });
  });

  describe('finding 2: no open defaults', () => {
    it('the embedded default listens on 127.0.0.1 unless HOST says otherwise; scale-out on every interface', () => {
      expect(parseConfig({ DATA_DIR: config.dataDir }).host).toBe('127.0.0.1');
      expect(parseConfig({ DATA_DIR: config.dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
      const scaleOut = parseConfig({ DATABASE_URL: 'postgres://u@h/db', SESSION_SECRET: 'x'.repeat(32) });
      expect(scaleOut.host).toBe('0.0.0.0');
      expect(scaleOut.seedDemo).toBe(false);
    });

    it('a scale-out BFF without SESSION_SECRET refuses to start, naming the variable', async () => {
      // Started asynchronously: a spawnSync blocked this process (and the suite's BFF in it) for the child's whole start,
      // and the keep-alive socket the next test reused was then reset under it.
      const res = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'apps/bff/src/main.ts'],
          {
            cwd: repo,
            env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SESSION_SECRET: '', PORT: '0' },
            encoding: 'utf8',
            timeout: 30_000,
          },
          (error, _stdout, stderr) =>
            resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
        );
      });
      expect(res.status).toBe(1);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr).toMatch(/^Invalid configuration: SESSION_SECRET is required/);
      // Nor does any fixed fallback remain: two processes without a secret would not share one.
      const one = parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).sessionSecret;
      expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).sessionSecret).not.toBe(one);
    });

    it('docker-compose requires the secret, has no default for it, and does not seed demo data', () => {
      const compose = readFileSync(`${repo}/docker-compose.yml`, 'utf8');
      expect(compose).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?/);
      expect(compose).toMatch(/SEED_DEMO: \$\{SEED_DEMO:-0\}/);
      expect(compose).not.toMatch(/SEED_DEMO: "?1/);
      const nginx = readFileSync(`${repo}/ops/nginx.conf`, 'utf8');
      expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
      expect(nginx).toMatch(/X-Forwarded-For \$remote_addr/);
    });
  });

  describe('finding 4: limits that cannot be dodged and cannot lock people out', () => {
    it('the client IP is the right-most hop our proxies wrote, never the left-most', () => {
      expect(forwardedClient('6.6.6.6, 198.51.100.1', 1)).toBe('198.51.100.1');
      expect(forwardedClient('6.6.6.6, 198.51.100.1, 10.0.0.2', 2)).toBe('198.51.100.1');
      expect(forwardedClient('6.6.6.6', 0)).toBeUndefined();
    });

    it('rotating the left-most X-Forwarded-For does not buy more attempts (30 failures per IP)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const c = local();
        const headers = { 'x-forwarded-for': `10.1.${i}.${i}, 198.51.100.20` };
        await c.request('GET', '/api/csrf-token', { headers });
        const res = await c.request('POST', '/api/login', {
          body: { email: `guess${i}@demo.test`, password: 'wrong-password' },
          headers,
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    });

    it('ten wrong passwords from anywhere never lock the owner out: they only slow the next try', async () => {
      for (let i = 0; i < 12; i++) {
        expect((await from(`198.51.100.${100 + i}`).login('member@demo.test', 'wrong-password')).status).toBe(401);
      }
      const started = Date.now();
      const owner = await from('198.51.100.99').login('member@demo.test', PASSWORD);
      expect(owner.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350); // 2 failures past the threshold: held 400 ms (capped)
    });

    it('the same IP guessing one e-mail is stopped after 10 failures; the owner elsewhere is not', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await from('198.51.100.30').login('solo@demo.test', 'nope-nope')).status);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect((await from('198.51.100.30').login('solo@demo.test', PASSWORD)).status).toBe(429);
      expect((await from('198.51.100.31').login('solo@demo.test', PASSWORD)).status).toBe(200);
    });

    it('forty successful logins from one office IP use up nothing', async () => {
      for (let i = 0; i < 40; i++) {
        expect((await from('198.51.100.40').login('admin@demo.test', PASSWORD)).status).toBe(200);
      }
    });
  });

  describe('finding 7: anti-automation', () => {
    it('a cookieless GET /api/csrf-token writes no session row, and its token works for anonymous posts', async () => {
      const count = async () =>
        (await queryRows<{ n: number }>(runtime.db, sql`select count(*)::int as n from sessions`))[0]?.n;
      const before = await count();
      for (let i = 0; i < 50; i++) await local().get('/api/csrf-token');
      expect(await count()).toBe(before);

      const visitor = from('198.51.100.50');
      const token = await visitor.csrf();
      expect(visitor.cookie('X-XSRF-TOKEN')).toBe(token);
      const body = { name: 'زائر', email: 'visitor@example.test', kind: 'question', message: 'مرحبا' };
      expect((await visitor.post('/api/contact', body)).status).toBe(201);
      // Another visitor's token is not this one's.
      const other = from('198.51.100.51');
      await other.csrf();
      const forged = await other.post('/api/contact', body, { headers: { 'x-csrf-token': token } });
      expect(forged.status).toBe(403);
    });

    it('the contact form takes a few messages per hour per IP, then answers 429 with Retry-After', async () => {
      const visitor = from('198.51.100.60');
      await visitor.csrf();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await visitor.post('/api/contact', {
          name: 'Bot',
          email: `bot${i}@example.test`,
          kind: 'suggestion',
          message: `spam ${i}`,
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(res.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    });

    it('walking join numbers is stopped after 20 misses per IP; lookups of real numbers do not count as misses', async () => {
      const owner = from('198.51.100.70');
      await owner.login('owner@demo.test', PASSWORD);
      const room = (await owner.post('/api/rooms', { name: 'قاعة ب', type: 'jitsi', participants: 10 })).json;
      const day = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
      const made = await owner.post('/api/meetings', {
        name: 'Real',
        type: 'scheduled',
        roomId: room.id,
        day,
        hour: '09:00',
      });
      const real = made.json.number as string;
      const walker = from('198.51.100.71');
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        if (i % 5 === 0 && i < 20) expect((await walker.get(`/api/join/${real}`)).status).toBe(200);
        statuses.push((await walker.get(`/api/join/${String(100000000 + i)}`)).status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    });

    it('a chosen meeting number has at least 8 digits; invitations have a daily allowance per meeting', async () => {
      const owner = from('198.51.100.80');
      await owner.login('owner@demo.test', PASSWORD);
      const room = (await owner.post('/api/rooms', { name: 'قاعة', type: 'jitsi', participants: 10 })).json;
      const day = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
      const body = { name: 'Board', description: '', type: 'scheduled', roomId: room.id, day, hour: '10:00' };
      const short = await owner.post('/api/meetings', { ...body, number: '482913' });
      expect(short.status).toBe(400);
      expect(short.json.fields.number.en).toMatch(/8 to 12 digits/);
      const created = await owner.post('/api/meetings', body);
      expect(created.status).toBe(201);
      expect(created.json.number).toMatch(/^\d{9,12}$/);
      const emails = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@example.test`);
      const first = await owner.post(`/api/meetings/${created.json.id}/invitations`, { emails: emails(50, 'a') });
      expect(first.status).toBe(201);
      const over = await owner.post(`/api/meetings/${created.json.id}/invitations`, { emails: emails(11, 'b') });
      expect(over.status).toBe(429);
      const fits = await owner.post(`/api/meetings/${created.json.id}/invitations`, { emails: emails(10, 'c') });
      expect(fits.status).toBe(201);
    });
  });

  describe('finding 9: the lesser ones', () => {
    it('a reset to a common password or to the e-mail itself is refused, and the link still works after', async () => {
      const c = from('198.51.100.90');
      await c.csrf();
      await c.post('/api/password/forgot', { email: 'solo@demo.test' });
      const [row] = await queryRows<{ body: string }>(
        runtime.db,
        sql`select body from outbox where "to" = 'solo@demo.test' and template = 'reset' order by id desc limit 1`,
      );
      const token = /token=([\w-]+)/.exec(row?.body ?? '')?.[1] as string;
      const common = await c.post('/api/password/reset', { token, password: 'password123' });
      expect(common.status).toBe(400);
      expect(common.json.fields.password.ar).toMatch(/شائعة/);
      const same = await c.post('/api/password/reset', { token, password: 'solo@demo.test' });
      expect(same.status).toBe(400);
      expect(same.json.fields.password.en).toMatch(/e-mail/);
      expect((await c.post('/api/password/reset', { token, password: PASSWORD })).status).toBe(200);
    });

    it('issue 25: a used reset link or a password change ends every other reset link of the user', async () => {
      const email = 'sam@demo.test';
      const c = from('198.51.100.91');
      await c.csrf();
      const ask = async () => {
        expect((await c.post('/api/password/forgot', { email })).status).toBe(200);
        const [row] = await queryRows<{ body: string }>(
          runtime.db,
          sql`select body from outbox where "to" = ${email} and template = 'reset' order by id desc limit 1`,
        );
        return /token=([\w-]+)/.exec(row?.body ?? '')?.[1] as string;
      };
      const older = await ask();
      const newer = await ask();
      expect(older).not.toBe(newer);
      expect((await c.post('/api/password/reset', { token: newer, password: 'Second-password-2' })).status).toBe(200);
      const stale = await c.post('/api/password/reset', { token: older, password: 'Attacker-password-3' });
      expect(stale.status).toBe(400);
      expect(stale.json.code).toBe('RESET_TOKEN_INVALID');
      expect(stale.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);

      const pending = await ask();
      const owner = from('198.51.100.92');
      expect((await owner.login(email, 'Second-password-2')).status).toBe(200);
      const change = { currentPassword: 'Second-password-2', newPassword: 'Third-password-3' };
      expect((await owner.post('/api/profile/password', change)).status).toBe(200);
      const afterChange = await c.post('/api/password/reset', { token: pending, password: 'Attacker-password-3' });
      expect(afterChange.status).toBe(400);
      expect(afterChange.json.code).toBe('RESET_TOKEN_INVALID');
      expect((await from('198.51.100.93').login(email, 'Third-password-3')).status).toBe(200);
    });
  });
});
