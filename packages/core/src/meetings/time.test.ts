import { describe, expect, it } from 'vitest';
import {
  addDays,
  expandOccurrences,
  isValidDay,
  isValidTimeZone,
  localParts,
  todayIn,
  weekdayOf,
  zonedToUtc,
} from './time.ts';

const iso = (d: Date) => d.toISOString();

describe('zonedToUtc', () => {
  it('follows Cairo across its 2026 daylight-saving changes (EET +02, EEST +03 from 24 Apr to 29 Oct)', () => {
    expect(iso(zonedToUtc('2026-04-23', '10:00', 'Africa/Cairo'))).toBe('2026-04-23T08:00:00.000Z');
    expect(iso(zonedToUtc('2026-04-30', '10:00', 'Africa/Cairo'))).toBe('2026-04-30T07:00:00.000Z');
    expect(iso(zonedToUtc('2026-10-29', '10:00', 'Africa/Cairo'))).toBe('2026-10-29T07:00:00.000Z');
    expect(iso(zonedToUtc('2026-11-05', '10:00', 'Africa/Cairo'))).toBe('2026-11-05T08:00:00.000Z');
  });

  it('moves a wall-clock time skipped by the change forward by the gap (RFC 5545 §3.3.5)', () => {
    // Cairo: 24 Apr 2026 00:00 → 01:00, so 00:30 does not exist and means 01:30 EEST
    expect(iso(zonedToUtc('2026-04-24', '00:30', 'Africa/Cairo'))).toBe('2026-04-23T22:30:00.000Z');
    expect(localParts(zonedToUtc('2026-04-24', '00:30', 'Africa/Cairo'), 'Africa/Cairo').hour).toBe('01:30');
    // New York: 8 Mar 2026 02:00 → 03:00, so 02:30 means 03:30 EDT
    expect(iso(zonedToUtc('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(localParts(zonedToUtc('2026-03-08', '02:30', 'America/New_York'), 'America/New_York').hour).toBe('03:30');
  });

  it('takes the first of a wall-clock time that happens twice', () => {
    // Cairo: 29 Oct 2026 24:00 EEST → 23:00 EET, so 23:30 happens at +03 and again at +02
    expect(iso(zonedToUtc('2026-10-29', '23:30', 'Africa/Cairo'))).toBe('2026-10-29T20:30:00.000Z');
    // New York: 1 Nov 2026 02:00 EDT → 01:00 EST
    expect(iso(zonedToUtc('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('gives an Invalid Date for a malformed day or hour instead of throwing', () => {
    expect(Number.isNaN(+zonedToUtc('2026-02-30', '10:00', 'Africa/Cairo'))).toBe(true);
    expect(Number.isNaN(+zonedToUtc('2026-02-10', '25:00', 'Africa/Cairo'))).toBe(true);
    expect(Number.isNaN(+zonedToUtc('soon', '10:00', 'Africa/Cairo'))).toBe(true);
  });
});

describe('localParts and days', () => {
  it('reads the wall clock of an instant, including the weekday across UTC midnight', () => {
    // 23:30 UTC on a Wednesday is already Thursday 01:30 in Cairo (winter)
    expect(localParts(new Date('2026-01-07T23:30:00Z'), 'Africa/Cairo')).toEqual({
      day: '2026-01-08',
      hour: '01:30',
      weekday: 4,
    });
    expect(localParts(new Date('2026-01-04T03:00:00Z'), 'America/New_York')).toEqual({
      day: '2026-01-03',
      hour: '22:00',
      weekday: 6,
    });
    expect(todayIn('Asia/Riyadh', new Date('2026-05-31T21:30:00Z'))).toBe('2026-06-01');
  });

  it('adds days across months and leap years, and checks days and zones', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-04-09')).toBe(4);
    expect(isValidDay('2026-02-29')).toBe(false);
    expect(isValidDay('2028-02-29')).toBe(true);
    expect(isValidDay('2026-4-9')).toBe(false);
    expect(isValidTimeZone('Africa/Cairo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('expandOccurrences', () => {
  const weekly = { day: '2026-04-09', hour: '10:00', timeZone: 'Africa/Cairo', recurrenceDays: [4] };

  it('keeps 10:00 local on every day, so the UTC instant moves with daylight saving', () => {
    const days = expandOccurrences({ ...weekly, repeatDays: 6 });
    expect(days.map(iso)).toEqual([
      '2026-04-09T08:00:00.000Z',
      '2026-04-16T08:00:00.000Z',
      '2026-04-23T08:00:00.000Z',
      '2026-04-30T07:00:00.000Z',
      '2026-05-07T07:00:00.000Z',
      '2026-05-14T07:00:00.000Z',
    ]);
  });

  it('counts meeting days, not weeks, and starts at the first matching weekday on or after the day', () => {
    // from Wednesday 2026-04-08, Sunday to Thursday (the working week in Egypt), 7 days
    const days = expandOccurrences({ ...weekly, day: '2026-04-08', recurrenceDays: [0, 1, 2, 3, 4], repeatDays: 7 });
    expect(days.map((d) => localParts(d, 'Africa/Cairo').day)).toEqual([
      '2026-04-08',
      '2026-04-09',
      '2026-04-12',
      '2026-04-13',
      '2026-04-14',
      '2026-04-15',
      '2026-04-16',
    ]);
    // a Saturday start with Monday only: the first day is the following Monday
    const monday = expandOccurrences({ ...weekly, day: '2026-04-11', recurrenceDays: [1], repeatDays: 2 });
    expect(monday.map((d) => localParts(d, 'Africa/Cairo').day)).toEqual(['2026-04-13', '2026-04-20']);
  });

  it('gives one day without recurrence, none without an end, and at most maxCount days', () => {
    expect(expandOccurrences({ ...weekly, recurrenceDays: [], repeatDays: 30 }).map(iso)).toEqual([
      '2026-04-09T08:00:00.000Z',
    ]);
    expect(expandOccurrences({ ...weekly, repeatDays: 0 })).toHaveLength(0);
    expect(expandOccurrences({ ...weekly })).toHaveLength(0);
    expect(expandOccurrences({ ...weekly, recurrenceDays: [0, 1, 2, 3, 4, 5, 6], repeatDays: 500 })).toHaveLength(100);
    expect(expandOccurrences({ ...weekly, repeatDays: 10 }, 3)).toHaveLength(3);
  });

  it('ends on a last day instead of a count: every matching day up to it, that day included', () => {
    const days = expandOccurrences({
      ...weekly,
      day: '2026-04-08',
      recurrenceDays: [0, 1, 2, 3, 4],
      repeatUntil: '2026-04-16',
    });
    expect(days.map((d) => localParts(d, 'Africa/Cairo').day)).toEqual([
      '2026-04-08',
      '2026-04-09',
      '2026-04-12',
      '2026-04-13',
      '2026-04-14',
      '2026-04-15',
      '2026-04-16',
    ]);
    expect(expandOccurrences({ ...weekly, repeatUntil: '2026-04-08' })).toHaveLength(0);
  });
});
