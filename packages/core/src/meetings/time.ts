/** Local day/hour in an IANA zone ↔ UTC instants, with Intl only (recurrences expand in the organiser's zone). */

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

function wallClock(date: Date, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

function offsetMs(date: Date, timeZone: string): number {
  const w = wallClock(date, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(date.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' + 'HH:mm' on the wall clock of `timeZone` → the UTC instant. */
export function zonedToUtc(day: string, hour: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = hour.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, h, mi);
  const first = offsetMs(new Date(guess), timeZone);
  let t = guess - first;
  const second = offsetMs(new Date(t), timeZone);
  if (second !== first) t = guess - second;
  return new Date(t);
}

/** The wall-clock day ('YYYY-MM-DD'), hour ('HH:mm') and weekday (0 = Sunday) of an instant in `timeZone`. */
export function localParts(date: Date, timeZone: string) {
  const w = wallClock(date, timeZone);
  const day = `${w.y}-${pad(w.m)}-${pad(w.d)}`;
  return { day, hour: `${pad(w.h)}:${pad(w.mi)}`, weekday: weekdayOf(day) };
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

/** Start instants of a scheduled meeting: one day, or `count` days whose weekday is in `weekdays`, from `day` on. */
export function expandOccurrences(
  spec: { day: string; hour: string; timeZone: string; recurrenceDays: number[]; repeatDays: number },
  maxCount = 100,
): Date[] {
  if (!spec.recurrenceDays.length) return [zonedToUtc(spec.day, spec.hour, spec.timeZone)];
  const wanted = new Set(spec.recurrenceDays);
  const count = Math.min(Math.max(spec.repeatDays, 1), maxCount);
  const out: Date[] = [];
  for (let i = 0; out.length < count && i < 7 * (count + 1); i++) {
    const day = addDays(spec.day, i);
    if (wanted.has(weekdayOf(day))) out.push(zonedToUtc(day, spec.hour, spec.timeZone));
  }
  return out;
}
