import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { AccountStatus } from '@majlis/contracts/ops';
import { findActor } from '@majlis/core/auth/actor';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { startMeeting } from '@majlis/core/meetings/join';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { grantOps } from '@majlis/core/users/grant-ops';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

/**
 * Issue 25, "closed accounts are closed": a suspended or banned account (spec §1 terms) serves nobody. Its meetings
 * cannot be looked up, joined or started by number (not by a guest, not by its own host signed in elsewhere, not by a
 * session that outlived the suspension), nothing is started and no attendance is written; its recordings do not play
 * or download through a share link. Reinstating it gives all of that back.
 */
const PASSWORD = 'Demo-password-1';
const TZ = 'Africa/Cairo';
const CLOSED = {
  code: 'ACCOUNT_CLOSED',
  errorMessage: {
    ar: 'الحساب الذي يتبعه هذا الاجتماع مغلق، فلا تتاح اجتماعاته ولا تسجيلاته',
    en: 'The account this meeting belongs to is closed, so its meetings and recordings are unavailable',
  },
};

describe.each(drivers)('a closed account on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let url = '';
  let config: ReturnType<typeof testConfig>;
  let instId = '';
  let adminId = '';
  let hallId = '';

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  const signedIn = async (email: string) => {
    const c = http();
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const anonymous = async () => {
    const c = http();
    await c.csrf();
    return c;
  };
  const meetingRow = async (id: string) =>
    (await runtime.db.select().from(schema.meetings).where(eq(schema.meetings.id, id)))[0];
  const attendanceOf = async (id: string) =>
    (await runtime.db.select({ n: count() }).from(schema.attendance).where(eq(schema.attendance.meetingId, id)))[0]
      ?.n ?? 0;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Jitsi with an app secret: its joins carry a JWT, so a meeting may let guests in before its owner (a bare Jitsi
    // room cannot, and saves that option off).
    config = testConfig({
      PUBLIC_URL: url,
      LOG_LEVEL: 'silent',
      JITSI_APP_ID: 'majlis',
      JITSI_APP_SECRET: 'closed-test',
    });
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    await runtime.db.update(schema.users).set({ timeZone: TZ });
    // The operator: the demo's individual user, who has nothing to do with the institution.
    expect(await grantOps(runtime.db, [DEMO_EMAILS.solo])).toBe(1);
    server.on('request', getRequestListener(createApp(runtime).fetch));
    const [inst] = await runtime.db.select().from(schema.accounts).where(eq(schema.accounts.kind, 'inst'));
    instId = inst?.id as string;
    const [admin] = await runtime.db.select().from(schema.users).where(eq(schema.users.email, DEMO_EMAILS.admin));
    adminId = admin?.id as string;
    // The demo hall is assigned to the admin and paid for a year: meetings in it start.
    const [hall] = await runtime.db.select().from(schema.rooms).where(eq(schema.rooms.assignedUserId, adminId));
    hallId = hall?.id as string;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  /**
   * Made while the institution is open, by its admin (who also owns a personal account): a meeting that has run
   * (a guest joined it), one a guest may start before the owner, and a published recording with its share link.
   */
  async function fixture() {
    // Open, whatever an earlier case left behind.
    await runtime.db.update(schema.accounts).set({ status: 'active' }).where(eq(schema.accounts.id, instId));
    const admin = await signedIn(DEMO_EMAILS.admin);
    const create = (name: string, allowBeforeOwner: boolean) =>
      admin.post('/api/meetings', {
        name,
        description: '',
        type: 'permanent',
        roomId: hallId,
        day: addDays(todayIn(TZ), 1),
        hour: '10:30',
        durationHours: 1,
        durationMinutes: 0,
        allowBeforeOwner,
      });
    const running = (await create(`Running ${randomUUID().slice(0, 6)}`, false)).json;
    const early = (await create(`Early ${randomUUID().slice(0, 6)}`, true)).json;
    expect(running.number, JSON.stringify(running)).toMatch(/^\d+$/);
    expect((await admin.post(`/api/meetings/${running.id}/start`)).status).toBe(200);
    const [rec] = await runtime.db
      .insert(schema.recordings)
      .values({
        accountId: instId,
        roomId: hallId,
        meetingId: running.id,
        provider: 'jitsi',
        providerRecordId: `rec-${randomUUID()}`,
        name: 'Weekly review',
        sizeBytes: 100,
        formats: [{ type: 'video', url: 'https://media.example.test/rec/video.mp4' }],
        published: true,
      })
      .returning();
    await runtime.db.update(schema.meetings).set({ allowDownload: true }).where(eq(schema.meetings.id, running.id));
    // A participant from another account (the demo's individual user) attended it: the recording is in their list.
    const [solo] = await runtime.db.select().from(schema.users).where(eq(schema.users.email, DEMO_EMAILS.solo));
    await runtime.db.insert(schema.attendance).values({
      meetingId: running.id,
      session: `s-${randomUUID()}`,
      providerUserId: solo?.id as string,
      userId: solo?.id as string,
      name: 'Sara',
      role: 'VIEWER',
      joinedAt: new Date(Date.now() - 60_000),
      leftAt: new Date(),
    });
    const share = await admin.post(`/api/recordings/${rec?.id}/share`);
    expect(share.status).toBe(200);
    const token = new URL(share.json.url as string).searchParams.get('t') as string;
    // The actor a request carried before the suspension (a session read a moment before it, say).
    const staleActor = await findActor(runtime.db, adminId, instId);
    if (!staleActor) throw new Error('admin not acting in the institution');
    return { running, early, recordingId: rec?.id as string, token, staleActor };
  }

  const setStatus = async (status: AccountStatus) => {
    const ops = await signedIn(DEMO_EMAILS.solo);
    const res = await ops.request('PUT', `/api/ops/accounts/${instId}/status`, { body: { status } });
    expect(res.status, res.text).toBe(200);
  };

  it.each(['suspended', 'banned'] as const)(
    'a %s account: no join by number, no start, no attendance, no share link; reinstated, all work again',
    async (status) => {
      const f = await fixture();
      const anon = await anonymous();
      const guestBefore = await anon.post(`/api/join/${f.running.number}`, {
        name: 'Guest',
        passcode: f.running.passcode,
      });
      expect(guestBefore.status, guestBefore.text).toBe(200);
      expect((await anon.get(`/api/recordings/${f.recordingId}?t=${f.token}`)).status).toBe(200);
      const participant = await signedIn(DEMO_EMAILS.solo);
      const listed = async () =>
        (await participant.get('/api/recordings')).json.recordings.map((r: { id: string }) => r.id);
      expect(await listed()).toContain(f.recordingId);
      const joinsBefore = await attendanceOf(f.running.id);
      expect(joinsBefore).toBeGreaterThan(0);

      await setStatus(status);

      // What was running ends with the suspension (the owner's end: provider told, open stays closed).
      const ended = await meetingRow(f.running.id);
      expect(ended?.status).toBe('available');
      expect(ended?.endedAt).not.toBeNull();
      const open = await runtime.db
        .select()
        .from(schema.attendance)
        .where(and(eq(schema.attendance.meetingId, f.running.id), isNull(schema.attendance.leftAt)));
      expect(open).toHaveLength(0);

      // The join page: neither the lookup nor the join, for a running meeting or one a guest would start.
      for (const m of [f.running, f.early]) {
        const look = await anon.get(`/api/join/${m.number}`);
        expect(look.status).toBe(403);
        expect(look.json).toEqual(CLOSED);
        const join = await anon.post(`/api/join/${m.number}`, { name: 'Guest', passcode: m.passcode });
        expect(join.status).toBe(403);
        expect(join.json).toEqual(CLOSED);
      }
      expect((await meetingRow(f.early.id))?.status).toBe('available');
      expect(await attendanceOf(f.early.id)).toBe(0);
      expect(await attendanceOf(f.running.id)).toBe(joinsBefore);

      // Its host, signed in (now in their personal account), cannot start or join it as owner either.
      const admin = await signedIn(DEMO_EMAILS.admin);
      const asOwner = await admin.post(`/api/join/${f.early.number}`, { asOwner: true });
      expect(asOwner.status).toBe(403);
      expect(asOwner.json.code).toBe('ACCOUNT_CLOSED');
      // A session that outlived the suspension by a moment: the start is refused all the same, nothing started.
      await expect(startMeeting(runtime, f.staleActor, f.early.id)).rejects.toMatchObject({
        status: 403,
        code: 'ACCOUNT_CLOSED',
      });
      expect((await meetingRow(f.early.id))?.status).toBe('available');
      expect(await attendanceOf(f.early.id)).toBe(0);

      // The recording's share link: neither the play page nor the download.
      const view = await anon.get(`/api/recordings/${f.recordingId}?t=${f.token}`);
      expect(view.status).toBe(403);
      expect(view.json).toEqual(CLOSED);
      const download = await anon.post(`/api/recordings/${f.recordingId}/downloads`, { t: f.token });
      expect(download.status).toBe(403);
      // Nor for the participant from another account: gone from their list, refused by id.
      expect(await listed()).not.toContain(f.recordingId);
      expect((await participant.get(`/api/recordings/${f.recordingId}`)).json.code).toBe('ACCOUNT_CLOSED');
      // Without the link it stays the one 404 that tells nothing.
      expect((await anon.get(`/api/recordings/${f.recordingId}`)).status).toBe(404);

      await setStatus('active');

      expect((await anon.get(`/api/join/${f.early.number}`)).status).toBe(200);
      const guest = await anon.post(`/api/join/${f.early.number}`, { name: 'Guest', passcode: f.early.passcode });
      expect(guest.status, guest.text).toBe(200);
      expect((await meetingRow(f.early.id))?.status).toBe('running');
      expect(await attendanceOf(f.early.id)).toBe(1);
      expect((await anon.get(`/api/recordings/${f.recordingId}?t=${f.token}`)).status).toBe(200);
      expect((await anon.post(`/api/recordings/${f.recordingId}/downloads`, { t: f.token })).status).toBe(200);
      expect(await listed()).toContain(f.recordingId);
      const back = await signedIn(DEMO_EMAILS.admin);
      const started = await back.post(`/api/meetings/${f.running.id}/start`);
      expect(started.status, started.text).toBe(200);
      expect(started.json.role).toBe('moderator');
      expect(
        (await anon.post(`/api/join/${f.running.number}`, { name: 'Guest', passcode: f.running.passcode })).status,
      ).toBe(200);
    },
  );
});
