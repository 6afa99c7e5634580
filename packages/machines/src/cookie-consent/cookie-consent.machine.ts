import { initialTransition, setup, transition } from 'xstate';

export type CookieConsentEvent =
  | { type: 'ACCEPT' }
  | { type: 'DECLINE' }
  /**
   * The signed-in user's record arrived (sign-in): a choice made under the current policy wins over this browser's,
   * anything else leaves the machine where it is (and the browser's own choice is sent up).
   */
  | { type: 'RECORDED'; choice: 'accepted' | 'declined' | null; version: number | null };

/**
 * What a stored choice is: 'true' / 'false' (the browser's cookie) or 'accepted' / 'declined' (the BFF's row), with
 * the cookie policy version it was made under; `policyVersion` is today's (contracts COOKIE_POLICY_VERSION).
 */
export interface CookieConsentInput {
  stored: string | null;
  storedVersion?: number | null;
  policyVersion: number;
}

const isAccepted = (v: string | null) => v === 'true' || v === 'accepted';
const isDeclined = (v: string | null) => v === 'false' || v === 'declined';

/**
 * Cookie consent (spec §4, §9): no value at first and the banner shows; accepting stores 'true', declining 'false'
 * (365 days). The consent-dependent initialisation runs only in `accepted`, also when restored from storage.
 * A choice made under an older cookie policy counts as none: the banner comes back (issue 17).
 */
export const cookieConsentMachine = setup({
  types: {
    events: {} as CookieConsentEvent,
    input: {} as CookieConsentInput,
    context: {} as { stored: string | null; storedVersion: number | null; policyVersion: number },
  },
  actions: {
    storeConsent: (_, _params: { value: 'true' | 'false' }) => {},
    runConsentInit: () => {},
  },
  guards: {
    outdated: ({ context }) => context.storedVersion !== context.policyVersion,
    wasAccepted: ({ context }) => isAccepted(context.stored),
    wasDeclined: ({ context }) => isDeclined(context.stored),
    recordedAccepted: ({ context, event }) =>
      event.type === 'RECORDED' && event.choice === 'accepted' && event.version === context.policyVersion,
    recordedDeclined: ({ context, event }) =>
      event.type === 'RECORDED' && event.choice === 'declined' && event.version === context.policyVersion,
  },
}).createMachine({
  id: 'cookieConsent',
  context: ({ input }) => ({
    stored: input.stored,
    storedVersion: input.storedVersion ?? null,
    policyVersion: input.policyVersion,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'outdated', target: 'unknown' },
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
        RECORDED: [
          {
            guard: 'recordedAccepted',
            target: 'accepted',
            actions: { type: 'storeConsent', params: { value: 'true' } },
          },
          {
            guard: 'recordedDeclined',
            target: 'declined',
            actions: { type: 'storeConsent', params: { value: 'false' } },
          },
        ],
      },
    },
    accepted: {
      entry: 'runConsentInit',
      on: {
        RECORDED: {
          guard: 'recordedDeclined',
          target: 'declined',
          actions: { type: 'storeConsent', params: { value: 'false' } },
        },
      },
    },
    declined: {
      on: {
        RECORDED: {
          guard: 'recordedAccepted',
          target: 'accepted',
          actions: { type: 'storeConsent', params: { value: 'true' } },
        },
      },
    },
  },
});

export type CookieConsentState = 'unknown' | 'accepted' | 'declined';

/** Pure: where a stored choice of this version stands under today's policy (the BFF's GET). */
export function decideConsent(input: CookieConsentInput): CookieConsentState {
  const [snapshot] = initialTransition(cookieConsentMachine, input);
  return snapshot.value as CookieConsentState;
}

/**
 * Pure: whether a stored choice may take `event` and where it leads (the BFF's PUT); a choice already made under
 * today's policy is not made again.
 */
export function decideConsentChange(
  input: CookieConsentInput,
  event: CookieConsentEvent,
): { ok: boolean; state: CookieConsentState } {
  const [snapshot] = initialTransition(cookieConsentMachine, input);
  if (!snapshot.can(event)) return { ok: false, state: snapshot.value as CookieConsentState };
  const [next] = transition(cookieConsentMachine, snapshot, event);
  return { ok: true, state: next.value as CookieConsentState };
}
