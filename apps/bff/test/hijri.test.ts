import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import * as schema from '@majlis/core/db/schema/index';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { formatHijri } from '@majlis/i18n';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
const TZ = 'Asia/Riyadh';

/** Issue 26: the Hijri (Umm al-Qura) date beside the Gregorian one is a profile choice, kept and used in e-mails. */
describe.each(drivers)('the Hijri date choice on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let base = '';
  let config: ReturnType<typeof testConfig>;
  const signedIn = async (email: string) => {
    const c = new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), base);
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config = testConfig({ PUBLIC_URL: base });
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    await runtime.db.update(schema.users).set({ timeZone: TZ });
    server.on('request', getRequestListener(createApp(runtime).fetch));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  it('is off until chosen, saved by the profile, and left as it is when a save leaves it out', async () => {
    const c = await signedIn('member@demo.test');
    const info = (await c.get('/api/user/info')).json.info;
    expect(info.hijri).toBe(false);
    const { fname, lname, phone, locale, timeZone } = info;
    const saved = await c.request('PUT', '/api/profile', {
      body: { fname, lname, phone, locale, timeZone, hijri: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.info.hijri).toBe(true);
    expect((await c.get('/api/user/info')).json.info.hijri).toBe(true);
    const again = await c.request('PUT', '/api/profile', { body: { fname, lname, phone, locale, timeZone } });
    expect(again.json.info.hijri).toBe(true);
    const wrong = await c.request('PUT', '/api/profile', {
      body: { fname, lname, phone, locale, timeZone, hijri: 'yes' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields?.hijri).toBeTruthy();
  });

  it('an invitation e-mail shows the Hijri date to a reader who chose it, and not to one who did not', async () => {
    await runtime.db.update(schema.users).set({ hijri: true }).where(eq(schema.users.email, 'member@demo.test'));
    const owner = await signedIn('owner@demo.test');
    const room = (await owner.post('/api/rooms', { name: 'r', type: 'jitsi', participants: 5 })).json;
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const m = (
      await owner.post('/api/meetings', {
        name: 'اجتماع',
        description: '',
        type: 'scheduled',
        roomId: room.id,
        day,
        hour: '10:30',
        durationHours: 1,
        durationMinutes: 0,
      })
    ).json;
    expect(m.id).toBeTruthy();
    const res = await owner.post(`/api/meetings/${m.id}/invitations`, {
      emails: ['member@demo.test', 'guest@example.test'],
    });
    expect(res.status).toBe(201);
    const mail = async (to: string) =>
      (
        await runtime.db
          .select()
          .from(schema.outbox)
          .where(and(eq(schema.outbox.template, 'meetingInvite'), eq(schema.outbox.to, to)))
      )[0];
    const member = await mail('member@demo.test');
    const startsAt = new Date(m.startsAt);
    const locale = member?.locale === 'en' ? 'en' : 'ar';
    expect(member?.body).toContain(formatHijri(locale, startsAt, TZ));
    const guest = await mail('guest@example.test');
    expect(guest?.body).not.toContain(formatHijri(guest?.locale === 'en' ? 'en' : 'ar', startsAt, TZ));
  });
});
