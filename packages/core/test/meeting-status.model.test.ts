import { type MeetingStatusEvent, meetingStatusMachine } from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { createTestModel } from '@xstate/graph';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/auth/actor.ts';
import { accounts, meetings, memberships, rooms, subscriptions, users } from '../src/db/schema/index.ts';
import { applyMeetingEvent } from '../src/meetings/meeting-status.ts';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from './services.ts';

const events: MeetingStatusEvent[] = [
  { type: 'meeting.start' },
  { type: 'meeting.end', hasNext: true },
  { type: 'meeting.end', hasNext: false },
  { type: 'provider.started' },
  { type: 'provider.ended', hasNext: true },
  { type: 'provider.ended', hasNext: false },
  { type: 'meeting.expire' },
  { type: 'meeting.activate' },
  { type: 'meeting.deactivate' },
  { type: 'meeting.edit', hasNext: true },
  { type: 'meeting.edit', hasNext: false },
  { type: 'meeting.delete' },
];

/** Every transition of meetingStatus, replayed through the core service on a stored meeting (Jitsi room). */
describe.each(drivers)('meetingStatus against the core service on %s', (driver) => {
  let database: TestDatabase;
  const config = testConfig();
  let seed: Pick<Actor, 'userId' | 'accountId'>;
  let roomId = '';
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const db = database.db;
    const [u] = await db
      .insert(users)
      .values({ email: 'chart@x.test', passwordHash: 'x', fname: 'A', lname: 'B', phone: '+201000000000' })
      .returning();
    const [a] = await db
      .insert(accounts)
      .values({ kind: 'indv', name: 'A', ownerUserId: u?.id as string })
      .returning();
    await db.insert(memberships).values({ userId: u?.id as string, accountId: a?.id as string, role: 'owner' });
    const [r] = await db
      .insert(rooms)
      .values({ accountId: a?.id as string, name: 'r', type: 'jitsi' })
      .returning();
    seed = { userId: u?.id as string, accountId: a?.id as string };
    roomId = r?.id as string;
    // a room starts meetings while its subscription runs (billing); this one is paid for a year
    await db.insert(subscriptions).values({
      accountId: seed.accountId,
      roomId,
      period: 'annual',
      status: 'active',
      renewsAt: new Date(Date.now() + 365 * 86_400_000),
    });
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  const serializeState = (s: ReturnType<typeof meetingStatusMachine.getInitialSnapshot>) => JSON.stringify(s.value);
  const model = createTestModel(meetingStatusMachine, { events, serializeState });
  for (const path of getTransitionPaths(model, { serializeState })) {
    it(path.description, async () => {
      const ctx = { db: database.db, config };
      const [m] = await ctx.db
        .insert(meetings)
        .values({
          accountId: seed.accountId,
          roomId,
          ownerUserId: seed.userId,
          number: `${driver === 'pglite' ? 1 : 2}${String(++n).padStart(9, '0')}`,
          name: 'chart',
          kind: 'permanent',
          timeZone: 'Africa/Cairo',
          durationMinutes: 60,
        })
        .returning();
      const id = m?.id as string;
      const row = async () => {
        const [x] = await ctx.db.select().from(meetings).where(eq(meetings.id, id));
        return { status: x?.status, active: x?.active };
      };
      const expectRow =
        (status: string, active = true) =>
        async () =>
          expect(await row()).toEqual({ status, active });
      const send = async ({ event }: { event: MeetingStatusEvent }) => {
        const before = await row();
        const allowed = meetingStatusMachine
          .resolveState({
            value:
              before.status === 'available'
                ? { available: before.active ? 'active' : 'inactive' }
                : (before.status as string),
          })
          .can(event);
        if (allowed) await applyMeetingEvent(ctx, id, event);
        else await expect(applyMeetingEvent(ctx, id, event)).rejects.toMatchObject({ status: 409 });
      };
      await path.test({
        states: {
          'available.active': expectRow('available'),
          'available.inactive': expectRow('available', false),
          running: expectRow('running'),
          finished: expectRow('finished'),
          expired: expectRow('expired'),
          deleted: expectRow('deleted'),
        },
        events: Object.fromEntries(events.map((e) => [e.type, send])) as never,
      });
      recordWalk(meetingStatusMachine, 'server', path);
    });
  }
});
