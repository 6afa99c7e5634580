import type { NotificationView } from '@majlis/contracts/notifications';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createNotification } from '@majlis/core/notifications/notifications';
import type { Runtime } from '@majlis/core/runtime';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { type NotificationItem, notificationsMachine } from '@majlis/machines';
import {
  type NotificationsModelEvent,
  type NotificationsSnapshot,
  notificationsPaths,
} from '@majlis/machines/notifications/notifications.model';
import { recordWalk } from '@majlis/machines/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as settled } from 'xstate';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';
const LIST = '/api/notif/notify';
const INPUT = { onBilling: false };

/** A signed-in device of the member: its session (HTTP), its socket, and what the server told it of its list. */
interface Device {
  http: TestClient;
  socket: ChatClient;
  dismissed: number[];
  readAll: number;
}

/**
 * Issue 17: the notifications drawer's chart walked against a running BFF, on the same paths as the drawer's page
 * test (machines notifications.model.ts). The chart runs here as the page runs it, provided with the server's side
 * for real (the load is GET /api/notif/notify, a dismissal PUT), on the member's first device; each event is
 * produced where it comes from: a notification made by core and pushed to that device's socket, a dismissal and a
 * read-all on a second device of the same member, told to the first by its socket. In every state the BFF must
 * agree with the chart: it lists exactly the chart's notifications, read as the chart has them, so the badge (the
 * chart's unread) is the server's count. The load is held until the path says how it ends: done is the member's GET,
 * an error the same GET refused (401). Embedded: one BFF. Scale-out: two on one PostgreSQL and Redis, one device on
 * each.
 */
describe.each(realtimeModes('notifications model'))('the notifications chart against the BFF (%s)', (mode) => {
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
  /** The page's load when it fails for real: the same GET without a session (401). */
  let signedOut: TestClient;
  const db = () => (runtimes[0] as Runtime).db;

  async function device(url: string): Promise<Device> {
    const http = new TestClient((u, init) => fetch(u, init), url);
    const res = await http.login(DEMO_EMAILS.member, PASSWORD);
    expect(res.status).toBe(200);
    member = { userId: res.json.user.id, accountId: res.json.user.ownerId };
    const d: Device = { http, socket: new ChatClient(url, http.jar), dismissed: [], readAll: 0 };
    d.socket.socket.on('notification.dismissed', (p) => d.dismissed.push(p.id));
    d.socket.socket.on('notifications.read', () => {
      d.readAll += 1;
    });
    await d.socket.connected();
    return d;
  }

  beforeAll(async () => {
    bff = await startBff({ mode, config, instances: mode === 'scale-out' ? 2 : 1 });
    ({ runtimes, urls } = bff);
    phone = await device(urls[0] as string);
    laptop = await device(urls.at(-1) as string);
    signedOut = new TestClient((u, init) => fetch(u, init), urls[0] as string);
  });
  afterAll(async () => {
    for (const d of [phone, laptop]) d?.socket.close();
    await bff?.stop();
  });

  /** How many times the first device's socket was given this notification. */
  const given = (id: number) => phone.socket.notifications.filter((n) => n.id === id).length;
  const pushed = (id: number) => phone.socket.notifications.findLast((n) => n.id === id) as NotificationView;

  /** A storage notification of the model's kind, made by core for the member and published on the bus. */
  async function notify(type: NotificationItem['type']): Promise<number> {
    const kind = type === 'danger' ? 'full' : 'warning';
    const { notification } = await createNotification(
      db(),
      {
        ...member,
        type,
        titleId: `notif.storage.${kind}.title`,
        messageId: `notif.storage.${kind}.message`,
        values: { room: 'Room A', percent: 91 },
      },
      { bus: (runtimes[0] as Runtime).bus },
    );
    return notification.id;
  }

  /**
   * The server gives the first device this notification again: its socket reconnects saying it has seen up to just
   * before it (as a page that listed it by GET rather than by a push does), and the server replays it as stored now.
   */
  async function replayed(id: number): Promise<NotificationView> {
    const before = given(id);
    phone.socket.lastNotificationId = id - 1;
    phone.socket.socket.disconnect();
    phone.socket.socket.connect();
    await phone.socket.connected();
    await waitFor(() => given(id) > before, 5000, `notification ${id} replayed`);
    return pushed(id);
  }

  for (const path of notificationsPaths()) {
    it(path.description, async () => {
      await db()
        .delete(schema.notifications)
        .where(
          and(eq(schema.notifications.userId, member.userId), eq(schema.notifications.accountId, member.accountId)),
        );
      /** The model names its two notifications 1 and 2; each is the row made for it last in this path. */
      const rowOf = new Map<number, number>();
      const dismissals: Array<Promise<{ status: number }>> = [];
      let answer: ((ok: boolean) => void) | undefined;
      const actor = createActor(
        notificationsMachine.provide({
          actors: {
            // Held until the path says how the load ends; then asked of the server for real.
            loadNotifications: fromPromise(async () => {
              const ok = await new Promise<boolean>((resolve) => {
                answer = resolve;
              });
              answer = undefined;
              const res = await (ok ? phone.http : signedOut).get(LIST);
              if (res.status !== 200) throw new Error(`GET ${LIST} answered ${res.status}`);
              return res.json as NotificationItem[];
            }),
          },
          actions: {
            dismissNotification: (_, { id }) => {
              dismissals.push(phone.http.request('PUT', `${LIST}/${id}`));
            },
          },
        }),
        { input: INPUT },
      ).start();
      const items = () => actor.getSnapshot().context.items;
      const listed = (id: number) => items().some((n) => n.id === id);
      /** The row the model's notification stands for (none yet: an id no row has, so nothing lists it). */
      const idOf = (modelId: number) => rowOf.get(modelId) ?? -modelId;
      const read = (n: { id: number; read: boolean }) => `${n.id}${n.read ? 'r' : ''}`;

      const agrees = async (state: NotificationsSnapshot) => {
        const chart = actor.getSnapshot();
        expect(chart.value).toEqual(state.value);
        expect(chart.context.onBilling).toBe(state.context.onBilling);
        const modelIdOf = new Map([...rowOf].map(([m, r]) => [r, m]));
        const asModel = chart.context.items.map((n) => read({ id: modelIdOf.get(n.id) ?? 0, read: n.read }));
        expect(asModel.sort()).toEqual(state.context.items.map(read).sort());
        const server = (await phone.http.get(LIST)).json as NotificationView[];
        expect(server.map(read).sort()).toEqual(chart.context.items.map(read).sort());
        const unread = (list: Array<{ read: boolean }>) => list.filter((n) => !n.read).length;
        expect(unread(server)).toBe(unread(chart.context.items));
      };
      const loaded = async (ok: boolean) => {
        await waitFor(() => answer !== undefined, 5000, 'the load to be asked');
        answer?.(ok);
        await settled(actor, (s) => !s.matches('loading'), { timeout: 5000 });
      };

      await path.test({
        states: { loading: agrees, 'ready.calm': agrees, 'ready.renewNow': agrees, 'ready.onBilling': agrees },
        events: {
          'notification.received': async ({ event }: { event: NotificationsModelEvent }) => {
            const n = (event as { notification: NotificationItem }).notification;
            const id = idOf(n.id);
            let view: NotificationView;
            if (listed(id)) view = await replayed(id);
            else {
              const made = await notify(n.type);
              rowOf.set(n.id, made);
              await waitFor(() => given(made) > 0, 5000, `the push of ${made}`);
              view = pushed(made);
            }
            actor.send({ type: 'notification.received', notification: view as unknown as NotificationItem });
          },
          // The chart's own dismissal: its action sends the PUT (only for a listed one).
          'notification.dismiss': async ({ event }: { event: NotificationsModelEvent }) => {
            const id = idOf((event as { id: number }).id);
            const wasListed = listed(id);
            actor.send({ type: 'notification.dismiss', id });
            const put = dismissals.shift();
            if (!wasListed) return expect(put).toBeUndefined();
            expect((await put)?.status).toBe(200);
          },
          // The second device dismisses it; the first is told by its socket. One the page does not list: told all
          // the same when this page dismissed it itself (the server tells every device, this one included); one
          // never made reaches the chart as an id no row has.
          'notification.removed': async ({ event }: { event: NotificationsModelEvent }) => {
            const id = idOf((event as { id: number }).id);
            if (listed(id)) expect((await laptop.http.request('PUT', `${LIST}/${id}`)).status).toBe(200);
            if (id > 0) await waitFor(() => phone.dismissed.includes(id), 5000, `notification.dismissed ${id}`);
            actor.send({ type: 'notification.removed', id });
          },
          'notifications.allRead': async () => {
            const before = phone.readAll;
            const res = await laptop.http.post(LIST, { ownerId: member.accountId, userId: member.userId });
            expect(res.status).toBe(200);
            await waitFor(() => phone.readAll > before, 5000, 'notifications.read on the first device');
            actor.send({ type: 'notifications.allRead' });
          },
          'notifications.reload': () => {
            actor.send({ type: 'notifications.reload' });
          },
          // Where the page is: the server cannot know it and is not asked (the page's input, not the server's).
          'location.changed': ({ event }: { event: NotificationsModelEvent }) => {
            actor.send(event as Extract<NotificationsModelEvent, { type: 'location.changed' }>);
          },
          'xstate.done.actor.loadNotifications': () => loaded(true),
          'xstate.error.actor.loadNotifications': () => loaded(false),
        },
      } as unknown as Parameters<typeof path.test>[0]);
      actor.stop();
      recordWalk(notificationsMachine, 'server', path, INPUT);
    });
  }
});
