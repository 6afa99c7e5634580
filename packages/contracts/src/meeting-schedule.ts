import { DAY_PATTERN, HOUR_PATTERN } from './common.ts';
import { MEETING_LIMITS, type TMeetingBody } from './meetings.ts';

/** The fields of a meeting body these rules read (defaults already filled in, as ZMeetingBody outputs them). */
export type TMeetingSchedule = Pick<
  TMeetingBody,
  'type' | 'day' | 'hour' | 'durationHours' | 'durationMinutes' | 'recurrenceDays' | 'repeatDays' | 'repeatUntil'
>;
export type TMeetingScheduleField =
  | 'day'
  | 'hour'
  | 'durationMinutes'
  | 'recurrenceDays'
  | 'repeatEnd'
  | 'repeatDays'
  | 'repeatUntil';

/** 'YYYY-MM-DD' plus `n` days (calendar days: no time zone involved). */
export function addCalendarDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday of a 'YYYY-MM-DD'. */
export const weekdayOfDay = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The meeting days of a schedule, as local days 'YYYY-MM-DD' (the organiser's wall clock): the day alone when it does
 * not repeat; else, from `day` on, the days whose weekday is in `recurrenceDays`, either the first `repeatDays` of them
 * or all of them up to `repeatUntil` (inclusive). At most `max` + 1 days are listed, so a caller can tell "too many".
 * Core stores exactly these days (at the meeting's hour) and the form's summary counts them: one function for both.
 */
export function scheduleDays(
  s: { day: string; recurrenceDays: readonly number[]; repeatDays?: number; repeatUntil?: string },
  max: number = MEETING_LIMITS.repeatDays.max,
): string[] {
  if (!s.recurrenceDays.length) return [s.day];
  const wanted = new Set(s.recurrenceDays);
  const count = s.repeatUntil !== undefined ? max + 1 : Math.min(Math.max(s.repeatDays ?? 0, 0), max + 1);
  const out: string[] = [];
  for (let i = 0; out.length < count && i < 7 * (count + 1); i++) {
    const day = addCalendarDays(s.day, i);
    if (s.repeatUntil !== undefined && day > s.repeatUntil) break;
    if (wanted.has(weekdayOfDay(day))) out.push(day);
  }
  return out;
}

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/**
 * Spec §5 rules that tie meeting fields together, which ZMeetingBody (one field at a time) cannot say: a scheduled
 * meeting needs a day and an hour, not before `today` (the user's day, 'YYYY-MM-DD' in their time zone; left out
 * when an edit keeps its past day), a length above zero and up to 24 hours, and exactly one end when it repeats (a
 * count of 1 to 100 days, or a last day that gives 1 to 100 of them); no end when it does not.
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
    Object.assign(fields, repeatEndIssues(input));
  }
  return fields;
}

/** The end of a repetition: one of `repeatDays` and `repeatUntil` when days are picked, neither when not. */
function repeatEndIssues(input: TMeetingSchedule): Partial<Record<TMeetingScheduleField, string>> {
  const hasCount = input.repeatDays !== undefined;
  const hasUntil = input.repeatUntil !== undefined;
  if (!input.recurrenceDays.length) return hasCount || hasUntil ? { recurrenceDays: 'field.recurrenceDays' } : {};
  if (hasCount === hasUntil) return { repeatEnd: 'field.repeatEnd' };
  const { min, max } = MEETING_LIMITS.repeatDays;
  if (hasCount)
    return (input.repeatDays as number) >= min && (input.repeatDays as number) <= max
      ? {}
      : { repeatDays: 'field.repeatDays' };
  const until = input.repeatUntil as string;
  if (!isCalendarDay(until)) return { repeatUntil: 'field.repeatUntil' };
  if (!input.day || !isCalendarDay(input.day)) return {};
  const n = scheduleDays({ day: input.day, recurrenceDays: input.recurrenceDays, repeatUntil: until }).length;
  return n >= min && n <= max ? {} : { repeatUntil: 'field.repeatUntil' };
}

/**
 * Weekdays as a reader says them, shared by the card, the form's summary and the invitation e-mail: runs of three or
 * more days in a row (the week read as a circle, so Sunday to Thursday is one run) become a range ("Sun–Thu"), the
 * others are listed; runs start in the reader's week order (`order`, e.g. Saturday first in Arabic). `names` is
 * indexed 0 = Sunday.
 */
export function describeWeekdays(
  days: readonly number[],
  names: readonly string[],
  opts: { order: readonly number[]; range: string; list: string },
): string {
  const set = new Set(days);
  if (set.size === 7) return `${names[opts.order[0] as number]}${opts.range}${names[opts.order[6] as number]}`;
  const parts: string[] = [];
  for (const d of opts.order) {
    if (!set.has(d) || set.has((d + 6) % 7)) continue;
    let end = d;
    while (set.has((end + 1) % 7)) end = (end + 1) % 7;
    const length = ((end - d + 7) % 7) + 1;
    if (length >= 3) parts.push(`${names[d]}${opts.range}${names[end]}`);
    else for (let i = 0; i < length; i++) parts.push(names[(d + i) % 7] as string);
  }
  return parts.join(opts.list);
}
