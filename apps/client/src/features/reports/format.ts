import type { Locale } from '@majlis/i18n';
import { formatNumber, intlLocale } from '../../lib/format.ts';

/** Report numbers and dates in the reader's language (Arabic-Indic digits in Arabic), dates in the profile zone. */

export const num = (locale: Locale, n: number, opts?: Intl.NumberFormatOptions) => formatNumber(locale, n, opts);

/** Hours with one decimal at most: 1.5, 12. */
export const hours = (locale: Locale, n: number) => formatNumber(locale, n, { maximumFractionDigits: 1 });

/** '25 Nov 2026' for a 'YYYY-MM-DD' day (already a day of the profile zone: formatted as is, in UTC). */
export function dayText(locale: Locale, day: string, opts?: Intl.DateTimeFormatOptions): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...opts,
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/** A trend bucket's label: its day, the week starting that day, or its month. */
export function bucketText(locale: Locale, start: string, bucket: 'day' | 'week' | 'month'): string {
  if (bucket === 'month') return dayText(locale, start, { day: undefined, month: 'short', year: 'numeric' });
  return dayText(locale, start, { year: undefined });
}

/** A moment in the profile zone: date and time, or time only. */
export function momentText(locale: Locale, iso: string, timeZone: string, withDate = true): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone,
    ...(withDate ? { day: 'numeric', month: 'short', year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** Percent with one decimal at most, from a 0…100 value. */
export const percentText = (locale: Locale, value: number) =>
  formatNumber(locale, value / 100, { style: 'percent', maximumFractionDigits: 1 });
