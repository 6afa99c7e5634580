import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createNotification } from '@majlis/core/notifications/notifications';
import type { Runtime } from '@majlis/core/runtime';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, sleep, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';

/** A signed-in device: its own session (HTTP) and its own socket, recording what the server told it of its list. */
interface Device {
  http: TestClient;
  socket: ChatClient;
  dismissed: number[];
  readAll: number;
}

/**
 * Issue 17: a notification's life (made → delivered → read → dismissed) is decided on the server, and what one device
 * of a user does reaches their others: two devices of the member, each signed in with its own session and socket.
 * Embedded: one BFF. Scale-out: two BFF instances on one PostgreSQL and Redis, one device on each.
 */
describe.each(realtimeModes('notification life'))('a notification’s life across devices (%s)', (mode) => {
  let bff: TestBff;
  let runtimes: Runtime[] = [];
  let urls: string[] = [];
  const prefix = randomRedisPrefix();
  const config = testConfig(
    mode === 'scale-out' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
  );
  let member: { userId: string; accountId: string };
  let phone: Device;
  let laptop: Device;
  let admin: TestClient;

  async function signIn(email: string, url: string) {
    const http = new TestClient((u, init) => fetch(u, init), url);
    const res = await http.login(email, PASSWORD);
    expect(res.status).toBe(200);
    return { http, userId: res.json.user.id as string, accountId: res.json.user.ownerId as string };
  }
  async function device(url: string): Promise<Device> {
    const { http } = await signIn(DEMO_EMAILS.member, url);
    const d: Device = { http, socket: new ChatClient(url, http.jar), dismissed: [], readAll: 0 };
    d.socket.socket.on('notification.dismissed', (p) => d.dismissed.push(p.id));
    d.socket.socket.on('notifications.read', () => {
      d.readAll += 1;
    });
    await d.socket.connected();
    return d;
  }
  async function notify(tag: string) {
    const { notification } = await createNotification(
      db(),
      {
        ...member,
        type: 'notif',
        titleId: 'notif.chat.title',
        messageId: 'notif.chat.message',
        values: { name: 'Laila', text: tag },
        dedupeKey: `life:${mode}:${tag}`,
      },
      { bus: (runtimes[0] as Runtime).bus },
    );
    return notification.id;
  }
  const db = () => (runtimes[0] as Runtime).db;
  const listed = async (d: Device) =>
    (await d.http.get('/api/notif/notify')).json as Array<{ id: number; read: boolean }>;
  const dismiss = (c: TestClient, id: number) => c.request('PUT', `/api/notif/notify/${id}`);

  beforeAll(async () => {
    bff = await startBff({ mode, config, instances: mode === 'scale-out' ? 2 : 1 });
    ({ runtimes, urls } = bff);
    const first = urls[0] as string;
    const { userId, accountId } = await signIn(DEMO_EMAILS.member, first);
    member = { userId, accountId };
    admin = (await signIn(DEMO_EMAILS.admin, first)).http;
    phone = await device(first);
    laptop = await device(urls.at(-1) as string);
  });
  afterAll(async () => {
    for (const d of [phone, laptop]) d?.socket.close();
    await bff?.stop();
  });

  it('dismissed on one device: the other is told once, by id, and neither lists it; a second dismissal is 404', async () => {
    const id = await notify('dismiss me');
    const kept = await notify('keep me');
    await waitFor(() => laptop.socket.notifications.some((n) => n.id === kept), 5000, 'the push on the laptop');

    expect((await dismiss(phone.http, id)).status).toBe(200);
    await waitFor(() => laptop.dismissed.includes(id), 5000, 'notification.dismissed on the laptop');
    await sleep(300);
    expect(laptop.dismissed.filter((n) => n === id)).toEqual([id]);
    for (const d of [phone, laptop]) {
      const ids = (await listed(d)).map((n) => n.id);
      expect(ids).not.toContain(id);
      expect(ids).toContain(kept);
    }

    // Nothing comes back from dismissed: refused, and nobody is told again.
    const again = await dismiss(laptop.http, id);
    expect(again.status).toBe(404);
    expect(again.json.code).toBe('NOT_FOUND');
    await sleep(200);
    expect(laptop.dismissed.filter((n) => n === id)).toHaveLength(1);
  });

  it('another user’s notification answers 404 and stays, untold, with its owner', async () => {
    const id = await notify('not yours');
    const res = await dismiss(admin, id);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('NOT_FOUND');
    // Not a number either: 404, not a server error.
    expect((await dismiss(admin, Number.NaN)).status).toBe(404);
    await sleep(200);
    expect([...phone.dismissed, ...laptop.dismissed]).not.toContain(id);
    expect((await listed(laptop)).map((n) => n.id)).toContain(id);
  });

  it('read on one device: the other is told and its list shows all read; a dismissed one is not counted', async () => {
    await notify('unread one');
    await notify('unread two');
    // A dismissed row left unread (stored before dismissing marked read): the life chart refuses to read it.
    const gone = await notify('dismissed, unread');
    await db()
      .update(schema.notifications)
      .set({ dismissedAt: new Date(), read: false })
      .where(eq(schema.notifications.id, gone));
    const unread = (await listed(laptop)).filter((n) => !n.read).length;
    expect(unread).toBeGreaterThanOrEqual(2);
    const before = laptop.readAll;

    const res = await phone.http.post('/api/notif/notify', { ownerId: member.accountId, userId: member.userId });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, read: unread });
    await waitFor(() => laptop.readAll > before, 5000, 'notifications.read on the laptop');
    await sleep(300);
    expect(laptop.readAll).toBe(before + 1);
    expect((await listed(laptop)).every((n) => n.read)).toBe(true);
    const [row] = await db()
      .select({ read: schema.notifications.read })
      .from(schema.notifications)
      .where(eq(schema.notifications.id, gone));
    expect(row?.read).toBe(false);
  });
});
