import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { drivers, testConfig } from '@majlis/core/testing';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 31: the calendar feed. A phone's calendar subscribes to a secret URL and reads the user's meetings with every
 * day as Majlis stores it; ical.js reads the feed as such an app does.
 */

const TZ = 'Africa/Cairo';
const SUN_TO_THU = [0, 1, 2, 3, 4];

interface Feed {
  events: ICAL.Event[];
  /** The expanded starts of one meeting's series (its UID), overrides applied, EXDATEs left out. */
  starts(uid: string): Date[];
}

function readFeed(text: string): Feed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return {
    events,
    starts(uid) {
      const mine = events.filter((e) => e.uid === uid);
      const master = mine.find((e) => !e.isRecurrenceException()) as ICAL.Event;
      for (const e of mine) if (e.isRecurrenceException()) master.relateException(e);
      const out: Date[] = [];
      const it = master.iterator();
      for (let next = it.next(); next && out.length < 100; next = it.next()) {
        out.push(master.getOccurrenceDetails(next).startDate.toJSDate());
      }
      return out;
    },
  };
}

describe.each(drivers)('calendar feed (issue 31) on %s', (driver) => {
  let bff: TestBff;
  const feedPath = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    bff = await startBff({
      mode: driver,
      config: (url) => testConfig({ PUBLIC_URL: url }),
      realtime: false,
      prepare: (db) => db.update(schema.users).set({ timeZone: TZ }),
    });
  });
  afterAll(async () => {
    ICAL.TimezoneService.reset();
    await bff?.stop();
  });

  const newMeeting = async (c: TestClient, over: Record<string, unknown> = {}) => {
    const made = await c.post('/api/rooms', { name: `r${Math.random()}`, type: 'jitsi', participants: 5 });
    // an individual account keeps the rooms it has (its trial room)
    const room = made.status === 201 ? made.json : (await c.get('/api/rooms')).json.rooms[0];
    const created = await c.post('/api/meetings', {
      name: 'اجتماع الفريق',
      type: 'scheduled',
      roomId: room.id,
      day: '2027-04-25',
      hour: '10:30',
      durationHours: 1,
      durationMinutes: 0,
      ...over,
    });
    expect(created.status, created.text).toBe(201);
    return created.json as { id: string; number: string };
  };

  it('a weekly Sun–Thu series with one day moved and one cancelled gives the right instants across a DST change', async () => {
    const { http } = await bff.signIn(DEMO_EMAILS.owner);
    // Cairo moves to summer time on Friday 30 April 2027: 10:30 is 08:30Z before, 07:30Z after
    const m = await newMeeting(http, { name: 'Sun to Thu', recurrenceDays: SUN_TO_THU, repeatDays: 8 });
    const occ = (await http.get(`/api/meetings/${m.id}/occurrences`)).json.occurrences as Array<{
      id: string;
      startsAt: string;
    }>;
    expect(occ).toHaveLength(8);
    const tuesday = occ.find((o) => o.startsAt === '2027-04-27T08:30:00.000Z');
    const monday = occ.find((o) => o.startsAt === '2027-05-03T07:30:00.000Z');
    expect(tuesday && monday).toBeTruthy();
    expect(
      (await http.request('PUT', `/api/meetings/${m.id}/occurrences/${tuesday?.id}`, { body: { hour: '14:00' } }))
        .status,
    ).toBe(200);
    expect((await http.request('DELETE', `/api/meetings/${m.id}/occurrences/${monday?.id}`)).status).toBe(200);

    const links = await http.post('/api/calendar/feed');
    expect(links.status).toBe(201);
    expect(links.json.webcal).toMatch(/^webcal:\/\//);
    expect(links.json.google).toContain(encodeURIComponent(links.json.webcal));
    const res = await bff.client().get(feedPath(links.json.https));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(res.text).toContain('X-PUBLISHED-TTL:PT1H');
    expect(res.text).toMatch(/DTSTART;TZID=Africa\/Cairo:20270425T103000/);
    expect(res.text).toContain(`/join/${m.number}`);
    const feed = readFeed(res.text);
    const uid = feed.events.find((e) => e.summary === 'Sun to Thu')?.uid as string;
    expect(feed.starts(uid).map((d) => d.toISOString())).toEqual([
      '2027-04-25T08:30:00.000Z',
      '2027-04-26T08:30:00.000Z',
      '2027-04-27T12:00:00.000Z', // moved to 14:00 Cairo
      '2027-04-28T08:30:00.000Z',
      '2027-04-29T08:30:00.000Z',
      '2027-05-02T07:30:00.000Z', // summer time
      '2027-05-04T07:30:00.000Z', // Monday 3 May cancelled
    ]);
    const cancelled = feed.events.filter((e) => e.uid === uid && e.component.getFirstPropertyValue('status'));
    expect(
      cancelled.map((e) => [e.recurrenceId.toJSDate().toISOString(), e.component.getFirstPropertyValue('status')]),
    ).toEqual([['2027-05-03T07:30:00.000Z', 'CANCELLED']]);
    ICAL.TimezoneService.reset();

    // the same meetings give the same bytes: a calendar app's If-None-Match gets a 304
    const etag = res.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    const again = await bff.client().get(feedPath(links.json.https), { 'if-none-match': etag });
    expect(again.status).toBe(304);
    // a change to the meeting changes the feed
    await http.request('PUT', `/api/meetings/${m.id}/occurrences/${tuesday?.id}`, { body: { hour: '15:00' } });
    const changed = await bff.client().get(feedPath(links.json.https), { 'if-none-match': etag });
    expect(changed.status).toBe(200);
  });

  it('a new URL makes the old one 404; revoking makes it 404; a wrong or borrowed secret is 404', async () => {
    const { http, userId } = await bff.signIn(DEMO_EMAILS.admin);
    const first = (await http.post('/api/calendar/feed')).json;
    expect((await bff.client().get(feedPath(first.https))).status).toBe(200);
    expect((await http.get('/api/calendar/feed')).json).toMatchObject({ active: true });
    const second = (await http.post('/api/calendar/feed')).json;
    expect(second.https).not.toBe(first.https);
    const old = await bff.client().get(feedPath(first.https));
    expect(old.status).toBe(404);
    expect(old.json.code).toBe('NOT_FOUND');
    expect((await bff.client().get(feedPath(second.https))).status).toBe(200);
    // another user's id with this user's secret, and a malformed secret
    const other = await bff.signIn(DEMO_EMAILS.solo);
    const mine = feedPath(second.https);
    expect((await bff.client().get(mine.replace(userId, other.userId))).status).toBe(404);
    expect((await bff.client().get(mine.replace(/\/[^/]+\.ics$/, '/x.ics'))).status).toBe(404);
    expect((await http.request('DELETE', '/api/calendar/feed')).status).toBe(200);
    expect((await bff.client().get(mine)).status).toBe(404);
    expect((await http.get('/api/calendar/feed')).json).toEqual({ active: false, createdAt: null });
  });

  it.each([
    ['owner', DEMO_EMAILS.owner],
    ['admin', DEMO_EMAILS.admin],
    ['member', DEMO_EMAILS.member],
    ['solo', DEMO_EMAILS.solo],
  ])('%s: has a feed of their own meetings and invitations only, never another account’s', async (_, email) => {
    const owner = await bff.signIn(DEMO_EMAILS.owner);
    const solo = await bff.signIn(DEMO_EMAILS.solo);
    const tag = Math.random().toString(36).slice(2, 8);
    await newMeeting(owner.http, { name: `owner-only ${tag}` });
    await newMeeting(solo.http, { name: `solo-only ${tag}` });
    const invited = await newMeeting(owner.http, { name: `invited ${tag}` });
    expect((await owner.http.post(`/api/meetings/${invited.id}/invitations`, { emails: [email] })).status).toBe(201);
    const me = await bff.signIn(email);
    const links = (await me.http.post('/api/calendar/feed')).json;
    const text = (await bff.client().get(feedPath(links.https))).text;
    const names = readFeed(text).events.map((e) => e.summary);
    expect(names).toContain(`invited ${tag}`);
    expect(names.includes(`owner-only ${tag}`)).toBe(email === DEMO_EMAILS.owner);
    expect(names.includes(`solo-only ${tag}`)).toBe(email === DEMO_EMAILS.solo);
  });

  it('needs a session to make one, and is rate limited', async () => {
    const anonymous = bff.client();
    await anonymous.csrf();
    expect((await anonymous.post('/api/calendar/feed')).status).toBe(401);
    expect((await bff.client().get('/api/calendar/feed')).status).toBe(401);
    const { http } = await bff.signIn(DEMO_EMAILS.member);
    let last = 0;
    for (let i = 0; i < 21 && last !== 429; i++) last = (await http.post('/api/calendar/feed')).status;
    expect(last).toBe(429);
  });
});
