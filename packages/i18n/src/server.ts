import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { argumentsOf } from './icu.ts';
import {
  type Bilingual,
  type DigitStyle,
  digitStyleOf,
  formatNumber,
  intlLocale,
  LOCALES,
  type Locale,
  toDigitStyle,
} from './locales.ts';
import { parsePo } from './po.ts';

export type Values = Record<string, string | number>;

/** Per message, its arguments: plain ones take a pre-formatted number, counted ones (plural) the number itself. */
interface Catalog {
  /** One Lingui instance per digit style: its locales print the digits of `#`. */
  i18n: Record<DigitStyle, I18n>;
  args: Map<string, { plain: Set<string>; counted: Set<string> }>;
}

/**
 * Server-side messages (errors, notifications, e-mails) live in locales/{ar,en}/server.po with explicit ids, as ICU
 * MessageFormat. Each catalog is compiled once here (a broken message fails at start-up; `npm run i18n:check` finds
 * it first) into its own Lingui instance, whose `locales` (ar-EG, en-GB) pick the plural rules and the digits of `#`.
 */
function load(locale: Locale): Catalog {
  const file = fileURLToPath(new URL(`../locales/${locale}/server.po`, import.meta.url));
  const messages: Record<string, CompiledMessage> = {};
  const args: Catalog['args'] = new Map();
  for (const { msgid, msgstr, obsolete } of parsePo(readFileSync(file, 'utf8'))) {
    if (obsolete || !msgstr) continue;
    try {
      messages[msgid] = compileMessageOrThrow(msgstr);
    } catch (err) {
      throw new Error(`${locale}/server.po: "${msgid}" is not a valid ICU message: ${(err as Error).message}`);
    }
    const plain = new Set<string>();
    const counted = new Set<string>();
    for (const [name, uses] of argumentsOf(messages[msgid])) {
      if (uses.has('')) plain.add(name);
      if (uses.has('plural') || uses.has('selectordinal')) counted.add(name);
    }
    args.set(msgid, { plain, counted });
  }
  const instance = (digits: DigitStyle) =>
    setupI18n({ locale, locales: intlLocale(locale, digits), messages: { [locale]: messages } });
  return { i18n: { arab: instance('arab'), latn: instance('latn') }, args };
}

const catalogs: Record<Locale, Catalog> = { ar: load('ar'), en: load('en') };

/** `#` in a plural prints like a plain number: the reader's digits, no grouping (as formatNumber below). */
const formats = { number: { useGrouping: false } };

/**
 * Lingui decodes `\uXXXX` and `\xXX` anywhere in the rendered text, values included; a name typed with a backslash
 * must come out as typed (and must not turn into `<` after the HTML escaping done by callers), so backslashes in
 * values travel as a private-use character and come back after rendering.
 */
const BACKSLASH = '\uE000';

export function hasMessage(id: string): boolean {
  return catalogs.en.args.has(id) && catalogs.ar.args.has(id);
}

/**
 * Renders a message in one language; an unknown id renders as the id itself (and fails the catalog test). `digits` is
 * the reader's digit style when known (their profile's); without it, the language's (Arabic-Indic in Arabic) and
 * strings stay exactly as given.
 */
export function t(locale: Locale, id: string, values: Values = {}, digits?: DigitStyle | null): string {
  const catalog = catalogs[locale].args.has(id) ? catalogs[locale] : catalogs.en.args.has(id) ? catalogs.en : null;
  const args = catalog?.args.get(id);
  if (!catalog || !args) return id;
  let escaped = false;
  const shown: Record<string, string | number> = {};
  for (const name of args.plain) if (!(name in values)) shown[name] = `{${name}}`; // a forgotten value stays visible
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      escaped ||= value.includes('\\');
      // Strings (names, links) are left as given, but a bare number string (a meeting number) takes the reader's style
      // (their language's when they chose none: no "6373690865" beside "١٠ دقائق"), and for a Latin reader Latin
      // digits replace Arabic-Indic ones in any text (a time formatted before, never a link).
      const text = /^[0-9\u0660-\u0669]+$/.test(value)
        ? toDigitStyle(value, digitStyleOf(locale, digits))
        : digits === 'latn'
          ? toDigitStyle(value, digits)
          : value;
      shown[name] = text.replaceAll('\\', BACKSLASH);
    } else {
      // Numbers take the reader's digits (Arabic-Indic in Arabic); a plural needs the number itself to choose.
      shown[name] = args.counted.has(name) ? value : formatNumber(locale, value, { useGrouping: false }, digits);
    }
  }
  const rendered = catalog.i18n[digitStyleOf(locale, digits)]._(id, shown, { formats });
  // The catalog's own digits ('١ ميغابايت') follow a Latin reader too; Latin digits are never turned the other way
  // here (a link's would break).
  const text = digits === 'latn' ? toDigitStyle(rendered, 'latn') : rendered;
  return escaped ? text.replaceAll(BACKSLASH, '\\') : text;
}

/** The same message in both languages, for the error shape and stored notifications. */
export function both(id: string, values: Values = {}, digits?: DigitStyle | null): Bilingual {
  return Object.fromEntries(LOCALES.map((l) => [l, t(l, id, values, digits)])) as Bilingual;
}
