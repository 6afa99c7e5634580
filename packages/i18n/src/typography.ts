import { type DigitStyle, digitStyleOf, intlLocale, type Locale, toDigitStyle } from './locales.ts';

/**
 * Typography rules written once (issue 26), for the client's lib/format.ts and the server's messages alike:
 * - pieces of one line are joined by a separator no reader takes for a digit: the middle dot "·" and the full stop
 *   beside Arabic-Indic digits read as the Arabic zero "٠" ("١٠ ·" reads "١٠٠"), so lines use an em dash;
 * - text that runs left to right inside Arabic (a phone, an invoice number, a meeting number) is isolated, so the
 *   "+" stays in front and the groups keep their order;
 * - phones are grouped as their country writes them (libphonenumber, in phone.ts), in the reader's digits;
 * - prices are placed by Intl.NumberFormat for the locale;
 * - an optional Hijri date (Umm al-Qura) beside the Gregorian one.
 */

/** The one separator between pieces of a line ("١٠ مشاركين — ساعة"): never a dot. */
export const SEPARATOR = ' — ';

/** The pieces that say something, joined by the separator. */
export function joinParts(parts: ReadonlyArray<string | null | undefined | false>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(SEPARATOR);
}

/** Left-to-right isolation (U+2066 … U+2069): a phone or a reference keeps its order inside Arabic. */
export const LRI = '\u2066';
export const PDI = '\u2069';
export function isolateLtr(text: string): string {
  return text ? `${LRI}${text}${PDI}` : text;
}

/** The isolation marks taken away again (for a field's value, a copy, a comparison). */
export function stripIsolation(text: string): string {
  return text.replace(/[\u2066-\u2069\u200e\u200f]/g, '');
}

/** Left-to-right mark: a strong LTR character with no glyph. */
export const LRM = '\u200e';

/**
 * A reference read left to right (an invoice or meeting number) in the reader's digits, isolated. Isolation alone is
 * not enough with Arabic-Indic digits: the bidi algorithm counts them as right-to-left for the "-" between two groups,
 * so "٢٠٢٦-٠٠٠٠٠٢" still shows as "٠٠٠٠٠٢-٢٠٢٦"; a left-to-right mark on each side of a separator keeps the year first.
 */
export function formatReference(locale: Locale, reference: string, digits?: DigitStyle | null): string {
  return isolateLtr(keepLtrOrder(toDigitStyle(reference, digitStyleOf(locale, digits))));
}

/**
 * Groups of Arabic-Indic digits keep their left-to-right order: the bidi algorithm resolves a space or "-" between two
 * such groups as right-to-left even inside a left-to-right isolate ("+٢٠ ١٠ ٠٥٥٥" would show its groups backwards), so
 * a left-to-right mark goes on each side of every separator. Latin digits need nothing.
 */
export function keepLtrOrder(shown: string): string {
  return /[\u0660-\u0669\u06f0-\u06f9]/.test(shown) ? shown.replace(/[^\p{Nd}]+/gu, `${LRM}$&${LRM}`) : shown;
}

/**
 * A price placed by Intl.NumberFormat for the locale ("٢ ج.م.‏", "US$2"). An Arabic line never carries a symbol made
 * of Latin letters ("US$" comes out as "$US ٢" right to left): Arabic names such a currency ("٢ دولار أمريكي").
 * `minor` is in hundredths; a whole amount shows no decimals.
 */
export function formatMoney(
  locale: Locale,
  minor: number,
  currency: string,
  digits?: DigitStyle | null,
  opts?: Intl.NumberFormatOptions,
): string {
  const whole = minor % 100 === 0;
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
    ...opts,
  };
  const tag = intlLocale(locale, digits);
  const text = new Intl.NumberFormat(tag, options).format(minor / 100);
  if (locale !== 'ar' || !/[A-Za-z]/.test(text)) return text;
  return new Intl.NumberFormat(tag, { ...options, currencyDisplay: 'name' }).format(minor / 100);
}

/** The Intl locale of a language and digit style in a calendar: 'ar-EG-u-ca-islamic-umalqura-nu-latn'. */
function calendarLocale(locale: Locale, calendar: string, digits?: DigitStyle | null): string {
  const tag = intlLocale(locale, digits);
  const [base, ext] = tag.split('-u-');
  return `${base}-u-ca-${calendar}${ext ? `-${ext}` : ''}`;
}

/** The Hijri (Umm al-Qura) date of a moment in a zone: "١ رمضان ١٤٤٧ هـ", "1 Ramadan 1447 AH". */
export function formatHijri(
  locale: Locale,
  date: Date | string | number,
  timeZone: string,
  digits?: DigitStyle | null,
) {
  return new Intl.DateTimeFormat(calendarLocale(locale, 'islamic-umalqura', digits), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(date));
}

/** A Gregorian date with its Hijri date beside it when the reader asked for it: "١٨ فبراير ٢٠٢٦ (١ رمضان ١٤٤٧ هـ)". */
export function withHijri(
  locale: Locale,
  text: string,
  date: Date | string | number,
  timeZone: string,
  hijri: boolean | null | undefined,
  digits?: DigitStyle | null,
): string {
  return hijri ? `${text} (${formatHijri(locale, date, timeZone, digits)})` : text;
}

/** The Hijri months a span of days covers ("رجب – شعبان ١٤٤٧ هـ"), for a calendar's header; `end` is exclusive. */
export function formatHijriSpan(
  locale: Locale,
  start: Date,
  end: Date,
  timeZone: string,
  digits?: DigitStyle | null,
): string {
  const format = new Intl.DateTimeFormat(calendarLocale(locale, 'islamic-umalqura', digits), {
    month: 'long',
    year: 'numeric',
    timeZone,
  });
  const last = new Date(Math.max(start.getTime(), end.getTime() - 1));
  return format.formatRange(start, last);
}
