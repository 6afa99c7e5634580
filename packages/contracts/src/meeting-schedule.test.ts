import { describe, expect, it } from 'vitest';
import { isCalendarDay, meetingScheduleIssues, type TMeetingSchedule } from './meeting-schedule.ts';

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
    expect(meetingScheduleIssues({ ...weekly, recurrenceDays: [], repeatDays: 101 })).toEqual({});
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-5-1')).toBe(false);
  });
});
