import { LANG_CHOSEN_COOKIE } from '@majlis/contracts/cookies';
import { LOCALE_INFO, type Locale } from '@majlis/i18n';
import { decideLanguage, type LanguageEvent, languageMachine } from '@majlis/machines';
import { useDirection } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { applyDocumentLanguage } from '../i18n/i18n.ts';
import { useReaderPrefs } from '../lib/format.ts';
import { inspect } from '../lib/inspect.ts';
import { LANGUAGE_KEY, readLocal, writeCookie, writeLocal } from '../lib/storage.ts';
import { useSessionUser } from './session.tsx';

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
  return decideLanguage({ stored: readStoredLanguage() });
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
  const options = useMemo(() => ({ input: { stored: readStoredLanguage() }, inspect }), []);
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

/**
 * The language menu and toggle: the machine's SET or TOGGLE; signed out, the MajlisLangChosen flag (issue 26), and,
 * signed in, the result saved on the profile too, so
 * e-mails and notifications follow it and the user's other devices start in it (the machine's rule: profile first).
 * A failed save leaves this browser's choice in place; the server keeps the profile's until the next one.
 */
export function useChooseLanguage() {
  const actor = LanguageContext.useActorRef();
  const signedIn = useSessionUser() !== null;
  return (event: LanguageEvent) => {
    actor.send(event);
    // Signed out, an explicit choice (not a detected language): the sign-in keeps it and makes it the profile's.
    if (!signedIn) return writeCookie(LANG_CHOSEN_COOKIE, '1');
    const locale = actor.getSnapshot().matches('en') ? 'en' : 'ar';
    // The typed client loads with the first signed-in page, not with the first page of a visitor.
    void import('../lib/api.ts')
      .then(({ api, body }) => body(api.profile.locale.$put({ json: { locale } })))
      .catch(() => null);
  };
}

/** Signed in, the profile's language is the one the machine starts from on every device (`info.locale`). */
export function useProfileLanguage(): (locale: Locale) => void {
  const actor = LanguageContext.useActorRef();
  return useCallback((locale) => actor.send({ type: 'SET', value: LOCALE_INFO[locale].stored }), [actor]);
}
