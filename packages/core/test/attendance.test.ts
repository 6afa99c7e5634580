import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/auth/actor.ts';
import { accounts, attendance, meetings, memberships, rooms, users } from '../src/db/schema/index.ts';
import { applyProviderReport } from '../src/meetings/apply-provider-event.ts';
import { joinMeeting } from '../src/meetings/join.ts';
import type { Ctx } from '../src/meetings/meeting-access.ts';
import { applyMeetingEvent, endEvent } from '../src/meetings/meeting-status.ts';
import { recordOwnJoin } from '../src/meetings/record-attendance.ts';
import type { ProviderEvent } from '../src/providers/conferencing/port.ts';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from './services.ts';

/**
 * Attendance from the providers' reports and our own join path: one row per stay, whatever the order and repetition
 * of the reports (record-attendance.ts), on the real database.
 */
describe.each(drivers)('attendance on %s', (driver) => {
  let database: TestDatabase;
  const config = testConfig();
  let ctx: Ctx;
  let actor: Actor;
  let bbbRoom = '';
  let jitsiRoom = '';
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    ctx = { db: database.db, config };
    const db = database.db;
    const [u] = await db
      .insert(users)
      .values({ email: 'stay@x.test', passwordHash: 'x', fname: 'سارة', lname: 'علي', phone: '+201000000001' })
      .returning();
    const [a] = await db
      .insert(accounts)
      .values({ kind: 'indv', name: 'A', ownerUserId: u?.id as string })
      .returning();
    await db.insert(memberships).values({ userId: u?.id as string, accountId: a?.id as string, role: 'owner' });
    const room = async (type: 'bbb' | 'jitsi') =>
      (
        await db
          .insert(rooms)
          .values({ accountId: a?.id as string, name: type, type })
          .returning()
      )[0]?.id as string;
    bbbRoom = await room('bbb');
    jitsiRoom = await room('jitsi');
    actor = {
      userId: u?.id as string,
      accountId: a?.id as string,
      role: 'owner',
      kind: 'indv',
      isOps: false,
      fname: 'سارة',
      lname: 'علي',
      email: 'stay@x.test',
      picture: null,
      locale: 'ar',
      timeZone: 'Africa/Cairo',
    };
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  /** A running meeting; BBB ones carry the provider ids the reports name. */
  async function running(roomId = bbbRoom) {
    const i = ++n;
    const [m] = await ctx.db
      .insert(meetings)
      .values({
        accountId: actor.accountId,
        roomId,
        ownerUserId: actor.userId,
        number: `${driver === 'pglite' ? 3 : 4}${String(i).padStart(9, '0')}`,
        name: `stay ${i}`,
        kind: 'permanent',
        timeZone: 'Africa/Cairo',
        durationMinutes: 60,
        status: 'running',
        startedAt: new Date(Date.now() - 3600_000),
        providerMeetingId: `ext-${driver}-${i}`,
        providerData: { internalMeetingID: `int-${driver}-${i}` },
      })
      .returning();
    if (!m) throw new Error('no meeting');
    return m;
  }

  const T = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));
  const join = (at: Date, puid = 'w_1', session = 'int', ext = 'guest-1'): ProviderEvent => ({
    type: 'joined',
    session,
    providerUserId: puid,
    externalUserId: ext,
    name: 'Guest',
    role: 'VIEWER',
    at,
  });
  const leave = (at: Date, puid = 'w_1', session = 'int'): ProviderEvent => ({
    type: 'left',
    session,
    providerUserId: puid,
    at,
    name: 'Guest',
  });
  const report = (m: { providerMeetingId: string | null }, ...events: ProviderEvent[]) =>
    applyProviderReport(ctx, { providerMeetingId: m.providerMeetingId as string, events });
  const rows = async (meetingId: string) =>
    (
      await ctx.db
        .select()
        .from(attendance)
        .where(eq(attendance.meetingId, meetingId))
        .orderBy(asc(attendance.joinedAt), asc(attendance.id))
    ).map((r) => ({
      session: r.session,
      puid: r.providerUserId,
      joined: r.joinedAt.toISOString(),
      left: r.leftAt?.toISOString() ?? null,
      seen: r.joinSeen,
      source: r.source,
    }));
  const stay = (joined: Date, left: Date | null, more: Record<string, unknown> = {}) =>
    expect.objectContaining({ joined: joined.toISOString(), left: left?.toISOString() ?? null, ...more });

  it('keeps one row for a join delivered twice, and changes nothing on a repeated leave', async () => {
    const m = await running();
    await report(m, join(T(1)), join(T(1)));
    expect(await rows(m.id)).toEqual([stay(T(1), null, { seen: true, source: 'provider' })]);
    await report(m, leave(T(5)), leave(T(5)));
    expect(await rows(m.id)).toEqual([stay(T(1), T(5))]);
    await report(m, join(T(1)), leave(T(5)));
    expect(await rows(m.id)).toHaveLength(1);
  });

  it('keeps a leave that comes before its join, and completes it with the join', async () => {
    const m = await running();
    await report(m, leave(T(9)));
    expect(await rows(m.id)).toEqual([stay(T(9), T(9), { seen: false })]);
    await report(m, leave(T(9)));
    expect(await rows(m.id)).toHaveLength(1);
    await report(m, join(T(2)));
    expect(await rows(m.id)).toEqual([stay(T(2), T(9), { seen: true })]);
    await report(m, join(T(2)), leave(T(9)));
    expect(await rows(m.id)).toEqual([stay(T(2), T(9), { seen: true })]);
  });

  it('keeps two stays of one user apart, in every order of their reports, repeated or not', async () => {
    const m = await running();
    const events = [join(T(1)), leave(T(3)), join(T(5)), leave(T(8))];
    const orders: ProviderEvent[][] = [];
    const permute = (done: ProviderEvent[], rest: ProviderEvent[]) => {
      if (!rest.length) orders.push(done);
      rest.forEach((e, i) => {
        permute([...done, e], [...rest.slice(0, i), ...rest.slice(i + 1)]);
      });
    };
    permute([], events);
    expect(orders).toHaveLength(24);
    for (const [i, order] of orders.entries()) {
      const session = `perm-${i}`;
      const at = (e: ProviderEvent) => (e.type === 'joined' || e.type === 'left' ? { ...e, session } : e);
      // in this order, then everything again backwards: the same two stays
      await report(m, ...order.map(at));
      const expected = [stay(T(1), T(3), { session, seen: true }), stay(T(5), T(8), { session, seen: true })];
      const mine = async () => (await rows(m.id)).filter((r) => r.session === session);
      expect({ order: i, rows: await mine() }).toEqual({ order: i, rows: expected });
      await report(m, ...[...order].reverse().map(at));
      expect({ order: i, rows: await mine() }).toEqual({ order: i, rows: expected });
    }
  });

  it('turns our own join row into the provider’s when the provider reports the same user', async () => {
    const m = await running();
    const now = new Date();
    await recordOwnJoin(ctx.db, m, {
      session: 'int',
      externalUserId: actor.userId,
      userId: actor.userId,
      name: 'سارة علي',
      role: 'MODERATOR',
      at: now,
    });
    // a second click on the link before the provider says anything: still one row
    await recordOwnJoin(ctx.db, m, {
      session: 'int',
      externalUserId: actor.userId,
      userId: actor.userId,
      name: 'سارة علي',
      role: 'MODERATOR',
      at: new Date(+now + 1000),
    });
    expect(await rows(m.id)).toEqual([expect.objectContaining({ source: 'majlis', puid: actor.userId })]);
    const providerAt = new Date(+now + 3000);
    await report(m, join(providerAt, 'w_9', 'int-real', actor.userId));
    const [row] = await ctx.db.select().from(attendance).where(eq(attendance.meetingId, m.id));
    expect(await rows(m.id)).toEqual([
      stay(providerAt, null, { source: 'provider', session: 'int-real', puid: 'w_9', seen: true }),
    ]);
    expect(row?.userId).toBe(actor.userId);
    expect(row?.externalUserId).toBe(actor.userId);
    // the same join again, and someone else's join: no more rows for this user
    await report(m, join(providerAt, 'w_9', 'int-real', actor.userId), join(providerAt, 'w_10', 'int-real', 'guest-x'));
    expect((await rows(m.id)).filter((r) => r.puid === 'w_9')).toHaveLength(1);
    expect(await rows(m.id)).toHaveLength(2);
  });

  it('finds our own row by the name we gave when the provider does not echo our id (Zoom web client)', async () => {
    const m = await running();
    const now = new Date();
    await recordOwnJoin(ctx.db, m, {
      session: 's',
      externalUserId: 'guest-abc',
      userId: null,
      name: 'زائر',
      role: 'VIEWER',
    });
    await report(m, {
      type: 'joined',
      session: 'zoom-uuid==',
      providerUserId: '16778240',
      name: ' زائر ',
      role: 'VIEWER',
      at: new Date(+now + 2000),
    });
    expect(await rows(m.id)).toEqual([expect.objectContaining({ source: 'provider', puid: '16778240' })]);
    // someone else with no name we gave: a row of their own
    await report(m, {
      type: 'joined',
      session: 'zoom-uuid==',
      providerUserId: '16778241',
      name: 'Zoom user',
      role: 'VIEWER',
      at: new Date(+now + 3000),
    });
    expect(await rows(m.id)).toHaveLength(2);
  });

  it('closes every open stay at the meeting’s end, keeps kept leaves, and lets a late leave set the truer end', async () => {
    const m = await running();
    await report(m, join(T(1), 'w_1'), join(T(2), 'w_2'), leave(T(4), 'w_3'));
    const ended = await applyMeetingEvent(ctx, m.id, endEvent('provider.ended', ctx.db), { strict: false });
    expect(ended.status).toBe('available'); // a permanent meeting: over until it starts again
    const end = ended.endedAt as Date;
    const byUser = async () => Object.fromEntries((await rows(m.id)).map((r) => [r.puid, [r.left, r.seen]]));
    expect(await byUser()).toEqual({
      w_1: [end.toISOString(), true],
      w_2: [end.toISOString(), true],
      w_3: [T(4).toISOString(), false],
    });
    // the provider's own leave, delivered after the end: its time is kept
    await report(m, leave(T(7), 'w_1'), leave(new Date(+end + 60_000), 'w_2'));
    expect(await byUser()).toEqual({
      w_1: [T(7).toISOString(), true],
      w_2: [end.toISOString(), true],
      w_3: [T(4).toISOString(), false],
    });
    // a join reported after the end is closed at the end, not left open
    await report(m, join(T(8), 'w_4'));
    expect((await byUser()).w_4).toEqual([end.toISOString(), true]);
  });

  it('closes open stays when a host ends the meeting with the end button', async () => {
    const m = await running(jitsiRoom);
    await joinMeeting(ctx, actor, m.number, {});
    const ended = await applyMeetingEvent(ctx, m.id, endEvent('meeting.end', ctx.db));
    expect(await rows(m.id)).toEqual([expect.objectContaining({ left: (ended.endedAt as Date).toISOString() })]);
  });

  it('records one row per Jitsi join, from our own join path', async () => {
    const m = await running(jitsiRoom);
    const res = await joinMeeting(ctx, actor, m.number, {});
    expect(res.role).toBe('moderator');
    const guest = await joinMeeting(ctx, null, m.number, { name: 'زائر' });
    expect(guest.role).toBe('attendee');
    const all = await ctx.db.select().from(attendance).where(eq(attendance.meetingId, m.id));
    expect(all.map((r) => [r.name, r.role, r.source, r.userId, r.leftAt]).sort()).toEqual(
      [
        ['سارة علي', 'MODERATOR', 'majlis', actor.userId, null],
        ['زائر', 'VIEWER', 'majlis', null, null],
      ].sort(),
    );
    const guestRow = all.find((r) => r.name === 'زائر');
    expect(guestRow?.externalUserId).toMatch(/^guest-/);
    expect(guestRow?.session).toBe(`int-${driver}-${n}`);
  });
});
