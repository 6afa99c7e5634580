import { i18n, type Messages } from '@lingui/core';
import { type DigitStyle, LOCALE_INFO, LOCALES, type Locale, toDigitStyle } from '@majlis/i18n';
import { digitsFor, intlLocale, onReaderPrefs } from '../lib/format.ts';

const loaded = new Map<Locale, Messages>();

/**
 * Catalogs are split per language: the first page loads only the active one. With it come the server catalog's
 * field messages (scripts/field-messages.ts): forms validate with the contract's schemas, whose messages are those
 * ids, so a form shows the words the server would have answered with.
 */
async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const [{ messages: own }, { messages: fields }] =
    locale === 'ar'
      ? await Promise.all([
          import('../../../../packages/i18n/locales/ar/messages.po'),
          import('../../../../packages/i18n/locales/ar/server.po?fields'),
        ])
      : await Promise.all([
          import('../../../../packages/i18n/locales/en/messages.po'),
          import('../../../../packages/i18n/locales/en/server.po?fields'),
        ]);
  const messages = { ...own, ...fields };
  loaded.set(locale, messages);
  // A copy: Lingui keeps and merges into the object it is given, and `loaded` must stay as the catalog wrote it.
  i18n.load(locale, { ...messages });
  return messages;
}

export async function loadCatalogs(locales: readonly Locale[]): Promise<void> {
  await Promise.all(locales.map(loadMessages));
}

/**
 * Every catalog, asked for when the reader reaches for a language switch (pointer over it, focus): the first page
 * loads only the active language's (issue 14; a timer used to fetch the other one while the page was still loading),
 * and the other has arrived by the time of the click, so switching stays instant. Loaded ones are not fetched again.
 */
export function prefetchCatalogs(): void {
  void loadCatalogs(LOCALES);
}

type Compiled = Messages[string];

/**
 * Lingui's component placeholders (<0>, </0>, <0/>) keep their ASCII index: <Trans> finds its elements by it, and a
 * '<٠/>' was shown as text ('Downloads: <٠/>١<٠>' on the recording page in English with Arabic-Indic digits).
 */
const ELEMENT_TAG = /(<\/?\d+\/?>)/;
function textWithDigits(text: string, digits: DigitStyle): string {
  return text
    .split(ELEMENT_TAG)
    .map((part, i) => (i % 2 ? part : toDigitStyle(part, digits)))
    .join('');
}

/** A compiled message with the digits written in its text ('١٠ غيغابايت') in a digit style; placeholders untouched. */
function withDigits(message: Compiled, digits: DigitStyle): Compiled {
  if (typeof message === 'string') return textWithDigits(message, digits);
  if (!Array.isArray(message)) return message;
  return message.map((token) => {
    if (typeof token === 'string') return textWithDigits(token, digits);
    const [name, kind, branches, ...rest] = token as [string, string?, unknown?, ...unknown[]];
    if (!branches || typeof branches !== 'object') return token;
    const mapped = Object.fromEntries(
      Object.entries(branches as Record<string, Compiled>).map(([k, v]) => [k, withDigits(v, digits)]),
    );
    return [name, kind, mapped, ...rest];
  }) as Compiled;
}

/**
 * Lingui formats `#` in plurals, `i18n.number` and `i18n.date` with the activation's locales: the reader's digit style
 * ('ar-EG-u-nu-latn' for Latin digits in Arabic), so messages print numbers as the rest of the page does. Digits
 * written in the catalog's own text follow the same style, whichever script the translation wrote them in.
 */
function activate(locale: Locale): void {
  const messages = loaded.get(locale);
  const digits = digitsFor(locale);
  if (messages) {
    // Always, not only for the other style: a translation may carry the other script's digits ("حتى 50").
    i18n.load(locale, Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, withDigits(m, digits)])));
  }
  i18n.activate(locale, [intlLocale(locale)]);
}

onReaderPrefs(() => {
  const locale = i18n.locale as Locale;
  if (locale && loaded.has(locale)) activate(locale);
});

/** `<html dir lang>`, body class `En` for English (spec §4), then the catalog. */
export function applyDocumentLanguage(locale: Locale): Promise<void> {
  document.documentElement.lang = locale;
  document.documentElement.dir = LOCALE_INFO[locale].dir;
  document.body.classList.toggle('En', locale === 'en');
  if (loaded.has(locale)) {
    activate(locale);
    return Promise.resolve();
  }
  return loadMessages(locale).then(() => {
    // A later switch may have won while this catalog was loading.
    if (document.documentElement.lang === locale) activate(locale);
  });
}

export { i18n };
