import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

/**
 * Issue 12, reports: roles and accounts, the period and its errors, and exact figures on a hand-made week in Cairo
 * (UTC+2 in March 2026): meeting A held twice (a rejoin, a guest under two spellings, an open stay of an older
 * session, a leave-only row, an open stay of the finished last session, a join at the very instant of a leave),
 * meeting B once just after local midnight of the first day, and a stay of B just after the last day (outside).
 */
const PASSWORD = 'Demo-password-1';
const PERIOD = 'from=2026-03-01&to=2026-03-07';
/** '02T08:00:00' is 2 March 2026 08:00 UTC; a full ISO instant is taken as is. */
const at = (iso: string) => new Date(iso.startsWith('20') ? iso : `2026-03-${iso}Z`);

describe.each(drivers)('reports on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let url = '';
  let server: Server;
  let config: ReturnType<typeof testConfig>;
  const ids = { owner: '', admin: '', member: '', solo: '', inst: '', room: '', a: '', b: '' };

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  const signedIn = async (email: string, lang?: 'Ar' | 'En') => {
    const c = http();
    if (lang) c.jar.set('MajlisLang', lang);
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    // Signed in, the profile's language decides (the language chart): the toggle keeps the choice there.
    const locale = lang === 'En' ? 'en' : 'ar';
    expect((await c.request('PUT', '/api/profile/locale', { body: { locale } })).status).toBe(200);
    return c;
  };
  /** The raw bytes of an answer (Response.text() would drop the BOM). */
  const bytes = async (c: TestClient, path: string) => {
    const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${url}${path}`, { headers: { cookie, 'x-forwarded-for': c.ip } });
    return { res, body: new Uint8Array(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config = testConfig({ PUBLIC_URL: url, LOG_LEVEL: 'silent' });
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    server.on('request', getRequestListener(createApp(runtime).fetch));
    const db = runtime.db;
    const users = await db.select().from(schema.users);
    const idOf = (email: string) => users.find((u) => u.email === email)?.id as string;
    Object.assign(ids, {
      owner: idOf(DEMO_EMAILS.owner),
      admin: idOf(DEMO_EMAILS.admin),
      member: idOf(DEMO_EMAILS.member),
      solo: idOf(DEMO_EMAILS.solo),
    });
    await db
      .update(schema.users)
      .set({ timeZone: 'Africa/Cairo' })
      .where(inArray(schema.users.id, [ids.owner, ids.admin, ids.solo]));
    const [inst] = await db.select().from(schema.accounts).where(eq(schema.accounts.kind, 'inst'));
    ids.inst = inst?.id as string;
    const [room] = await db
      .insert(schema.rooms)
      .values({ accountId: ids.inst, name: 'Reports hall', type: 'bbb', usedBytes: 1024, storageBytes: 4096 })
      .returning();
    ids.room = room?.id as string;
    const meeting = (number: string, name: string, endedAt: string) => ({
      accountId: ids.inst,
      roomId: ids.room,
      ownerUserId: ids.owner,
      number,
      name,
      kind: 'permanent' as const,
      timeZone: 'Africa/Cairo',
      durationMinutes: 60,
      status: 'finished' as const,
      startedAt: at('04T12:00:00'),
      endedAt: new Date(endedAt),
    });
    const [a, b] = await db
      .insert(schema.meetings)
      .values([
        meeting('99000101', 'Board review', '2026-03-04T13:00:00Z'),
        meeting('99000102', 'Weekly 100%_sync', '2026-03-07T22:40:00Z'),
      ])
      .returning();
    ids.a = a?.id as string;
    ids.b = b?.id as string;
    await db.insert(schema.meetingAssistants).values({ meetingId: ids.a, userId: ids.admin });
    const stay = (
      meetingId: string,
      session: string,
      who: { userId?: string; name: string; role?: string },
      joined: string,
      left: string | null,
      joinSeen = true,
    ) => ({
      meetingId,
      session,
      providerUserId: `${who.name}-${joined}`,
      userId: who.userId ?? null,
      name: who.name,
      role: who.role ?? 'VIEWER',
      joinSeen,
      joinedAt: at(joined),
      leftAt: left ? at(left) : null,
    });
    const owner = { userId: ids.owner, name: 'Owner', role: 'MODERATOR' };
    const admin = { userId: ids.admin, name: 'Admin' };
    await db.insert(schema.attendance).values([
      // Session s1 (2 March): owner 30 + 30, admin 30 (joins as the owner leaves, leaves as the owner rejoins),
      // Sara 70.5 → 71, then "  sara guest" open in an older session → ends at s1's last event (09:50): 10 minutes;
      // a leave-only row at 09:50 (0 minutes). Peak 2 (leaves first at equal instants; joins first would say 3).
      stay(ids.a, 's1', owner, '02T08:00:00', '02T08:30:00'),
      stay(ids.a, 's1', admin, '02T08:30:00', '02T09:00:00'),
      stay(ids.a, 's1', owner, '02T09:00:00', '02T09:30:00'),
      stay(ids.a, 's1', { name: 'Sara Guest', role: 'viewer' }, '02T08:10:00', '02T09:20:30'),
      stay(ids.a, 's1', { name: '  sara guest' }, '02T09:40:00', null),
      stay(ids.a, 's1', { name: 'Late Leaver' }, '02T09:50:00', null, false),
      // Session s2 (4 March, the last one; the meeting ended 13:00): owner 45, admin still open → 13:00: 30.
      stay(ids.a, 's2', owner, '04T12:00:00', '04T12:45:00'),
      stay(ids.a, 's2', admin, '04T12:30:00', null),
      // Meeting B: 28 February 22:30 UTC is 00:30 on 1 March in Cairo (inside, 30 minutes); 00:30 on 8 March is out.
      stay(ids.b, 'b1', { name: '=HYPERLINK("http://x.test")' }, '2026-02-28T22:30:00Z', '2026-02-28T23:00:00Z'),
      stay(ids.b, 'b2', { name: 'Outside' }, '07T22:30:00', '07T22:40:00'),
    ]);
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  it('owner and admin see the institution; member 403; anonymous 401; another account’s meeting 404', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const admin = await signedIn(DEMO_EMAILS.admin);
    const member = await signedIn(DEMO_EMAILS.member);
    const solo = await signedIn(DEMO_EMAILS.solo);
    for (const path of ['meetings', 'rooms', 'users']) {
      expect((await owner.get(`/api/reports/${path}?${PERIOD}`)).status).toBe(200);
      expect((await admin.get(`/api/reports/${path}?${PERIOD}`)).status).toBe(200);
      expect((await member.get(`/api/reports/${path}?${PERIOD}`)).status).toBe(403);
      expect((await member.get(`/api/reports/${path}/export?${PERIOD}`)).status).toBe(403);
      expect((await http().get(`/api/reports/${path}`)).status).toBe(401);
    }
    expect((await member.get(`/api/reports/meetings/${ids.a}/attendance`)).status).toBe(403);
    // The individual owner sees their own account only: nothing of the institution's, its meeting id is unknown.
    const soloMeetings = await solo.get(`/api/reports/meetings?${PERIOD}`);
    expect(soloMeetings.json.total).toBe(0);
    const soloRooms = await solo.get(`/api/reports/rooms?${PERIOD}`);
    expect(soloRooms.json.rooms.map((r: { id: string }) => r.id)).not.toContain(ids.room);
    const soloUsers = await solo.get(`/api/reports/users?${PERIOD}`);
    expect(soloUsers.json.users.map((u: { id: string }) => u.id)).toEqual([ids.solo]);
    expect((await solo.get(`/api/reports/meetings/${ids.a}/attendance?${PERIOD}`)).json.code).toBe('NOT_FOUND');
    expect((await solo.get(`/api/reports/meetings/${ids.a}/attendance/export?${PERIOD}`)).status).toBe(404);
    expect((await owner.get('/api/reports/meetings/not-a-uuid/attendance')).status).toBe(404);
  });

  it('checks the period: defaults to the last 30 days; to before from or over 366 days is a bilingual 400', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const byDefault = await owner.get('/api/reports/rooms');
    expect(byDefault.json.period.timeZone).toBe('Africa/Cairo');
    const { from, to } = byDefault.json.period;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    expect(byDefault.json.trend).toHaveLength(30);
    const backwards = await owner.get('/api/reports/meetings?from=2026-03-07&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.json.code).toBe('REPORT_RANGE');
    expect(backwards.json.errorMessage.ar).toMatch(/[\u0600-\u06FF]/);
    expect(backwards.json.errorMessage.en).toMatch(/at most one year/);
    expect((await owner.get('/api/reports/users?from=2025-03-01&to=2026-03-02')).json.code).toBe('REPORT_RANGE');
    expect((await owner.get('/api/reports/users?from=2025-03-02&to=2026-03-02')).status).toBe(200); // 366 days
    const badDay = await owner.get('/api/reports/rooms?from=2026-02-30&to=2026-03-02');
    expect(badDay.status).toBe(400);
    expect(badDay.json.fields.from).toBeDefined();
    expect((await owner.get('/api/reports/meetings/export?format=pdf')).status).toBe(400);
  });

  it('a day outside the years 2000 to 2099 is a bilingual 400 on every report and export, never a 500', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const routes = ['meetings', 'rooms', 'users', `meetings/${ids.a}/attendance`];
    for (const route of routes) {
      for (const path of [`/api/reports/${route}`, `/api/reports/${route}/export`]) {
        for (const [range, field] of [
          ['from=9999-01-01&to=9999-12-31', 'from'],
          ['from=0001-01-01&to=0001-12-31', 'from'],
          ['from=2026-03-01&to=9999-12-31', 'to'],
        ] as const) {
          const res = await owner.get(`${path}?${range}`);
          expect(res.status, `${path}?${range}`).toBe(400);
          expect(res.json.code).toBe('VALIDATION_FAILED');
          expect(res.json.fields[field].en).toBe('Choose a day from the year 2000 to the year 2099');
          expect(res.json.fields[field].ar).toBe('اختر يومًا من عام ٢٠٠٠ إلى عام ٢٠٩٩');
        }
      }
    }
    expect((await owner.get('/api/reports/rooms?from=2000-01-01&to=2000-12-31')).status).toBe(200);
  });

  it('counts meetings exactly: sessions, distinct people, peak, minutes, totals, search with LIKE characters', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const res = await owner.get(`/api/reports/meetings?${PERIOD}`);
    expect(res.json.period).toEqual({ from: '2026-03-01', to: '2026-03-07', timeZone: 'Africa/Cairo' });
    expect(res.json.totals).toEqual({ meetings: 2, sessions: 3, attendees: 5, minutes: 276 });
    expect(res.json.total).toBe(2);
    const [a, b] = res.json.meetings;
    expect(a).toEqual({
      id: ids.a,
      name: 'Board review',
      number: '99000101',
      room: { id: ids.room, name: 'Reports hall' },
      sessions: 2,
      firstJoinAt: '2026-03-02T08:00:00.000Z',
      lastLeaveAt: '2026-03-04T13:00:00.000Z',
      attendees: 4,
      peak: 2,
      totalMinutes: 246,
      averageMinutes: 62,
    });
    expect(b).toMatchObject({ id: ids.b, sessions: 1, attendees: 1, peak: 1, totalMinutes: 30 });
    const paged = await owner.get(`/api/reports/meetings?${PERIOD}&page=2&pageSize=1`);
    expect(paged.json.meetings.map((m: { id: string }) => m.id)).toEqual([ids.b]);
    expect(paged.json.totals.minutes).toBe(276);
    const beyond = await owner.get(`/api/reports/meetings?${PERIOD}&page=9`);
    expect(beyond.json).toMatchObject({ meetings: [], total: 2, totals: { meetings: 2 } });
    const literal = await owner.get(`/api/reports/meetings?${PERIOD}&q=${encodeURIComponent('0%_s')}`);
    expect(literal.json.meetings.map((m: { id: string }) => m.id)).toEqual([ids.b]);
    expect((await owner.get(`/api/reports/meetings?${PERIOD}&q=%25`)).json.total).toBe(1);
    expect((await owner.get(`/api/reports/meetings?${PERIOD}&q=99000101`)).json.meetings[0].id).toBe(ids.a);
  });

  it("lists one meeting's stays by join time, with the rules for open, rejoined and leave-only stays", async () => {
    const admin = await signedIn(DEMO_EMAILS.admin);
    const res = await admin.get(`/api/reports/meetings/${ids.a}/attendance?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ attendees: 4, peak: 2, totalMinutes: 246 });
    const rows = res.json.attendance.map((r: Record<string, unknown>) => [r.name, r.role, r.minutes, r.leftAt]);
    expect(rows).toEqual([
      ['Owner', 'moderator', 30, '2026-03-02T08:30:00.000Z'],
      ['Sara Guest', 'attendee', 71, '2026-03-02T09:20:30.000Z'],
      ['Admin', 'attendee', 30, '2026-03-02T09:00:00.000Z'],
      ['Owner', 'moderator', 30, '2026-03-02T09:30:00.000Z'],
      ['  sara guest', 'attendee', 10, '2026-03-02T09:50:00.000Z'],
      ['Late Leaver', 'attendee', 0, '2026-03-02T09:50:00.000Z'],
      ['Owner', 'moderator', 45, '2026-03-04T12:45:00.000Z'],
      ['Admin', 'attendee', 30, '2026-03-04T13:00:00.000Z'],
    ]);
    expect(res.json.attendance[0].userId).toBe(ids.owner);
    expect(res.json.attendance[1].userId).toBeNull();
    // A narrower period keeps only the stays that joined in it.
    const day4 = await admin.get(`/api/reports/meetings/${ids.a}/attendance?from=2026-03-04&to=2026-03-04`);
    expect(day4.json).toMatchObject({ attendees: 2, peak: 2, totalMinutes: 75 });
  });

  it('reports rooms with every trend bucket filled, and users with hosted, attended and minutes', async () => {
    const owner = await signedIn(DEMO_EMAILS.owner);
    const res = await owner.get(`/api/reports/rooms?${PERIOD}`);
    expect(res.json.bucket).toBe('day');
    const hall = res.json.rooms.find((r: { id: string }) => r.id === ids.room);
    // Sessions: s1 08:00 → 09:50, s2 12:00 → 13:00, b1 30 min: 200 minutes = 3.3 hours.
    expect(hall).toMatchObject({ meetings: 3, hours: 3.3, participants: 5, storageUsedBytes: 1024 });
    expect(hall.storageTotalBytes).toBe(4096);
    const zero = { sessions: 0, minutes: 0 };
    expect(hall.trend).toEqual([
      { start: '2026-03-01', sessions: 1, minutes: 30 },
      { start: '2026-03-02', sessions: 1, minutes: 171 },
      { start: '2026-03-03', ...zero },
      { start: '2026-03-04', sessions: 1, minutes: 75 },
      { start: '2026-03-05', ...zero },
      { start: '2026-03-06', ...zero },
      { start: '2026-03-07', ...zero },
    ]);
    expect(res.json.trend).toEqual(hall.trend); // the other rooms were not used that week
    const others = res.json.rooms.filter((r: { id: string }) => r.id !== ids.room);
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(r).toMatchObject({ meetings: 0, hours: 0, participants: 0 });
    const weeks = await owner.get('/api/reports/rooms?from=2026-03-01&to=2026-06-08');
    expect(weeks.json.bucket).toBe('week');
    expect(weeks.json.trend).toHaveLength(15);
    expect(weeks.json.trend[0]).toEqual({ start: '2026-03-01', sessions: 3, minutes: 276 });
    const months = await owner.get('/api/reports/rooms?from=2026-02-15&to=2027-02-14');
    expect(months.json.bucket).toBe('month');
    expect(months.json.trend.map((p: { start: string }) => p.start).slice(0, 3)).toEqual([
      '2026-02-15',
      '2026-03-01',
      '2026-04-01',
    ]);
    expect(months.json.trend).toHaveLength(13);
    // March holds the week's three sessions and B's stay of 8 March (10 minutes), outside the week but not the month.
    expect(months.json.trend[1]).toMatchObject({ sessions: 4, minutes: 286 });

    const users = await owner.get(`/api/reports/users?${PERIOD}`);
    const byId = new Map(users.json.users.map((u: { id: string }) => [u.id, u]));
    expect(users.json.users[0]).toMatchObject({ id: ids.owner, role: 'owner' });
    expect(byId.get(ids.owner)).toMatchObject({ hosted: 2, attended: 1, minutes: 105 });
    expect(byId.get(ids.admin)).toMatchObject({ role: 'admin', hosted: 1, attended: 1, minutes: 60 });
    expect(byId.get(ids.member)).toMatchObject({ role: 'member', hosted: 0, attended: 0, minutes: 0 });
  });

  it('exports CSV with a BOM, CRLF and the reader’s headers, formula-safe; XLSX is a zip; exports are limited', async () => {
    const ar = await signedIn(DEMO_EMAILS.owner, 'Ar');
    const { res, body } = await bytes(ar, `/api/reports/meetings/export?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="majlis-meetings-2026-03-01_2026-03-07.csv"',
    );
    expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
    expect(text).toContain('\r\n');
    const rows: string[][] = parse(text, { bom: true });
    expect(rows[0]?.[0]).toBe('الاجتماع');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'Board review',
      '99000101',
      'Reports hall',
      '2',
      '2026-03-02 10:00',
      '2026-03-04 15:00',
      '4',
      '2',
      '246',
      '62',
    ]);
    const en = await signedIn(DEMO_EMAILS.admin, 'En');
    const att = await bytes(en, `/api/reports/meetings/${ids.b}/attendance/export?${PERIOD}`);
    expect(att.res.headers.get('content-disposition')).toContain(
      'majlis-attendance-99000102-2026-03-01_2026-03-07.csv',
    );
    const attRows: string[][] = parse(new TextDecoder().decode(att.body), { bom: true });
    expect(attRows[0]).toEqual(['Name', 'Role', 'Joined', 'Left', 'Minutes']);
    expect(attRows[1]).toEqual([
      '\'=HYPERLINK("http://x.test")',
      'Attendee',
      '2026-03-01 00:30',
      '2026-03-01 01:00',
      '30',
    ]);
    const users = parse(new TextDecoder().decode((await bytes(en, `/api/reports/users/export?${PERIOD}`)).body), {
      bom: true,
    });
    expect(users[0]).toEqual(['First name', 'Last name', 'Role', 'Meetings hosted', 'Meetings attended', 'Minutes']);
    const xlsx = await bytes(ar, `/api/reports/rooms/export?${PERIOD}&format=xlsx`);
    expect(xlsx.res.status).toBe(200);
    expect(xlsx.res.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(xlsx.res.headers.get('content-disposition')).toContain('majlis-rooms-2026-03-01_2026-03-07.xlsx');
    expect(new TextDecoder().decode(xlsx.body.slice(0, 2))).toBe('PK');
    // The allowance used up: the next export is refused (429), the report itself still answers.
    await runtime.limits.consume('reportExportUser', ids.admin, 60 - 2);
    const refused = await en.get(`/api/reports/users/export?${PERIOD}`);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('RATE_LIMITED');
    expect((await en.get(`/api/reports/users?${PERIOD}`)).status).toBe(200);
  });
});
