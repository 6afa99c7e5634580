import { type Locale, normalizeLocale } from '@majlis/i18n';
import { languageMachine } from '@majlis/machines';
import { useDirection } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { applyDocumentLanguage } from '../i18n/i18n.ts';
import { useReaderPrefs } from '../lib/format.ts';
import { LANGUAGE_KEY, readLocal, writeCookie, writeLocal } from '../lib/storage.ts';

export const LanguageContext = createActorContext(languageMachine);

export const languageLogic = languageMachine.provide({
  actions: {
    applyLanguage: (_, { language }) => {
      void applyDocumentLanguage(language);
    },
    storeLanguage: (_, { language }) => {
      const stored = language === 'en' ? 'En' : 'Ar';
      writeLocal(LANGUAGE_KEY, stored);
      writeCookie(LANGUAGE_KEY, stored);
    },
  },
});

/** What the language machine starts from: localStorage first, then the cookie the BFF may have set. */
export function readStoredLanguage(): string | null {
  const fromCookie = document.cookie.match(/(?:^|;\s*)MajlisLang=([^;]*)/)?.[1] ?? null;
  return readLocal(LANGUAGE_KEY) ?? fromCookie;
}

export function initialLocale(): Locale {
  return normalizeLocale(readStoredLanguage());
}

/** Keeps Mantine's direction (portals, menus, progress bars) in step with the active language. */
function DirectionSync() {
  const language = useLanguage();
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(language === 'ar' ? 'rtl' : 'ltr');
  }, [language, setDirection]);
  return null;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const options = useMemo(() => ({ input: { stored: readStoredLanguage() } }), []);
  return (
    <LanguageContext.Provider logic={languageLogic} options={options}>
      <DirectionSync />
      {children}
    </LanguageContext.Provider>
  );
}

/** The active language; a change of the reader's digit style or zone re-renders the caller too (lib/format.ts). */
export function useLanguage(): Locale {
  useReaderPrefs();
  return LanguageContext.useSelector((s) => (s.matches('en') ? 'en' : 'ar'));
}
