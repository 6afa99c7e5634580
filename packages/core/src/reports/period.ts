import { REPORT_LIMITS, type ReportPeriod, type TReportRange, type TrendBucket } from '@majlis/contracts/reports';
import { type SQL, sql } from 'drizzle-orm';
import { AppError, invalid } from '../errors.ts';
import { addDays, isValidDay, todayIn, zonedToUtc } from '../meetings/time.ts';

/**
 * The period of a report: days `from`…`to` inclusive on the wall clock of the reader's profile time zone, as the
 * half-open instants [start, end) the queries compare `joined_at` with (midnight to midnight in that zone, so a
 * daylight-saving day is 23 or 25 hours long, as it was lived).
 *
 * Defaults: `to` is today in the zone; `from` is `to` − (REPORT_LIMITS.defaultDays − 1), so the default period is the
 * last 30 days with today included. Only `from` given: up to today. A day that is not in the calendar (2026-02-30) is
 * a 400 field error, and so is a day outside the years REPORT_LIMITS.firstYear…lastYear (year 9999's next midnight
 * is past what a timestamp holds); `to` before `from`, or more than REPORT_LIMITS.maxDays days, is 400 error.REPORT_RANGE.
 */
export interface Period extends ReportPeriod {
  start: Date;
  end: Date;
  /** Number of days, both ends included. */
  days: number;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export function resolvePeriod(range: TReportRange, timeZone: string, now = new Date()): Period {
  for (const field of ['from', 'to'] as const) {
    const day = range[field];
    if (day === undefined) continue;
    if (!isValidDay(day)) throw invalid({ [field]: 'field.day' });
    const year = Number(day.slice(0, 4));
    if (year < REPORT_LIMITS.firstYear || year > REPORT_LIMITS.lastYear) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        { [field]: 'field.reportDayBounds' },
        {
          first: REPORT_LIMITS.firstYear,
          last: REPORT_LIMITS.lastYear,
        },
      );
    }
  }
  const to = range.to ?? todayIn(timeZone, now);
  const from = range.from ?? addDays(to, -(REPORT_LIMITS.defaultDays - 1));
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1 || days > REPORT_LIMITS.maxDays) throw new AppError(400, 'REPORT_RANGE');
  return {
    from,
    to,
    timeZone,
    days,
    start: zonedToUtc(from, '00:00', timeZone),
    end: zonedToUtc(addDays(to, 1), '00:00', timeZone),
  };
}

export const periodView = (p: Period): ReportPeriod => ({ from: p.from, to: p.to, timeZone: p.timeZone });

/** Trend granularity from the length of the period: days up to 62 days, weeks up to 182, months beyond. */
export function bucketOf(p: Pick<Period, 'days'>): TrendBucket {
  return p.days <= 62 ? 'day' : p.days <= 182 ? 'week' : 'month';
}

/**
 * The first day of every bucket of the period, in order (each is present in a trend even when nothing happened).
 * Days: every day. Weeks: 7-day blocks counted from `from` (the week start is neither Saturday, Sunday nor Monday
 * but the period's own first day, so no bucket is cut short at the start; the last may be shorter). Months: calendar
 * months, the first one starting at `from` (it may start mid-month), then the 1st of each month up to `to`.
 */
export function bucketStarts(p: Period, bucket: TrendBucket): string[] {
  const out: string[] = [];
  if (bucket === 'day' || bucket === 'week') {
    const step = bucket === 'day' ? 1 : 7;
    for (let i = 0; i < p.days; i += step) out.push(addDays(p.from, i));
    return out;
  }
  out.push(p.from);
  let [y, m] = p.from.split('-').map(Number) as [number, number];
  for (;;) {
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    const first = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
    if (first > p.to) return out;
    out.push(first);
  }
}

/**
 * SQL: the bucket index (0-based, the position in bucketStarts) of an instant column. The buckets' first instants
 * (local midnights, daylight saving included, computed here) go to width_bucket, a binary search per row, instead of
 * a time-zone conversion of every stay in the database. Instants are in the period, so the index is in the list.
 */
export function bucketIndexSql(p: Period, bucket: TrendBucket, instant: SQL): SQL<number> {
  const bounds = bucketStarts(p, bucket).map((day) => zonedToUtc(day, '00:00', p.timeZone).toISOString());
  return sql<number>`(width_bucket(${instant}, ${`{${bounds.join(',')}}`}::timestamptz[]) - 1)`;
}
