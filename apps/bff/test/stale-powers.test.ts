import { type Actor, findActor } from '@majlis/core/auth/actor';
import * as schema from '@majlis/core/db/schema/index';
import { canManageMeeting } from '@majlis/core/meetings/meeting-access';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';

/**
 * Issue 9 finding 8: a meeting's owner or assistant keeps `ownerUserId` / the assistant row after leaving its account.
 * Those powers must end with the membership (or the user), checked when used, not when the row was written.
 */
describe.each(drivers)('powers over a meeting end with the membership, on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig();
  const client = () => new TestClient((url, init) => app.request(url, init));
  const signedIn = async (email: string) => {
    const c = client();
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const idOf = async (email: string) => {
    const [u] = await runtime.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, email));
    return u?.id as string;
  };
  let instId: string;

  /** The membership goes inactive, as removal from the account leaves it (the row stays for history). */
  const removeFromInst = (userId: string) =>
    runtime.db
      .update(schema.memberships)
      .set({ active: false })
      .where(and(eq(schema.memberships.userId, userId), eq(schema.memberships.accountId, instId)));

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
    const [inst] = await runtime.db
      .select({ id: schema.accounts.id })
      .from(schema.accounts)
      .where(eq(schema.accounts.kind, 'inst'));
    instId = inst?.id as string;
  });
  beforeEach(async () => {
    // each test starts from the seeded roles, whatever the one before took away
    for (const [email, role] of [
      ['admin@demo.test', 'admin'],
      ['member@demo.test', 'member'],
    ] as const) {
      await runtime.db
        .update(schema.memberships)
        .set({ active: true, role })
        .where(and(eq(schema.memberships.userId, await idOf(email)), eq(schema.memberships.accountId, instId)));
    }
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  /** A meeting of the institution created by its admin, with the member as assistant. */
  async function instMeeting() {
    const owner = await signedIn('owner@demo.test');
    const admin = await signedIn('admin@demo.test');
    const memberId = await idOf('member@demo.test');
    const room = (await owner.paidRoom({ name: 'قاعة', type: 'jitsi', participants: 20 })).json;
    const created = await admin.post('/api/meetings', {
      name: 'اجتماع',
      type: 'permanent',
      roomId: room.id,
      assistants: [memberId],
    });
    expect(created.status).toBe(201);
    return { owner, room, meeting: created.json as { id: string; number: string; passcode: string } };
  }

  it('a meeting owner removed from the account cannot start it as host, nor edit, delete or start it (404)', async () => {
    const { owner, room, meeting } = await instMeeting();
    const adminId = await idOf('admin@demo.test');
    await removeFromInst(adminId);
    // signed in again, the former admin lands in their personal account
    const former = await signedIn('admin@demo.test');
    expect((await former.get('/api/user/info')).json.info.ownerId).not.toBe(instId);

    const asOwner = await former.post(`/api/join/${meeting.number}`, { asOwner: true, passcode: meeting.passcode });
    expect(asOwner.status).toBe(409);
    expect(asOwner.json.code).toBe('MEETING_NOT_STARTED');
    expect((await owner.get(`/api/meetings/${meeting.id}`)).json.status).toBe('available');

    for (const res of [
      await former.get(`/api/meetings/${meeting.id}`),
      await former.request('PUT', `/api/meetings/${meeting.id}`, {
        body: { name: 'مخطوف', type: 'permanent', roomId: room.id },
      }),
      await former.request('DELETE', `/api/meetings/${meeting.id}`),
      await former.post(`/api/meetings/${meeting.id}/start`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('NOT_FOUND');
    }

    // once the account's owner has started it, the former admin joins as an attendee, not a moderator
    const started = await owner.post(`/api/join/${meeting.number}`, { asOwner: true });
    expect(started.json.role).toBe('moderator');
    const joined = await former.post(`/api/join/${meeting.number}`, { asOwner: true, passcode: meeting.passcode });
    expect(joined.status).toBe(200);
    expect(joined.json.role).toBe('attendee');
    expect(joined.json.notice.en).toMatch(/do not have permission/);
  });

  it('an assistant removed from the account is no host either', async () => {
    const { owner, meeting } = await instMeeting();
    await removeFromInst(await idOf('member@demo.test'));
    const former = await signedIn('member@demo.test');
    const asOwner = await former.post(`/api/join/${meeting.number}`, { asOwner: true, passcode: meeting.passcode });
    expect(asOwner.status).toBe(409);
    expect(asOwner.json.code).toBe('MEETING_NOT_STARTED');
    expect((await owner.get(`/api/meetings/${meeting.id}`)).json.status).toBe('available');
    expect((await former.request('DELETE', `/api/meetings/${meeting.id}`)).status).toBe(404);
  });

  it('checks at the time of use: an actor loaded before a deactivation or a demotion holds nothing after it', async () => {
    const owner = await signedIn('owner@demo.test');
    const room = (await owner.post('/api/rooms', { name: 'قاعة ب', type: 'jitsi', participants: 20 })).json;
    const created = (await owner.post('/api/meetings', { name: 'م', type: 'permanent', roomId: room.id })).json;
    const [m] = await runtime.db.select().from(schema.meetings).where(eq(schema.meetings.id, created.id));
    if (!m) throw new Error('meeting row missing');
    const ownerId = await idOf('owner@demo.test');
    const ownerActor = (await findActor(runtime.db, ownerId, instId)) as Actor;
    expect(await canManageMeeting(runtime.db, ownerActor, m)).toBe(true);

    // a stale actor of an admin demoted to member: the role read now decides
    const adminId = await idOf('admin@demo.test');
    const adminActor = (await findActor(runtime.db, adminId, instId)) as Actor;
    expect(await canManageMeeting(runtime.db, adminActor, m)).toBe(true);
    await runtime.db
      .update(schema.memberships)
      .set({ role: 'member' })
      .where(and(eq(schema.memberships.userId, adminId), eq(schema.memberships.accountId, instId)));
    expect(await canManageMeeting(runtime.db, adminActor, m)).toBe(false);

    // the owner deactivated: the actor object still says owner, the check says no
    await runtime.db.update(schema.users).set({ active: false }).where(eq(schema.users.id, ownerId));
    try {
      expect(await canManageMeeting(runtime.db, ownerActor, m)).toBe(false);
    } finally {
      await runtime.db.update(schema.users).set({ active: true }).where(eq(schema.users.id, ownerId));
    }
  });
});
