import { DAY_PATTERN, HOUR_PATTERN } from './common.ts';
import { MEETING_LIMITS, type TMeetingBody } from './meetings.ts';

/** The fields of a meeting body these rules read (defaults already filled in, as ZMeetingBody outputs them). */
export type TMeetingSchedule = Pick<
  TMeetingBody,
  'type' | 'day' | 'hour' | 'durationHours' | 'durationMinutes' | 'recurrenceDays' | 'repeatDays'
>;
export type TMeetingScheduleField = 'day' | 'hour' | 'durationMinutes' | 'repeatDays';

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/**
 * Spec §5 rules that tie meeting fields together, which ZMeetingBody (one field at a time) cannot say: a scheduled
 * meeting needs a day and an hour, not before `today` (the user's day, 'YYYY-MM-DD' in their time zone; left out
 * when an edit keeps its past day), a length above zero and up to 24 hours, and a day count when it repeats.
 * Core's save-meeting and the client's meeting form both ask this function, so they refuse the same bodies.
 * Returns field → catalog id; empty when the schedule is fine.
 */
export function meetingScheduleIssues(
  input: TMeetingSchedule,
  opts: { today?: string } = {},
): Partial<Record<TMeetingScheduleField, string>> {
  const fields: Partial<Record<TMeetingScheduleField, string>> = {};
  const minutes = input.durationHours * 60 + input.durationMinutes;
  if (!(minutes > 0 && minutes <= MEETING_LIMITS.durationHours.max * 60)) fields.durationMinutes = 'field.duration';
  if (input.type === 'scheduled') {
    if (!input.day || !isCalendarDay(input.day)) fields.day = 'field.day';
    else if (opts.today && input.day < opts.today) fields.day = 'field.dayPast';
    if (!input.hour || !HOUR_PATTERN.test(input.hour)) fields.hour = 'field.hour';
    const { min, max } = MEETING_LIMITS.repeatDays;
    if (input.recurrenceDays.length && !(input.repeatDays >= min && input.repeatDays <= max)) {
      fields.repeatDays = 'field.repeatDays';
    }
  }
  return fields;
}
