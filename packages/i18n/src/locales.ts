export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export type Bilingual = Record<Locale, string>;

export const DEFAULT_LOCALE: Locale = 'ar';

export const LOCALE_INFO: Record<Locale, { dir: 'rtl' | 'ltr'; label: string; intl: string; stored: 'Ar' | 'En' }> = {
  ar: { dir: 'rtl', label: 'العربية', intl: 'ar-EG', stored: 'Ar' },
  en: { dir: 'ltr', label: 'English', intl: 'en-GB', stored: 'En' },
};

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

export function formatNumber(locale: Locale, n: number, opts?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALE_INFO[locale].intl, opts).format(n);
}

export function formatDateTime(
  locale: Locale,
  date: Date,
  timeZone: string,
  opts?: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    ...opts,
  }).format(date);
}
