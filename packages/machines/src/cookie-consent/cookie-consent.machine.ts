import { setup } from 'xstate';

export type CookieConsentEvent = { type: 'ACCEPT' } | { type: 'DECLINE' };

/**
 * Cookie consent (spec §4, §9): no value at first and the banner shows; accepting stores 'true', declining 'false'
 * (365 days). The consent-dependent initialisation runs only in `accepted`, also when restored from storage.
 */
export const cookieConsentMachine = setup({
  types: {
    events: {} as CookieConsentEvent,
    input: {} as { stored: string | null },
    context: {} as { stored: string | null },
  },
  actions: {
    storeConsent: (_, _params: { value: 'true' | 'false' }) => {},
    runConsentInit: () => {},
  },
  guards: {
    wasAccepted: ({ context }) => context.stored === 'true',
    wasDeclined: ({ context }) => context.stored === 'false',
  },
}).createMachine({
  id: 'cookieConsent',
  context: ({ input }) => ({ stored: input.stored }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'wasAccepted', target: 'accepted' },
        { guard: 'wasDeclined', target: 'declined' },
        { target: 'unknown' },
      ],
    },
    /** Banner shown. */
    unknown: {
      on: {
        ACCEPT: { target: 'accepted', actions: { type: 'storeConsent', params: { value: 'true' } } },
        DECLINE: { target: 'declined', actions: { type: 'storeConsent', params: { value: 'false' } } },
      },
    },
    accepted: { entry: 'runConsentInit' },
    declined: {},
  },
});
