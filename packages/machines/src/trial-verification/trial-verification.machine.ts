import { assign, type SnapshotFrom, setup, transition } from 'xstate';

/** Spec §4 trial: a phone is verified by a code sent over SMS or a messaging app, then the 7-day trial starts. */
export type TrialState = 'phone' | 'codeSent' | 'verified' | 'activated';

/** What a code check found (the phone-code port's answer). */
export type CodeResult = 'approved' | 'wrong' | 'expired' | 'maxAttempts';

export type TrialVerificationEvent =
  /**
   * A phone number (and channel) to send a code to. `userUsed`: this user already had a trial; `phoneUsed`: another
   * user's trial holds this number; `waitSeconds`: how long before another code may be sent (0 once allowed).
   */
  | { type: 'phone.submit'; userUsed: boolean; phoneUsed: boolean; waitSeconds: number }
  /** Another code to the same number. */
  | { type: 'code.resend'; waitSeconds: number }
  /** A code typed by the user, as the port judged it. */
  | { type: 'code.submit'; result: CodeResult }
  /** The pending code's ten minutes passed. */
  | { type: 'code.expire' }
  /** Start the trial; `userUsed` / `phoneUsed` read again at that moment, `roomPaid`: the one room is already paid. */
  | { type: 'trial.activate'; userUsed: boolean; phoneUsed: boolean; roomPaid: boolean };

export type TrialEventType = TrialVerificationEvent['type'];

export interface TrialContext {
  /** Code checks left on the current verification. */
  triesLeft: number;
}

/** Tries per code (spec §4 trial; Twilio Verify's own limit). Kept here so the chart stays free of contracts. */
export const TRIAL_MAX_TRIES = 5;

/** Refusals the chart names (error codes `error.<code>` on the server). */
export const TRIAL_REFUSALS = {
  refuseAlreadyUsed: 'TRIAL_ALREADY_USED',
  refuseNotNeeded: 'TRIAL_NOT_NEEDED',
  refuseTooEarly: 'TRIAL_RESEND_TOO_EARLY',
  refuseWrongCode: 'TRIAL_CODE_WRONG',
  refuseTooManyTries: 'TRIAL_TOO_MANY_TRIES',
  refuseExpired: 'TRIAL_CODE_EXPIRED',
} as const;
export type TrialRefusal = (typeof TRIAL_REFUSALS)[keyof typeof TRIAL_REFUSALS] | 'TRIAL_TRANSITION';

const used = ({ event }: { event: TrialVerificationEvent }) =>
  (event.type === 'phone.submit' || event.type === 'trial.activate') && (event.userUsed || event.phoneUsed);

/**
 * trialVerification: decides every step of the trial dialog on the BFF (before each write) and drives the dialog on
 * the client. Facts come in the events: the server feeds what it read from the database, the client what the server
 * answered. Side effects are named actions (sendCode, countTry, failVerification, expireVerification, markVerified,
 * activateTrial) run by the core service; `refuse*` actions name why an event changed nothing useful.
 */
export const trialVerificationMachine = setup({
  types: {
    context: {} as TrialContext,
    events: {} as TrialVerificationEvent,
    input: {} as Partial<TrialContext> | undefined,
  },
  actions: {
    sendCode: () => {},
    countTry: () => {},
    failVerification: () => {},
    expireVerification: () => {},
    markVerified: () => {},
    activateTrial: () => {},
    refuseAlreadyUsed: () => {},
    refuseNotNeeded: () => {},
    refuseTooEarly: () => {},
    refuseWrongCode: () => {},
    refuseTooManyTries: () => {},
    refuseExpired: () => {},
    resetTries: assign({ triesLeft: TRIAL_MAX_TRIES }),
    spendTry: assign({ triesLeft: ({ context }) => Math.max(0, context.triesLeft - 1) }),
  },
  guards: {
    alreadyUsed: used,
    tooEarly: ({ event }) => (event.type === 'phone.submit' || event.type === 'code.resend') && event.waitSeconds > 0,
    approved: ({ event }) => event.type === 'code.submit' && event.result === 'approved',
    expired: ({ event }) => event.type === 'code.submit' && event.result === 'expired',
    /** The port ended the verification, or this wrong code was the last try. */
    noTriesLeft: ({ context, event }) =>
      event.type === 'code.submit' &&
      (event.result === 'maxAttempts' || (event.result === 'wrong' && context.triesLeft <= 1)),
    roomPaid: ({ event }) => event.type === 'trial.activate' && event.roomPaid,
  },
}).createMachine({
  id: 'trialVerification',
  context: ({ input }) => ({ triesLeft: input?.triesLeft ?? TRIAL_MAX_TRIES }),
  initial: 'phone',
  states: {
    /** No code pending: the dialog asks for a phone number and a channel. */
    phone: {
      // A new verification starts with all its tries, whatever became of the last one.
      entry: 'resetTries',
      on: {
        'phone.submit': [
          { guard: 'alreadyUsed', actions: 'refuseAlreadyUsed' },
          { target: 'codeSent', actions: 'sendCode' },
        ],
      },
    },
    /** A code is on its way (10 minutes, 5 tries); another may be asked for after 60 s, to this or another number. */
    codeSent: {
      on: {
        'phone.submit': [
          { guard: 'alreadyUsed', actions: 'refuseAlreadyUsed' },
          { guard: 'tooEarly', actions: 'refuseTooEarly' },
          { target: 'codeSent', reenter: true, actions: ['resetTries', 'sendCode'] },
        ],
        'code.resend': [{ guard: 'tooEarly', actions: 'refuseTooEarly' }, { actions: 'sendCode' }],
        'code.submit': [
          { guard: 'approved', target: 'verified', actions: 'markVerified' },
          { guard: 'expired', target: 'phone', actions: ['expireVerification', 'refuseExpired'] },
          { guard: 'noTriesLeft', target: 'phone', actions: ['spendTry', 'failVerification', 'refuseTooManyTries'] },
          { actions: ['spendTry', 'countTry', 'refuseWrongCode'] },
        ],
        'code.expire': { target: 'phone', actions: 'expireVerification' },
      },
    },
    /** The phone is proven; the trial starts unless it was used meanwhile or the account's room is already paid. */
    verified: {
      on: {
        'trial.activate': [
          { guard: 'alreadyUsed', actions: 'refuseAlreadyUsed' },
          { guard: 'roomPaid', actions: 'refuseNotNeeded' },
          { target: 'activated', actions: 'activateTrial' },
        ],
      },
    },
    activated: { type: 'final' },
  },
});

export type TrialVerificationSnapshot = SnapshotFrom<typeof trialVerificationMachine>;

/** The snapshot for a stored verification. */
export function trialSnapshot(state: TrialState, context: Partial<TrialContext> = {}): TrialVerificationSnapshot {
  return trialVerificationMachine.resolveState({
    value: state,
    context: { triesLeft: context.triesLeft ?? TRIAL_MAX_TRIES },
  });
}

export interface TrialDecision {
  /** The event moved on (a refusal is not ok, even where it counted a try or ended the verification). */
  ok: boolean;
  state: TrialState;
  context: TrialContext;
  /** Named side effects to run, in order (sendCode, countTry, failVerification, …). */
  effects: string[];
  /** Why the event was refused (or is no step of this state), as an error code; null when it went through. */
  refusal: TrialRefusal | null;
}

/** Pure: where `event` leads from a stored state, which effects it asks for and, if refused, why. */
export function decideTrial(
  state: TrialState,
  context: Partial<TrialContext>,
  event: TrialVerificationEvent,
): TrialDecision {
  const snapshot = trialSnapshot(state, context);
  if (!snapshot.can(event)) {
    // Not a step of this state (a stale dialog, a replayed request): a trial already started says so.
    const refusal = state === 'activated' ? 'TRIAL_ALREADY_USED' : 'TRIAL_TRANSITION';
    return { ok: false, state, context: snapshot.context, effects: [], refusal };
  }
  const [next, actions] = transition(trialVerificationMachine, snapshot, event);
  const effects = actions
    .map((a) => a.type)
    .filter((t) => !t.startsWith('xstate.') && t !== 'resetTries' && t !== 'spendTry');
  const refusalAction = effects.find((e): e is keyof typeof TRIAL_REFUSALS => e in TRIAL_REFUSALS);
  return {
    ok: !refusalAction,
    state: next.value as TrialState,
    context: next.context,
    effects: effects.filter((e) => !(e in TRIAL_REFUSALS)),
    refusal: refusalAction ? TRIAL_REFUSALS[refusalAction] : null,
  };
}
