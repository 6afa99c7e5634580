import { scheduleDays } from '@majlis/contracts/meeting-schedule';
import { Temporal } from 'temporal-polyfill';

/**
 * Local day/hour in an IANA zone ↔ UTC instants (recurrences expand in the organiser's zone). Temporal does the zone
 * arithmetic, so a wall-clock time that falls into a daylight-saving change is resolved the way RFC 5545 §3.3.5 (and
 * every calendar reading our .ics) resolves it: a time skipped by the change moves forward by the gap, a time that
 * happens twice is the first one ('compatible').
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM-DD' + 'HH:mm' on the wall clock of `timeZone` → the UTC instant. A malformed day or hour gives an Invalid
 * Date rather than Temporal's RangeError: callers check `Number.isNaN(+date)` and answer 400.
 */
export function zonedToUtc(day: string, hour: string, timeZone: string): Date {
  try {
    return new Date(zonedDateTime(day, hour, timeZone).epochMilliseconds);
  } catch {
    return new Date(Number.NaN);
  }
}

/** The same, as a Temporal.ZonedDateTime (the .ics writer keeps the zone). */
export function zonedDateTime(day: string, hour: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.PlainDateTime.from(`${day}T${hour}`).toZonedDateTime(timeZone, { disambiguation: 'compatible' });
}

/** An instant on the wall clock of `timeZone`. */
export function inZone(date: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(timeZone);
}

/** The wall-clock day ('YYYY-MM-DD'), hour ('HH:mm') and weekday (0 = Sunday) of an instant in `timeZone`. */
export function localParts(date: Date, timeZone: string) {
  const z = inZone(date, timeZone);
  return { day: z.toPlainDate().toString(), hour: `${pad(z.hour)}:${pad(z.minute)}`, weekday: z.dayOfWeek % 7 };
}

export const todayIn = (timeZone: string, now = new Date()) => localParts(now, timeZone).day;

export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function isValidDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Start instants of a scheduled meeting: one day, or the days of its recurrence (a count, or up to a last day), from
 * `day` on. The days are the contract's scheduleDays, which the meeting form counts for its summary too.
 */
export function expandOccurrences(
  spec: {
    day: string;
    hour: string;
    timeZone: string;
    recurrenceDays: number[];
    repeatDays?: number;
    repeatUntil?: string;
  },
  maxCount = 100,
): Date[] {
  return scheduleDays(spec, maxCount)
    .slice(0, maxCount)
    .map((day) => zonedToUtc(day, spec.hour, spec.timeZone));
}
