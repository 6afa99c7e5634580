import { CONSENT_VERSION_COOKIE, COOKIE_POLICY_VERSION } from '@majlis/contracts/cookies';
import { cookieConsentMachine, decideConsent } from '@majlis/machines';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { inspect } from '../lib/inspect.ts';
import { CONSENT_COOKIE, readCookie, writeCookie } from '../lib/storage.ts';
import { useSessionUser } from './session.tsx';

export const CookieConsentContext = createActorContext(cookieConsentMachine);

/** What runs only after consent (spec §4; its content is not shown): later features listen for this event. */
export const CONSENT_EVENT = 'majlis:consent';

export const cookieConsentLogic = cookieConsentMachine.provide({
  actions: {
    storeConsent: (_, { value }) => {
      writeCookie(CONSENT_COOKIE, value);
      writeCookie(CONSENT_VERSION_COOKIE, String(COOKIE_POLICY_VERSION));
    },
    runConsentInit: () => {
      // Once per page: a choice restored and then confirmed by the server's record does not load things twice.
      if (document.documentElement.dataset.consent === 'true') return;
      document.documentElement.dataset.consent = 'true';
      window.dispatchEvent(new Event(CONSENT_EVENT));
    },
  },
});

/** This browser's choice and the cookie policy version it was made under (none before issue 17: asked again). */
function storedConsent() {
  const version = Number(readCookie(CONSENT_VERSION_COOKIE));
  return {
    stored: readCookie(CONSENT_COOKIE),
    storedVersion: Number.isInteger(version) && version > 0 ? version : null,
    policyVersion: COOKIE_POLICY_VERSION,
  };
}

/** The typed client loads with the first signed-in page, not with the first page of a visitor. */
const typedApi = () => import('../lib/api.ts');

const saveChoice = (choice: 'accepted' | 'declined') =>
  // A refusal (a choice made meanwhile on another device) is settled at the next sign-in, when the server's wins.
  typedApi()
    .then(({ api, body }) => body(api['cookie-consent'].$put({ json: { choice } })))
    .catch(() => null);

/**
 * A signed-in user's choice is kept on the server (issue 17): at sign-in the server's record, when made under today's
 * policy, wins over this browser's; when there is none, the choice made here signed out is sent up.
 */
function ConsentSync() {
  const userId = useSessionUser()?.id ?? null;
  const actor = CookieConsentContext.useActorRef();
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void typedApi()
      .then(({ api, body }) => body(api['cookie-consent'].$get()))
      .then(
        (record) => {
          if (!live) return;
          actor.send({ type: 'RECORDED', choice: record.choice, version: record.version });
          const state = actor.getSnapshot();
          const recorded = decideConsent({
            stored: record.choice,
            storedVersion: record.version,
            policyVersion: COOKIE_POLICY_VERSION,
          });
          if (recorded === 'unknown' && !state.matches('unknown')) {
            void saveChoice(state.matches('accepted') ? 'accepted' : 'declined');
          }
        },
        () => null,
      );
    return () => {
      live = false;
    };
  }, [userId, actor]);
  return null;
}

/** The banner's buttons: the machine's ACCEPT or DECLINE, and, signed in, the same choice recorded on the server. */
export function useConsentChoice() {
  const actor = CookieConsentContext.useActorRef();
  const signedIn = useSessionUser() !== null;
  return (choice: 'accepted' | 'declined') => {
    actor.send({ type: choice === 'accepted' ? 'ACCEPT' : 'DECLINE' });
    if (signedIn) void saveChoice(choice);
  };
}

export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const options = useMemo(() => ({ input: storedConsent(), inspect }), []);
  return (
    <CookieConsentContext.Provider logic={cookieConsentLogic} options={options}>
      <ConsentSync />
      {children}
    </CookieConsentContext.Provider>
  );
}
