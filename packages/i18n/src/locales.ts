import { dateOptions } from './date-options.ts';
import { placeTime, zonePlace } from './zone-places.ts';

export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export type Bilingual = Record<Locale, string>;

export const DEFAULT_LOCALE: Locale = 'ar';

export const LOCALE_INFO: Record<Locale, { dir: 'rtl' | 'ltr'; label: string; intl: string; stored: 'Ar' | 'En' }> = {
  ar: { dir: 'rtl', label: 'العربية', intl: 'ar-EG', stored: 'Ar' },
  en: { dir: 'ltr', label: 'English', intl: 'en-GB', stored: 'En' },
};

/** A reader's digit style (DESIGN §11): Arabic-Indic or Latin, by Intl's numbering-system names. */
export type DigitStyle = 'arab' | 'latn';

/** The style a reader sees: the one they chose, else their language's (Arabic-Indic in Arabic, Latin in English). */
export function digitStyleOf(locale: Locale, chosen?: DigitStyle | null): DigitStyle {
  return chosen ?? (locale === 'ar' ? 'arab' : 'latn');
}

/** The Intl locale of a language in a digit style: 'ar-EG-u-nu-latn', 'en-GB-u-nu-arab'; the language's own stays bare. */
export function intlLocale(locale: Locale, digits?: DigitStyle | null): string {
  const base = LOCALE_INFO[locale].intl;
  return digitStyleOf(locale, digits) === digitStyleOf(locale) ? base : `${base}-u-nu-${digitStyleOf(locale, digits)}`;
}

/** Spec §4: anything that is not En becomes Ar. Accepts 'En', 'en', 'en-US'. */
export function normalizeLocale(value: string | null | undefined): Locale {
  return value && /^en\b/i.test(value) ? 'en' : 'ar';
}

export function dirOf(locale: Locale): 'rtl' | 'ltr' {
  return LOCALE_INFO[locale].dir;
}

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to ASCII, so numbers typed in Arabic are accepted. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/**
 * Formatters kept by locale and options: building an Intl.NumberFormat costs tens of microseconds, and every number of
 * every notification a worker renders went through a new one (the top function of bench:jobs' profile). The options
 * callers pass are a handful of literals, so the map stays small.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(
  locale: Locale,
  n: number,
  opts?: Intl.NumberFormatOptions,
  digits?: DigitStyle | null,
): string {
  const tag = intlLocale(locale, digits);
  const key = opts ? `${tag} ${JSON.stringify(opts)}` : tag;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, opts);
    numberFormats.set(key, format);
  }
  return format.format(n);
}

/** Digits of a string (a meeting number, a phone) in a digit style; anything else is left as it is. */
export function toDigitStyle(value: string, digits: DigitStyle): string {
  const ascii = toAsciiDigits(value);
  return digits === 'latn' ? ascii : ascii.replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d)));
}

/**
 * A moment as e-mails and notifications write it, in the reader's zone; when a time of day is shown the zone is named
 * after it (DESIGN §11: e-mails name the zone), '… ١٠:٠٠ ص (توقيت مصر)'. A date alone is left bare.
 */
export function formatDateTime(
  locale: Locale,
  date: Date,
  timeZone: string,
  opts?: Intl.DateTimeFormatOptions,
  digits?: DigitStyle | null,
): string {
  const options: Intl.DateTimeFormatOptions = { timeZone, dateStyle: 'medium', timeStyle: 'short', ...opts };
  const intl = intlLocale(locale, digits);
  const text = new Intl.DateTimeFormat(intl, dateOptions(options, intl)).format(date);
  const withTime = options.timeStyle !== undefined || options.hour !== undefined;
  return withTime ? `${text} (${zoneName(locale, timeZone, date, digits)})` : text;
}

/**
 * A time zone's name in a language, as e-mails and pages name it beside a time: by its place when Intl has one
 * ('توقيت مصر', 'Egypt Time', 'New York Time'), else its generic name ('Gulf Standard Time'), else the long one
 * ('Coordinated Universal Time'). Never an abbreviation ('EET') or a bare offset, and never the raw id.
 */
export function zoneName(locale: Locale, timeZone: string, at: Date = new Date(), digits?: DigitStyle | null): string {
  const nameIn = (tag: string, timeZoneName: Intl.DateTimeFormatOptions['timeZoneName']) => {
    try {
      return (
        new Intl.DateTimeFormat(tag, { timeZone, timeZoneName })
          .formatToParts(at)
          .find((p) => p.type === 'timeZoneName')?.value ?? ''
      );
    } catch {
      return '';
    }
  };
  // 'EET', 'GMT+2' or 'غرينتش+٢' say less than a name; English's world variant names the place where en-GB abbreviates.
  // An Arabic name is in Arabic letters only: Chromium's ICU data writes many cities in Latin ('توقيت Chicago').
  const named = (name: string) =>
    /\s/.test(name) && !/[+\u2212-]\s*[0-9\u0660-\u0669]/.test(name) && !(locale === 'ar' && /[A-Za-z]/.test(name));
  const tag = intlLocale(locale, digits);
  const tags = locale === 'en' ? [tag, tag.replace('en-GB', 'en-001')] : [tag];
  for (const t of tags) {
    const generic = nameIn(t, 'shortGeneric');
    if (named(generic)) return generic;
  }
  for (const style of ['longGeneric', 'long'] as const) {
    const name = nameIn(tag, style);
    if (named(name)) return name;
  }
  // No name from Intl: the zone's city or country (zone-places.ts), else Intl's long form (an offset at worst).
  const place = zonePlace(locale, timeZone);
  return place ? placeTime(locale, place) : nameIn(tag, 'long') || timeZone;
}
