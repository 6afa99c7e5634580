import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Bilingual, formatNumber, LOCALES, type Locale } from './locales.ts';
import { parsePo } from './po.ts';

/** Server-side messages (errors, notifications, e-mails) live in locales/{ar,en}/server.po with explicit ids. */
function load(locale: Locale): Map<string, string> {
  const file = fileURLToPath(new URL(`../locales/${locale}/server.po`, import.meta.url));
  return new Map(parsePo(readFileSync(file, 'utf8')).map((e) => [e.msgid, e.msgstr]));
}

const catalogs: Record<Locale, Map<string, string>> = { ar: load('ar'), en: load('en') };

export type Values = Record<string, string | number>;

export function hasMessage(id: string): boolean {
  return catalogs.en.has(id) && catalogs.ar.has(id);
}

/** Renders a message in one language; an unknown id renders as the id itself (and fails the catalog test). */
export function t(locale: Locale, id: string, values: Values = {}): string {
  const template = catalogs[locale].get(id) || catalogs.en.get(id) || id;
  // Numbers take the reader's digits (Arabic-Indic in Arabic); strings (meeting numbers, names) are left as given.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === 'number' ? formatNumber(locale, value, { useGrouping: false }) : String(value);
  });
}

/** The same message in both languages, for the error shape and stored notifications. */
export function both(id: string, values: Values = {}): Bilingual {
  return Object.fromEntries(LOCALES.map((l) => [l, t(l, id, values)])) as Bilingual;
}
