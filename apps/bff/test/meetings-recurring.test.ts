import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import * as schema from '@majlis/core/db/schema/index';
import { addDays, localParts, todayIn } from '@majlis/core/meetings/time';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

/**
 * Issue 16: a recurring meeting needs an end (a number of days or a last day, never a silent one), every view of it
 * counts its real days, and any one day (not only the next) can be changed or deleted alone.
 */

const PASSWORD = 'Demo-password-1';
const TZ = 'Africa/Cairo';
const SUN_TO_THU = [0, 1, 2, 3, 4];
const tomorrow = () => addDays(todayIn(TZ), 1);
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** The local days Sunday to Thursday from `day` on, counted here without the app's own function. */
function workDays(day: string, n: number): string[] {
  const out: string[] = [];
  for (let d = day; out.length < n; d = addDays(d, 1)) {
    if (SUN_TO_THU.includes(new Date(`${d}T00:00:00Z`).getUTCDay())) out.push(d);
  }
  return out;
}
/** The days a calendar app finds in an .ics (ical.js, as core/meetings/ics.test.ts reads it). */
function icsInstances(text: string): Date[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const master = events.find((e) => !e.isRecurrenceException()) as ICAL.Event;
  for (const e of events) if (e.isRecurrenceException()) master.relateException(e);
  const out: Date[] = [];
  const iterator = master.iterator();
  for (let next = iterator.next(); next && out.length < 500; next = iterator.next()) {
    out.push(master.getOccurrenceDetails(next).startDate.toJSDate());
  }
  ICAL.TimezoneService.reset();
  return out;
}

type Occ = { id: string; startsAt: string; endsAt: string; cancelled: boolean; edited: boolean };

describe.each(drivers)('recurring meetings (issue 16) on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let base = '';
  let config: ReturnType<typeof testConfig>;
  const client = () => new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), base);
  const signedIn = async (email: string) => {
    const c = client();
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const body = (roomId: string, over: Record<string, unknown> = {}) => ({
    name: 'اجتماع الفريق',
    type: 'scheduled',
    roomId,
    day: tomorrow(),
    hour: '10:30',
    durationHours: 1,
    durationMinutes: 0,
    ...over,
  });

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

  const newRoom = async (c: TestClient) =>
    (await c.post('/api/rooms', { name: `r${Math.random()}`, type: 'jitsi', participants: 5 })).json as { id: string };

  it('refuses days without an end (no default of one day), two ends, an end without days, and a last day past 100', async () => {
    const c = await signedIn('owner@demo.test');
    const room = await newRoom(c);
    const none = await c.post('/api/meetings', body(room.id, { recurrenceDays: SUN_TO_THU }));
    expect(none.status).toBe(400);
    expect(none.json.code).toBe('VALIDATION_FAILED');
    expect(none.json.fields.repeatEnd.en).toBe(
      'Choose how the repetition ends: on a date or after a number of meetings',
    );
    expect(none.json.fields.repeatEnd.ar).toBe('اختر كيف ينتهي التكرار: في تاريخ محدد أو بعد عدد من الاجتماعات');

    const both = await c.post(
      '/api/meetings',
      body(room.id, { recurrenceDays: SUN_TO_THU, repeatDays: 3, repeatUntil: addDays(tomorrow(), 30) }),
    );
    expect(both.json.fields).toHaveProperty('repeatEnd');
    const endOnly = await c.post('/api/meetings', body(room.id, { repeatDays: 3 }));
    expect(endOnly.status).toBe(400);
    expect(endOnly.json.fields).toHaveProperty('recurrenceDays');
    const tooFar = await c.post(
      '/api/meetings',
      body(room.id, { recurrenceDays: SUN_TO_THU, repeatUntil: addDays(tomorrow(), 200) }),
    );
    expect(tooFar.status).toBe(400);
    expect(tooFar.json.fields.repeatUntil.en).toMatch(/1 to 100/);
    const before = await c.post(
      '/api/meetings',
      body(room.id, { recurrenceDays: SUN_TO_THU, repeatUntil: addDays(tomorrow(), -1) }),
    );
    expect(before.json.fields).toHaveProperty('repeatUntil');
    const malformed = await c.post('/api/meetings', body(room.id, { recurrenceDays: [1], repeatUntil: '31/12/2026' }));
    expect(malformed.status).toBe(400);
    expect(malformed.json.fields).toHaveProperty('repeatUntil');
  });

  it.each([
    ['a count of 20', { repeatDays: 20 }],
    ['a last day giving 20', { repeatUntil: workDays(addDays(todayIn(TZ), 1), 20).at(-1) }],
  ])('%s: the view, the list, the calendar, the .ics and the invitation all say 20', async (_, end) => {
    const c = await signedIn('owner@demo.test');
    const room = await newRoom(c);
    const created = await c.post(
      '/api/meetings',
      body(room.id, { name: 'Twenty', recurrenceDays: SUN_TO_THU, ...end }),
    );
    expect(created.status).toBe(201);
    const days = workDays(tomorrow(), 20);
    expect(created.json).toMatchObject({
      repeatDays: 20,
      occurrenceCount: 20,
      repeatUntil: (end as { repeatUntil?: string }).repeatUntil ?? null,
    });
    expect(localParts(new Date(created.json.lastStartsAt), TZ)).toEqual(
      expect.objectContaining({ day: days.at(-1), hour: '10:30' }),
    );
    const occ: Occ[] = (await c.get(`/api/meetings/${created.json.id}/occurrences`)).json.occurrences;
    expect(occ.map((o) => localParts(new Date(o.startsAt), TZ).day)).toEqual(days);
    const list = (await c.get(`/api/meetings?tab=upcoming&q=Twenty&pageSize=100`)).json.results;
    expect(list.find((m: { id: string }) => m.id === created.json.id)).toMatchObject({ occurrenceCount: 20 });
    const feed = await c.get(`/api/calendar?from=${tomorrow()}&to=${days.at(-1)}`);
    expect(feed.json.events.filter((e: { meetingId: string }) => e.meetingId === created.json.id)).toHaveLength(20);
    const ics = await c.get(`/api/meetings/${created.json.id}/ics`);
    expect(ics.text).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH;COUNT=20\r\n/);
    expect(icsInstances(ics.text).map((d) => localParts(d, TZ).day)).toEqual(days);

    expect(
      (await c.post(`/api/meetings/${created.json.id}/invitations`, { emails: ['member@demo.test', 'g@example.test'] }))
        .status,
    ).toBe(201);
    const mails = await runtime.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.template, 'meetingInvite')));
    const mine = mails.filter((m) => m.body?.includes(created.json.number));
    const en = mine.find((m) => m.to === 'member@demo.test');
    const ar = mine.find((m) => m.to === 'g@example.test');
    expect(en?.body).toContain('repeats Sunday–Thursday: 20 meetings, until');
    expect(ar?.body).toContain(`يتكرر الأحد إلى الخميس: ${arabicDigits('20')} اجتماعًا، حتى`);
    expect(en?.body).not.toMatch(/\b1 days?\b/);
    expect(icsInstances(ar?.attachments[0]?.content ?? '')).toHaveLength(20);
  });

  it('edits a chosen Tuesday alone (the others keep their time) and deletes one day alone; 404 across accounts', async () => {
    const c = await signedIn('owner@demo.test');
    const room = await newRoom(c);
    const m = (await c.post('/api/meetings', body(room.id, { recurrenceDays: SUN_TO_THU, repeatDays: 10 }))).json;
    const occ: Occ[] = (await c.get(`/api/meetings/${m.id}/occurrences`)).json.occurrences;
    const dayOf = (o: Occ) => localParts(new Date(o.startsAt), TZ).day;
    // a Tuesday that is not the next day of the series
    const tuesday = occ.slice(1).find((o) => new Date(`${dayOf(o)}T00:00:00Z`).getUTCDay() === 2) as Occ;
    expect(tuesday).toBeDefined();
    const moved = await c.request('PUT', `/api/meetings/${m.id}/occurrences/${tuesday.id}`, {
      body: { day: dayOf(tuesday), hour: '14:00', durationHours: 2, durationMinutes: 0 },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ id: tuesday.id, edited: true });
    const after: Occ[] = (await c.get(`/api/meetings/${m.id}/occurrences`)).json.occurrences;
    for (const o of after) {
      const { hour } = localParts(new Date(o.startsAt), TZ);
      const minutes = (+new Date(o.endsAt) - +new Date(o.startsAt)) / 60_000;
      if (o.id === tuesday.id) expect([hour, minutes, o.edited]).toEqual(['14:00', 120, true]);
      else expect([hour, minutes, o.edited]).toEqual(['10:30', 60, false]);
    }

    const gone = after[4] as Occ;
    expect((await c.request('DELETE', `/api/meetings/${m.id}/occurrences/${gone.id}`)).status).toBe(200);
    const left: Occ[] = (await c.get(`/api/meetings/${m.id}/occurrences`)).json.occurrences;
    expect(left.filter((o) => o.cancelled).map((o) => o.id)).toEqual([gone.id]);
    expect((await c.get(`/api/meetings/${m.id}`)).json).toMatchObject({ repeatDays: 10, occurrenceCount: 9 });

    const stranger = await signedIn('solo@demo.test');
    const other = after[6] as Occ;
    expect(
      (await stranger.request('PUT', `/api/meetings/${m.id}/occurrences/${other.id}`, { body: { hour: '09:00' } }))
        .status,
    ).toBe(404);
    expect((await stranger.request('DELETE', `/api/meetings/${m.id}/occurrences/${other.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/meetings/${m.id}/occurrences`)).status).toBe(404);
    const still: Occ[] = (await c.get(`/api/meetings/${m.id}/occurrences`)).json.occurrences;
    expect(still.find((o) => o.id === other.id)).toMatchObject({ cancelled: false, startsAt: other.startsAt });
  });
});
