import {
  type DigitStyle,
  dateOptions,
  digitStyleOf,
  formatHijri,
  formatHijriSpan,
  formatMoney as formatMoneyIn,
  formatReference as formatReferenceIn,
  intlLocale as intlLocaleIn,
  isolateLtr,
  keepLtrOrder,
  type Locale,
  toAsciiDigits,
  toDigitStyle,
  type ZoneOption,
  zoneName,
  zoneOptions,
} from '@majlis/i18n';
import { useSyncExternalStore } from 'react';
import { readLocal, writeLocal } from './storage.ts';

/**
 * The one place the client turns numbers, dates and times into text (DESIGN §11): in the reader's language, in the
 * digit style of their profile (Arabic-Indic or Latin, one per user, on every page), and times in one clock, the
 * profile's zone for a signed-in user. The dashboard sets both from the user info (`setReaderPrefs`); a visitor gets
 * their language's digits and their device's zone. Components re-render on a change through `useLanguage`.
 */

export { isolateLtr, joinParts, SEPARATOR } from '@majlis/i18n';

export const DIGITS_KEY = 'MajlisDigits';
export const ZONE_KEY = 'MajlisZone';
export const HIJRI_KEY = 'MajlisHijri';

interface Prefs {
  digits: DigitStyle | null;
  timeZone: string | null;
  /** The Hijri (Umm al-Qura) date beside the Gregorian one (a profile choice). */
  hijri: boolean;
}

function storedDigits(): DigitStyle | null {
  const v = readLocal(DIGITS_KEY);
  return v === 'arab' || v === 'latn' ? v : null;
}

let prefs: Prefs = { digits: storedDigits(), timeZone: readLocal(ZONE_KEY), hijri: readLocal(HIJRI_KEY) === '1' };
const listeners = new Set<() => void>();

/**
 * The signed-in reader's choices (null: signed out), remembered on this device so a page opened outside the dashboard
 * (the join page) shows the same digits and clock.
 */
export function setReaderPrefs(next: Partial<Prefs>): void {
  const merged = { ...prefs, ...next };
  if (merged.digits === prefs.digits && merged.timeZone === prefs.timeZone && merged.hijri === prefs.hijri) return;
  prefs = merged;
  writeLocal(DIGITS_KEY, merged.digits);
  writeLocal(ZONE_KEY, merged.timeZone);
  writeLocal(HIJRI_KEY, merged.hijri ? '1' : null);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when the reader's digit style or zone changes; `useLanguage` calls it for everyone. */
export function useReaderPrefs(): Prefs {
  return useSyncExternalStore(
    subscribe,
    () => prefs,
    () => prefs,
  );
}

export function onReaderPrefs(listener: () => void): () => void {
  return subscribe(listener);
}

export function digitsFor(locale: Locale): DigitStyle {
  return digitStyleOf(locale, prefs.digits);
}

/** The Intl locale of every format: 'ar-EG' or 'ar-EG-u-nu-latn', 'en-GB' or 'en-GB-u-nu-arab'. */
export function intlLocale(locale: Locale): string {
  return intlLocaleIn(locale, prefs.digits);
}

export function formatNumber(locale: Locale, n: number, opts?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(locale), opts).format(n);
}

/** A date or time in the reader's digits; `opts.timeZone` as given (callers pass `viewZone()` for moments). */
export function formatDate(locale: Locale, date: Date | string | number, opts?: Intl.DateTimeFormatOptions): string {
  const intl = intlLocale(locale);
  return new Intl.DateTimeFormat(intl, dateOptions(opts, intl)).format(new Date(date));
}

/** Digits typed or stored (a meeting number) shown in the reader's style; other characters stay. */
export function showDigits(locale: Locale, value: string): string {
  return toDigitStyle(value, digitsFor(locale));
}

/** What a field typed in either digit style means: ASCII digits. */
export const typedDigits = toAsciiDigits;

/** The device's zone. */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The one clock: the profile's zone for a signed-in reader, else the device's. */
export function viewZone(): string {
  return prefs.timeZone ?? deviceZone();
}

/** The zone's name in the reader's language ('توقيت مصر', 'Saudi Arabia Time'). */
export function zoneLabel(locale: Locale, timeZone: string, at: Date = new Date()): string {
  return zoneName(locale, timeZone, at, prefs.digits);
}

/** Whether two zones show the same wall clock at `at` (so naming the zone would say nothing). */
export function sameClock(a: string, b: string, at: Date = new Date()): boolean {
  if (a === b) return true;
  const f = (tz: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, dateStyle: 'short', timeStyle: 'short' }).format(at);
  return f(a) === f(b);
}

/** A time in the reader's zone, named when the device's clock differs: '10:00 (توقيت مصر)'. */
export function formatMoment(
  locale: Locale,
  date: Date | string | number,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  timeZone: string = viewZone(),
): string {
  const at = new Date(date);
  const text = formatDate(locale, at, { ...opts, timeZone });
  return sameClock(timeZone, deviceZone(), at) ? text : `${text} (${zoneLabel(locale, timeZone, at)})`;
}

type PhoneFormatter = typeof import('@majlis/i18n/phone').formatPhone;
let phoneFormatter: PhoneFormatter | null = null;
let phoneFormatterLoading = false;

/**
 * libphonenumber (~35 kB gzip) is not part of any first page (issue 28: first-load budget): it loads the first time a
 * phone is shown, and the readers of `useReaderPrefs` (every `useLanguage` caller) re-render with the grouped phone.
 */
function loadPhoneFormatter(): void {
  if (phoneFormatterLoading) return;
  phoneFormatterLoading = true;
  void import('@majlis/i18n/phone').then(
    (m) => {
      phoneFormatter = m.formatPhone;
      prefs = { ...prefs };
      for (const l of listeners) l();
    },
    () => {
      phoneFormatterLoading = false;
    },
  );
}

/**
 * A phone grouped as its country writes it ("+966 50 123 4567"), in the reader's digits; isolated unless in a bdi.
 * Until libphonenumber has loaded, the phone as given, in the reader's digits.
 */
export function formatPhone(locale: Locale, phone: string, isolate = false): string {
  if (phoneFormatter) return phoneFormatter(locale, phone, prefs.digits, isolate);
  if (!phone) return '';
  loadPhoneFormatter();
  const shown = keepLtrOrder(toDigitStyle(phone, digitStyleOf(locale, prefs.digits)));
  return isolate ? isolateLtr(shown) : shown;
}

/** A price placed by Intl for the locale, in the reader's digits (`minor` in hundredths). */
export function formatMoney(locale: Locale, minor: number, currency: string, opts?: Intl.NumberFormatOptions): string {
  return formatMoneyIn(locale, minor, currency, prefs.digits, opts);
}

/** A reference read left to right (an invoice number) in the reader's digits, isolated. */
export function formatReference(locale: Locale, reference: string): string {
  return formatReferenceIn(locale, reference, prefs.digits);
}

/** The Hijri (Umm al-Qura) date of a moment, when the reader asked for it in their profile; else null. */
export function hijriDate(locale: Locale, date: Date | string | number, timeZone: string = viewZone()): string | null {
  return prefs.hijri ? formatHijri(locale, date, timeZone, prefs.digits) : null;
}

/** The zones a reader picks from: named in their language, grouped by region, canonical ids (the saved one kept). */
export function zoneChoices(locale: Locale, keep?: string | null): ZoneOption[] {
  return zoneOptions(locale, prefs.digits, new Date(), keep);
}

/** A date with its Hijri date beside it when the reader asked for it: "١٨ فبراير ٢٠٢٦ (١ رمضان ١٤٤٧ هـ)". */
export function besideHijri(
  locale: Locale,
  text: string,
  date: Date | string | number,
  timeZone: string = viewZone(),
): string {
  const hijri = hijriDate(locale, date, timeZone);
  return hijri ? `${text} (${hijri})` : text;
}

/** The Hijri months a calendar's page covers, when the reader asked for Hijri dates; else null. */
export function hijriMonths(locale: Locale, start: Date, end: Date, timeZone: string = viewZone()): string | null {
  return prefs.hijri ? formatHijriSpan(locale, start, end, timeZone, prefs.digits) : null;
}

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
