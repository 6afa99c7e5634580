import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { LANG_COOKIE } from '@majlis/contracts/cookies';
import type { NotificationView } from '@majlis/contracts/notifications';
import { connectDatabase, type Database } from '@majlis/core/db/connect';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { sendNotificationJob, type TSendNotification } from '@majlis/core/jobs/send-notification';
import { busPusher } from '@majlis/core/notifications/push-notifications';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import {
  createPostgresDatabase,
  createTestDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  startWorker,
  testConfig,
} from '@majlis/core/testing';
import { toDigitStyle } from '@majlis/i18n';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../src/app.ts';
import { attachRealtime, type Realtime } from '../src/realtime/server.ts';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, sleep, waitFor } from './realtime-client.ts';

const PASSWORD = 'Demo-password-1';

/**
 * Issue 27: one push path. A notification a job makes (the worker's BullMQ job in scale-out, the same job in-process
 * in the embedded default) goes over the same bus as the BFF's own, and the BFF's delivery renders both for the reader:
 * the same words in their language and their digit style, a profile choice that may differ from the language's.
 */
describe.each(realtimeModes('one push path'))('a worker’s notification and the BFF’s read alike (%s)', (mode) => {
  let database: Database & { drop(): Promise<void> };
  let runtime: Runtime;
  let realtime: Realtime;
  let url: string;
  let close: () => Promise<void>;
  let worker: ChildProcess | undefined;
  let dbUrl: string | undefined;
  const prefix = randomRedisPrefix();
  const config = testConfig(
    mode === 'scale-out' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
  );
  const sockets: ChatClient[] = [];
  const ids = {} as Record<'admin' | 'member' | 'solo', { userId: string; accountId: string }>;
  const http = {} as Record<'admin' | 'member' | 'solo', TestClient>;

  /** Makes a notification as a job does: queued for the worker in scale-out, run in-process in the embedded default. */
  async function fromJob(data: TSendNotification) {
    if (mode === 'embedded') {
      // The context apps/bff/src/main.ts gives the in-process jobs.
      const ctx = { db: runtime.db, config, push: busPusher(runtime.bus), transports: {}, now: () => new Date() };
      return sendNotificationJob.handle(ctx, data);
    }
    const queue = new Queue('notifications', {
      connection: new Redis(redisUrl as string, { maxRetriesPerRequest: null }),
      prefix: `${prefix}bull`,
    });
    await queue.add(sendNotificationJob.name, data);
    await queue.close();
  }

  /** The id of the notification stored under a dedupe key, once it is (the job runs in another process). */
  async function stored(dedupeKey: string): Promise<number> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await runtime.db
        .select({ id: schema.notifications.id })
        .from(schema.notifications)
        .where(eq(schema.notifications.dedupeKey, dedupeKey));
      if (row) return row.id;
      if (Date.now() > deadline) throw new Error(`nothing stored under ${dedupeKey}`);
      await sleep(50);
    }
  }

  beforeAll(async () => {
    if (mode === 'scale-out') {
      const pg = await createPostgresDatabase({ seeded: true });
      const connected = await connectDatabase({ url: pg.url });
      database = {
        ...connected,
        async drop() {
          await connected.close();
          await pg.drop();
        },
      };
      dbUrl = pg.url;
    } else {
      database = await createTestDatabase('pglite', { seeded: true });
    }
    // the demo (seedDemo with the same password), copied from the run's seeded template
    runtime = await createRuntime(config, { database });
    // Started on the seeded database (its start runs the scheduled jobs once).
    if (dbUrl) {
      worker = (await startWorker({ DATABASE_URL: dbUrl, REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix })).proc;
    }
    // The readers' digit style differs from their language's: Latin digits in Arabic, Arabic-Indic digits in English.
    const digits = { member: 'latn', solo: 'arab' } as const;
    for (const [who, style] of Object.entries(digits)) {
      const email = DEMO_EMAILS[who as keyof typeof digits];
      await runtime.db.update(schema.users).set({ digits: style }).where(eq(schema.users.email, email));
    }
    const app = createApp(runtime);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as import('node:http').Server;
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    realtime = attachRealtime(runtime, server);
    close = async () => {
      await realtime.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    };
    for (const [who, lang] of [
      ['admin', 'en'],
      ['member', 'ar'],
      ['solo', 'en'],
    ] as const) {
      const c = new TestClient((u, init) => fetch(u, init), url);
      c.jar.set(LANG_COOKIE, lang);
      const res = await c.login(DEMO_EMAILS[who], PASSWORD);
      expect(res.status).toBe(200);
      expect((await c.request('PUT', '/api/profile/locale', { body: { locale: lang } })).status).toBe(200);
      ids[who] = { userId: res.json.user.id, accountId: res.json.user.ownerId };
      http[who] = c;
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    if (worker?.exitCode === null) worker.kill('SIGKILL');
    await close?.();
    await runtime?.close();
    await database?.drop();
    if (mode === 'scale-out') await dropRedisPrefix(prefix);
    config.cleanup();
  });

  it('an invitation (BFF) and its twin made by a job: the same title and message, in the reader’s digits', async () => {
    const [member, solo] = await Promise.all(
      [http.member, http.solo].map(async (c) => {
        const s = new ChatClient(url, c.jar);
        sockets.push(s);
        await s.connected();
        return s;
      }),
    );
    const [room] = await runtime.db
      .select()
      .from(schema.rooms)
      .where(eq(schema.rooms.accountId, ids.admin.accountId))
      .limit(1);
    const made = await http.admin.post('/api/meetings', { name: 'Digits', roomId: room?.id, type: 'permanent' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const meeting = made.json as { id: string; number: string; passcode: string };
    const invited = await http.admin.post(`/api/meetings/${meeting.id}/invitations`, {
      emails: [DEMO_EMAILS.member, DEMO_EMAILS.solo],
    });
    expect(invited.status).toBe(201);

    const readers = [
      { who: 'member', socket: member as ChatClient, digits: 'latn' },
      { who: 'solo', socket: solo as ChatClient, digits: 'arab' },
    ] as const;
    for (const { who, socket, digits } of readers) {
      const isInvite = (n: NotificationView) => n.event_meta.meetingId === meeting.id;
      await waitFor(() => socket.notifications.some(isInvite), 10_000, `${who}'s invitation`);
      const fromBff = socket.notifications.find(isInvite) as NotificationView;
      const [row] = await runtime.db.select().from(schema.notifications).where(eq(schema.notifications.id, fromBff.id));
      if (!row) throw new Error('the invitation is not stored');

      // Its twin: the same words and values, made by a job.
      const dedupeKey = `one-push-path:${row.id}`;
      await fromJob({
        accountId: row.accountId,
        userId: row.userId,
        type: row.type,
        titleId: row.titleId,
        messageId: row.messageId,
        values: row.values,
        dedupeKey,
      });
      const twinId = await stored(dedupeKey);
      await waitFor(
        () => socket.notifications.some((n) => n.id === twinId),
        10_000,
        `${who}'s notification from the job`,
      );
      await sleep(200);
      const fromJobLive = socket.notifications.filter((n) => n.id === twinId);
      expect(fromJobLive).toHaveLength(1);
      const words = (n: NotificationView | undefined) => ({ type: n?.type, title: n?.title, message: n?.message });
      expect(words(fromJobLive[0])).toEqual(words(fromBff));
      // Replayed or listed, it reads the same as live.
      const listed = ((await http[who].get('/api/notif/notify')).json as NotificationView[]).find(
        (n) => n.id === twinId,
      );
      expect(words(listed)).toEqual(words(fromBff));

      // The reader's digits, not their language's: the meeting number as they read numbers (the link keeps its own).
      const shown = (fromJobLive[0] as NotificationView).message.replace(
        `/join/${meeting.number}?pwd=${meeting.passcode}`,
        '',
      );
      expect(shown).toContain(toDigitStyle(meeting.number, digits));
      expect(shown).not.toMatch(digits === 'latn' ? /[\u0660-\u0669]/ : /[0-9]/);
    }
  });
});
