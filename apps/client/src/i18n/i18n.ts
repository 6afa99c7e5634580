import { i18n, type Messages } from '@lingui/core';
import { LOCALE_INFO, type Locale } from '@majlis/i18n';

const loaded = new Map<Locale, Messages>();

/** Catalogs are split per language: the first page loads only the active one. */
async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const { messages } =
    locale === 'ar'
      ? await import('../../../../packages/i18n/locales/ar/messages.po')
      : await import('../../../../packages/i18n/locales/en/messages.po');
  loaded.set(locale, messages);
  i18n.load(locale, messages);
  return messages;
}

export async function loadCatalogs(locales: readonly Locale[]): Promise<void> {
  await Promise.all(locales.map(loadMessages));
}

/** `<html dir lang>`, body class `En` for English (spec §4), then the catalog. */
export function applyDocumentLanguage(locale: Locale): Promise<void> {
  document.documentElement.lang = locale;
  document.documentElement.dir = LOCALE_INFO[locale].dir;
  document.body.classList.toggle('En', locale === 'en');
  if (loaded.has(locale)) {
    i18n.activate(locale);
    return Promise.resolve();
  }
  return loadMessages(locale).then(() => {
    // A later switch may have won while this catalog was loading.
    if (document.documentElement.lang === locale) i18n.activate(locale);
  });
}

export { i18n };
