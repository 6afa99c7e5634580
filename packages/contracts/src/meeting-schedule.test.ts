import { describe, expect, it } from 'vitest';
import {
  describeWeekdays,
  isCalendarDay,
  meetingScheduleIssues,
  scheduleDays,
  type TMeetingSchedule,
} from './meeting-schedule.ts';

const weekly: TMeetingSchedule = {
  type: 'scheduled',
  day: '2026-05-11',
  hour: '10:00',
  durationHours: 1,
  durationMinutes: 30,
  recurrenceDays: [1, 3],
  repeatDays: 10,
};

describe('meeting schedule rules (spec §5, shared by core and the client form)', () => {
  it('accepts a complete schedule, and a permanent meeting without day or hour', () => {
    expect(meetingScheduleIssues(weekly, { today: '2026-05-11' })).toEqual({});
    expect(meetingScheduleIssues({ ...weekly, type: 'permanent', day: undefined, hour: undefined })).toEqual({});
  });

  it('names each field at fault, all at once', () => {
    expect(
      meetingScheduleIssues({ ...weekly, day: '', hour: '25:00', durationHours: 0, durationMinutes: 0, repeatDays: 0 }),
    ).toEqual({
      day: 'field.day',
      hour: 'field.hour',
      durationMinutes: 'field.duration',
      repeatDays: 'field.repeatDays',
    });
  });

  it('refuses a day before today only when told what today is (an edit may keep its own past day)', () => {
    expect(meetingScheduleIssues(weekly, { today: '2026-05-12' })).toEqual({ day: 'field.dayPast' });
    expect(meetingScheduleIssues(weekly)).toEqual({});
  });

  it('keeps a length within 24 hours and a repeat count within 1 to 100 only when it repeats', () => {
    expect(meetingScheduleIssues({ ...weekly, durationHours: 24, durationMinutes: 1 })).toEqual({
      durationMinutes: 'field.duration',
    });
    expect(meetingScheduleIssues({ ...weekly, durationHours: 24, durationMinutes: 0 })).toEqual({});
    expect(meetingScheduleIssues({ ...weekly, repeatDays: 101 })).toEqual({ repeatDays: 'field.repeatDays' });
    expect(meetingScheduleIssues({ ...weekly, repeatDays: 100 })).toEqual({});
  });

  it('wants exactly one end when days are picked (no silent default of one day), and none when not', () => {
    const sunToThu = { ...weekly, recurrenceDays: [0, 1, 2, 3, 4], repeatDays: undefined };
    expect(meetingScheduleIssues(sunToThu)).toEqual({ repeatEnd: 'field.repeatEnd' });
    expect(meetingScheduleIssues({ ...sunToThu, repeatDays: 20, repeatUntil: '2026-06-30' })).toEqual({
      repeatEnd: 'field.repeatEnd',
    });
    expect(meetingScheduleIssues({ ...sunToThu, repeatDays: 20 })).toEqual({});
    expect(meetingScheduleIssues({ ...sunToThu, repeatUntil: '2026-06-30' })).toEqual({});
    expect(meetingScheduleIssues({ ...weekly, recurrenceDays: [], repeatDays: 3 })).toEqual({
      recurrenceDays: 'field.recurrenceDays',
    });
    expect(meetingScheduleIssues({ ...weekly, recurrenceDays: [], repeatDays: undefined })).toEqual({});
  });

  it('refuses a last day that gives no meeting day, or more than 100, or is not a day', () => {
    const until = (repeatUntil: string) => meetingScheduleIssues({ ...weekly, repeatDays: undefined, repeatUntil });
    // Monday 2026-05-11, Mondays and Wednesdays: the 10th is before the first day, a year holds 104 of them
    expect(until('2026-05-10')).toEqual({ repeatUntil: 'field.repeatUntil' });
    expect(until('2026-05-11')).toEqual({});
    expect(until('2027-05-10')).toEqual({ repeatUntil: 'field.repeatUntil' });
    expect(until('2026-02-30')).toEqual({ repeatUntil: 'field.repeatUntil' });
  });

  it('lists the days a count or a last day gives: Sunday to Thursday, 20 days from Sunday 2026-11-29', () => {
    const sunToThu = { day: '2026-11-29', recurrenceDays: [0, 1, 2, 3, 4] };
    const twenty = scheduleDays({ ...sunToThu, repeatDays: 20 });
    expect(twenty).toHaveLength(20);
    expect(twenty.at(-1)).toBe('2026-12-24');
    expect(scheduleDays({ ...sunToThu, repeatUntil: '2026-12-24' })).toEqual(twenty);
    expect(scheduleDays({ ...sunToThu, repeatUntil: '2026-12-26' })).toEqual(twenty);
    expect(scheduleDays({ day: '2026-11-29', recurrenceDays: [] })).toEqual(['2026-11-29']);
  });

  it("says weekdays as runs in the reader's week: Sun–Thu, Mon, Wed, and a run across the week's end", () => {
    const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const en = { order: [1, 2, 3, 4, 5, 6, 0], range: '–', list: ', ' };
    expect(describeWeekdays([0, 1, 2, 3, 4], names, en)).toBe('Sun–Thu');
    expect(describeWeekdays([3, 1], names, en)).toBe('Mon, Wed');
    expect(describeWeekdays([5, 6, 0, 2], names, en)).toBe('Tue, Fri–Sun');
    expect(describeWeekdays([0, 1, 2, 3, 4, 5, 6], names, { ...en, order: [6, 0, 1, 2, 3, 4, 5] })).toBe('Sat–Fri');
    expect(describeWeekdays([0, 1], names, en)).toBe('Sun, Mon');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-5-1')).toBe(false);
  });
});
