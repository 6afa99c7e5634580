import { cookieConsentMachine } from '@majlis/machines';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { CONSENT_COOKIE, readCookie, writeCookie } from '../lib/storage.ts';

export const CookieConsentContext = createActorContext(cookieConsentMachine);

/** What runs only after consent (spec §4; its content is not shown): later features listen for this event. */
export const CONSENT_EVENT = 'majlis:consent';

export const cookieConsentLogic = cookieConsentMachine.provide({
  actions: {
    storeConsent: (_, { value }) => writeCookie(CONSENT_COOKIE, value),
    runConsentInit: () => {
      document.documentElement.dataset.consent = 'true';
      window.dispatchEvent(new Event(CONSENT_EVENT));
    },
  },
});

export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const options = useMemo(() => ({ input: { stored: readCookie(CONSENT_COOKIE) } }), []);
  return (
    <CookieConsentContext.Provider logic={cookieConsentLogic} options={options}>
      {children}
    </CookieConsentContext.Provider>
  );
}
