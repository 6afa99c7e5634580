import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import type { meetingOccurrences } from '../db/schema/index.ts';
import { type IcsOptions, invitationIcs } from './ics.ts';
import type { MeetingRow } from './meeting-access.ts';
import { expandOccurrences, localParts } from './time.ts';

type Occurrence = typeof meetingOccurrences.$inferSelect;

const config = { publicUrl: 'https://majlis.example' } as Config;
const CAIRO = 'Africa/Cairo';

function meeting(over: Partial<MeetingRow> = {}): MeetingRow {
  return {
    id: '7b0f1c52-5d5e-4d8e-9a39-0c6f3c0f2a11',
    number: '1234567890',
    name: 'Weekly sync',
    description: '',
    status: 'available',
    kind: 'scheduled',
    timeZone: CAIRO,
    durationMinutes: 60,
    recurrenceDays: [],
    repeatDays: 1,
    startsAt: null,
    createdAt: new Date('2026-04-01T09:00:00Z'),
    updatedAt: new Date('2026-04-01T09:00:00Z'),
    ...over,
  } as MeetingRow;
}

/** Rows as the meeting service stores them: one per day, named by its original start. */
function occurrencesOf(starts: Date[], minutes = 60): Occurrence[] {
  return starts.map((s, i) => ({
    id: `occ-${i}`,
    meetingId: 'm',
    originalStartsAt: s,
    startsAt: s,
    endsAt: new Date(+s + minutes * 60_000),
    cancelled: false,
    edited: false,
    createdAt: s,
  }));
}

const render = async (m: MeetingRow, rows: Occurrence[], opts: IcsOptions = {}) => invitationIcs(config, m, rows, opts);

interface Instance {
  start: Date;
  end: Date;
  /** Hour and minute as the calendar shows them in the event's own zone. */
  wall: string;
  summary: string;
}

/** Reads the .ics as a calendar app does: its VTIMEZONE, the master event, its overrides, the expanded set. */
function expand(text: string): { calendar: ICAL.Component; instances: Instance[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const master = events.find((e) => !e.isRecurrenceException());
  if (!master) throw new Error('no master VEVENT');
  for (const e of events) if (e.isRecurrenceException()) master.relateException(e);
  const instance = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Event): Instance => ({
    start: start.toJSDate(),
    end: end.toJSDate(),
    wall: `${String(start.hour).padStart(2, '0')}:${String(start.minute).padStart(2, '0')}`,
    summary: item.summary,
  });
  if (!master.isRecurring()) return { calendar, instances: [instance(master.startDate, master.endDate, master)] };
  const instances: Instance[] = [];
  const it = master.iterator();
  for (let next = it.next(); next && instances.length < 500; next = it.next()) {
    const d = master.getOccurrenceDetails(next);
    instances.push(instance(d.startDate, d.endDate, d.item));
  }
  return { calendar, instances };
}

afterEach(() => ICAL.TimezoneService.reset());

describe('meeting invitation (.ics)', () => {
  it('keeps a weekly Thursday 10:00 Cairo meeting at 10:00 local on both sides of both daylight-saving changes', async () => {
    // from 9 Apr 2026, 32 Thursdays: EEST starts 24 Apr and ends 29 Oct (the last Thursday of October)
    const spec = { day: '2026-04-09', hour: '10:00', timeZone: CAIRO, recurrenceDays: [4], repeatDays: 32 };
    const starts = expandOccurrences(spec);
    const text = await render(
      meeting({ recurrenceDays: [4], repeatDays: 32, startsAt: starts[0] }),
      occurrencesOf(starts),
    );
    const { instances } = expand(text);
    expect(instances.map((i) => i.start.toISOString())).toEqual(starts.map((s) => s.toISOString()));
    for (const i of instances) {
      expect(localParts(i.start, CAIRO)).toMatchObject({ hour: '10:00', weekday: 4 });
      expect(i.wall).toBe('10:00');
      expect(+i.end - +i.start).toBe(3600_000);
    }
    const at = (day: string) => instances.find((i) => localParts(i.start, CAIRO).day === day)?.start.toISOString();
    expect(at('2026-04-23')).toBe('2026-04-23T08:00:00.000Z');
    expect(at('2026-04-30')).toBe('2026-04-30T07:00:00.000Z');
    expect(at('2026-05-07')).toBe('2026-05-07T07:00:00.000Z');
    expect(at('2026-10-29')).toBe('2026-10-29T07:00:00.000Z');
    expect(at('2026-11-05')).toBe('2026-11-05T08:00:00.000Z');
    expect(text).toContain('DTSTART;TZID=Africa/Cairo:20260409T100000');
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Africa\/Cairo\r\n/);
  });

  it('leaves out a cancelled day and shows a moved day at its new time', async () => {
    const starts = expandOccurrences({
      day: '2026-04-19',
      hour: '18:30',
      timeZone: CAIRO,
      recurrenceDays: [0, 2, 4],
      repeatDays: 6,
    });
    const rows = occurrencesOf(starts, 45);
    const cancelled = rows[1] as Occurrence;
    cancelled.cancelled = true;
    const moved = rows[3] as Occurrence; // 26 Apr (EEST), moved to 20:00 local for 90 minutes
    moved.edited = true;
    moved.startsAt = new Date('2026-04-26T17:00:00Z');
    moved.endsAt = new Date('2026-04-26T18:30:00Z');
    const m = meeting({ recurrenceDays: [0, 2, 4], repeatDays: 6, durationMinutes: 45, startsAt: starts[0] });
    const { instances } = expand(await render(m, rows));
    const expected = rows.filter((r) => !r.cancelled).map((r) => [r.startsAt.toISOString(), r.endsAt.toISOString()]);
    expect(instances.map((i) => [i.start.toISOString(), i.end.toISOString()])).toEqual(expected);
    expect(instances.map((i) => i.wall)).toEqual(['18:30', '18:30', '20:00', '18:30', '18:30']);
  });

  it('writes a one-day meeting as a single event in its own zone', async () => {
    const [start] = expandOccurrences({
      day: '2026-07-02',
      hour: '09:15',
      timeZone: CAIRO,
      recurrenceDays: [],
      repeatDays: 1,
    });
    const text = await render(
      meeting({ startsAt: start as Date, durationMinutes: 30 }),
      occurrencesOf([start as Date], 30),
    );
    expect(text).not.toContain('RRULE');
    const { instances } = expand(text);
    expect(instances).toHaveLength(1);
    expect(instances[0]?.start.toISOString()).toBe('2026-07-02T06:15:00.000Z');
    expect(instances[0]?.wall).toBe('09:15');
    expect(+(instances[0]?.end ?? 0) - +(instances[0]?.start ?? 0)).toBe(30 * 60_000);
  });

  it('repeats on several weekdays near midnight across the spring change in New York', async () => {
    // Sunday to Thursday at 23:30: the UTC day is the next one, and 8 Mar 2026 changes EST to EDT
    const tz = 'America/New_York';
    const spec = { day: '2026-03-01', hour: '23:30', timeZone: tz, recurrenceDays: [0, 1, 2, 3, 4], repeatDays: 12 };
    const starts = expandOccurrences(spec);
    const m = meeting({ timeZone: tz, recurrenceDays: spec.recurrenceDays, repeatDays: 12, startsAt: starts[0] });
    const { instances } = expand(await render(m, occurrencesOf(starts)));
    expect(instances.map((i) => i.start.toISOString())).toEqual(starts.map((s) => s.toISOString()));
    for (const i of instances) expect(localParts(i.start, tz).hour).toBe('23:30');
  });

  it('lists the stored days when they no longer follow one weekly rule (a rule edited after some days passed)', async () => {
    // two past Mondays at 10:00, then the rule became Wednesdays at 12:00
    const before = expandOccurrences({
      day: '2026-04-06',
      hour: '10:00',
      timeZone: CAIRO,
      recurrenceDays: [1],
      repeatDays: 2,
    });
    const after = expandOccurrences({
      day: '2026-04-15',
      hour: '12:00',
      timeZone: CAIRO,
      recurrenceDays: [3],
      repeatDays: 3,
    });
    const starts = [...before, ...after];
    const m = meeting({ recurrenceDays: [3], repeatDays: 3, startsAt: starts[0] });
    const { instances } = expand(await render(m, occurrencesOf(starts)));
    expect(instances.map((i) => i.start.toISOString())).toEqual(starts.map((s) => s.toISOString()));
  });

  it('escapes text (commas, semicolons, backslashes, new lines, Arabic) and folds long lines by octets', async () => {
    const name = 'اجتماع الفريق; المرحلة 2, "التخطيط" \\ مراجعة';
    const description = 'جدول الأعمال:\n1) الميزانية، الخطة; المتابعة\n2) أسئلة, تعليقات '.repeat(3);
    const [start] = expandOccurrences({
      day: '2026-05-05',
      hour: '11:00',
      timeZone: CAIRO,
      recurrenceDays: [],
      repeatDays: 1,
    });
    const m = meeting({ name, description, startsAt: start as Date });
    const text = await render(m, occurrencesOf([start as Date]), {
      method: 'REQUEST',
      organizer: { name: 'هدى، المنظمة', email: 'huda@demo.test' },
      attendee: 'guest@example.test',
    });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.endsWith('\r\n')).toBe(true);
    const { calendar, instances } = expand(text);
    const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
    expect(instances[0]?.summary).toBe(name);
    expect(event.getFirstPropertyValue('description')).toBe(
      `${description}\n\nhttps://majlis.example/join/1234567890\n\n#1234567890`,
    );
    expect(event.getFirstPropertyValue('location')).toBe('https://majlis.example/join/1234567890');
    expect(String(event.getFirstPropertyValue('url'))).toBe('https://majlis.example/join/1234567890');
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const organizer = event.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe('هدى، المنظمة');
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe('mailto:huda@demo.test');
    expect(String(event.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:guest@example.test');
    expect(event.getFirstPropertyValue('uid')).toBe('7b0f1c52-5d5e-4d8e-9a39-0c6f3c0f2a11@majlis.example');
  });

  it('publishes by default and marks a deleted meeting cancelled', async () => {
    const [start] = expandOccurrences({
      day: '2026-05-05',
      hour: '11:00',
      timeZone: CAIRO,
      recurrenceDays: [],
      repeatDays: 1,
    });
    const text = await render(meeting({ status: 'deleted', startsAt: start as Date }), occurrencesOf([start as Date]), {
      now: new Date('2026-05-01T12:00:00Z'),
    });
    const { calendar } = expand(text);
    const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(String(event.getFirstPropertyValue('dtstamp'))).toBe('2026-05-01T12:00:00Z');
  });
});
