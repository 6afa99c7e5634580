import type { Locale } from '@majlis/i18n';
import { formatMoment, formatNumber, intlLocale, viewZone } from '../../lib/format.ts';

/** The one clock when the account has not told us the user's zone yet: the profile's as last known, else the device's. */
export function browserTimeZone(): string {
  return viewZone();
}

/** 'YYYY-MM-DD' of `date` on the wall clock of `timeZone` (for the day input's minimum, spec §5). */
export function dayIn(timeZone: string, date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** How a meeting's start is written: 'Tue, 24 Nov 2026, 10:00' (the card, the calendar, the join page). */
export const MEETING_MOMENT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** A moment on the one clock (the profile's zone), the zone named when the device's clock differs: '… 10:00 (توقيت مصر)'. */
export function formatWhen(locale: Locale, iso: string, timeZone: string, opts?: Intl.DateTimeFormatOptions): string {
  const options: Intl.DateTimeFormatOptions = { ...MEETING_MOMENT, ...opts };
  // A day alone (no hour asked) has no clock to name.
  return options.hour === undefined && options.timeStyle === undefined
    ? new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone }).format(new Date(iso))
    : formatMoment(locale, iso, options, timeZone);
}

/**
 * Bytes in the largest unit that keeps the number readable (kB … GB), with Intl's unit names: the one spelling of the
 * catalogs, 'GB' in English and 'غيغابايت' in Arabic (Intl's short Arabic 'غ.ب' is not used anywhere else).
 */
export function formatBytes(locale: Locale, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = Math.max(0, bytes);
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return formatNumber(locale, value, {
    style: 'unit',
    unit: units[i],
    // Bytes are spelt out in English too: the short form read "0 byte of 10 GB" (issue 26); "0 bytes", "1 byte".
    unitDisplay: locale === 'ar' || i === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && i > 0 ? 1 : 0,
  });
}

/** Weekday names in the active language, index 0 = Sunday (the API's recurrenceDays). */
export function weekdayNames(locale: Locale, width: 'long' | 'short' = 'long'): string[] {
  const f = new Intl.DateTimeFormat(intlLocale(locale), { weekday: width, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, d) => f.format(new Date(Date.UTC(2023, 0, 1 + d))));
}

/** The order weekdays are shown in: Saturday first in Arabic (as the calendar's `ar` locale), Monday in English. */
export function weekdayOrder(locale: Locale): number[] {
  const first = locale === 'ar' ? 6 : 1;
  return Array.from({ length: 7 }, (_, i) => (first + i) % 7);
}
