import { assign, fromPromise, type SnapshotFrom, setup, transition } from 'xstate';
import type { SessionUser } from '../session/session.machine.ts';

/** One row of GET /api/user/accounts (`groups[]` or `me`). */
export interface AccountChoice {
  userId: string;
  accountId: string;
  accountName: string;
  userRole: string;
  accountpicture: string | null;
}

/** The server's bilingual message, when it sent one (spec §8). */
export interface SwitchError {
  ar: string;
  en: string;
}

/**
 * Why the server refuses a switch, each a final state under `failed` (spec §4, §8). `notMember` also covers a user id
 * that is not the signed-in user's, so an account's status is never shown to someone who does not belong to it.
 */
export const SWITCH_REFUSALS = {
  notMember: 'NOT_A_MEMBER',
  membershipInactive: 'MEMBERSHIP_INACTIVE',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  accountBanned: 'ACCOUNT_BANNED',
  unknownAccount: 'ACCOUNT_UNKNOWN',
} as const;
export type SwitchRefusal = keyof typeof SWITCH_REFUSALS;
export type SwitchRefusalCode = (typeof SWITCH_REFUSALS)[SwitchRefusal];

/** What the server reads before deciding a switch: who asks, and the account and membership as stored. */
export interface SwitchFacts {
  /** The user id asked for is the signed-in user's own. */
  self: boolean;
  /** The account's status; null when no account has that id. */
  account: 'active' | 'suspended' | 'banned' | null;
  /** The user's membership in it; null when there is none (or the user is inactive). */
  membership: 'active' | 'inactive' | null;
}

export type AccountSwitchEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'SELECT'; account: AccountChoice }
  | { type: 'DISMISS' }
  /** The server's own step out of `switching`: the facts it read decide where the switch ends. */
  | { type: 'switch.checked'; facts: SwitchFacts };

const refusals = Object.keys(SWITCH_REFUSALS) as SwitchRefusal[];

export interface AccountSwitchContext {
  selected: AccountChoice | null;
  error: SwitchError | null;
}

/**
 * Account switching (spec §4, §8): choose an account, a blocking spinner while `switchAccount` runs, then the new
 * user is stored and the page reloads to /dashbord/meeting; a failure shows the server's errorMessage (or a generic
 * one when it has none) until dismissed. The BFF runs the same step out of `switching` (decideSwitch), so each refusal
 * it answers with (its code) is the final state the client's dialog lands in.
 */
export const accountSwitchMachine = setup({
  types: {
    context: {} as AccountSwitchContext,
    events: {} as AccountSwitchEvent,
  },
  actors: {
    switchAccount: fromPromise<SessionUser, { account: AccountChoice }>(async () => {
      throw new Error('switchAccount is supplied with .provide()');
    }),
  },
  actions: {
    storeUser: (_, _params: { user: SessionUser }) => {},
    reloadToMeetings: () => {},
    /** The server's bilingual message, shown by the failure dialog. */
    keepError: assign({ error: ({ event }) => toSwitchError((event as { error?: unknown }).error) }),
  },
  guards: {
    /** The server's answer carried this refusal's code (the client's side). */
    refusedWith: ({ event }, code: SwitchRefusalCode) => errorCodeOf((event as { error?: unknown }).error) === code,
    /** The facts the server read (the server's side); the order of the guards is the order of the checks. */
    notSelf: ({ event }) => event.type === 'switch.checked' && !event.facts.self,
    noAccount: ({ event }) => event.type === 'switch.checked' && event.facts.account === null,
    noMembership: ({ event }) => event.type === 'switch.checked' && event.facts.membership === null,
    membershipInactive: ({ event }) => event.type === 'switch.checked' && event.facts.membership === 'inactive',
    accountIs: ({ event }, status: 'suspended' | 'banned') =>
      event.type === 'switch.checked' && event.facts.account === status,
  },
}).createMachine({
  id: 'accountSwitch',
  context: { selected: null, error: null },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'choosing' } },
    /** The dialog lists the accounts. */
    choosing: {
      on: {
        CLOSE: 'closed',
        SELECT: { target: 'switching', actions: assign({ selected: ({ event }) => event.account, error: null }) },
      },
    },
    /** Blocking spinner: nothing else can be clicked until the server answers. */
    switching: {
      invoke: {
        id: 'switchAccount',
        src: 'switchAccount',
        // `selected` is set by the only transition into this state.
        input: ({ context }) => ({ account: context.selected as AccountChoice }),
        onDone: {
          target: 'switched',
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          ...refusals.map((refusal) => ({
            guard: { type: 'refusedWith' as const, params: SWITCH_REFUSALS[refusal] },
            target: `failed.${refusal}`,
            actions: 'keepError' as const,
          })),
          { target: 'failed.error', actions: 'keepError' },
        ],
      },
      on: {
        'switch.checked': [
          { guard: 'notSelf', target: 'failed.notMember' },
          { guard: 'noAccount', target: 'failed.unknownAccount' },
          { guard: 'noMembership', target: 'failed.notMember' },
          { guard: 'membershipInactive', target: 'failed.membershipInactive' },
          { guard: { type: 'accountIs', params: 'suspended' }, target: 'failed.accountSuspended' },
          { guard: { type: 'accountIs', params: 'banned' }, target: 'failed.accountBanned' },
          { target: 'switched' },
        ],
      },
    },
    switched: { entry: 'reloadToMeetings', type: 'final' },
    /** The failure dialog, one final state per refusal (`error`: anything else); its OK (or Escape) goes back to the list. */
    failed: {
      on: { DISMISS: 'choosing' },
      initial: 'error',
      states: {
        notMember: { type: 'final' },
        membershipInactive: { type: 'final' },
        accountSuspended: { type: 'final' },
        accountBanned: { type: 'final' },
        unknownAccount: { type: 'final' },
        /** Not a refusal: the network, the server, or an answer without a known code. */
        error: { type: 'final' },
      },
    },
  },
});

export type AccountSwitchSnapshot = SnapshotFrom<typeof accountSwitchMachine>;

export type SwitchDecision = { ok: true } | { ok: false; refusal: SwitchRefusal; code: SwitchRefusalCode };

/** Pure: the server's switch, as the machine's step out of `switching` with the facts it read. */
export function decideSwitch(facts: SwitchFacts): SwitchDecision {
  const switching = accountSwitchMachine.resolveState({ value: 'switching', context: { selected: null, error: null } });
  const [next] = transition(accountSwitchMachine, switching, { type: 'switch.checked', facts });
  if (next.matches('switched')) return { ok: true };
  const refusal = refusalOf(next);
  if (!refusal) throw new Error(`switch.checked led to ${JSON.stringify(next.value)}`);
  return { ok: false, refusal, code: SWITCH_REFUSALS[refusal] };
}

/** Which refusal a failed snapshot stands in (null: not failed, or failed for another cause). */
export function refusalOf(snapshot: AccountSwitchSnapshot): SwitchRefusal | null {
  return refusals.find((r) => snapshot.matches({ failed: r })) ?? null;
}

function errorCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function toSwitchError(error: unknown): SwitchError | null {
  const message = (error as { errorMessage?: Partial<SwitchError> } | null)?.errorMessage;
  return message && typeof message.ar === 'string' && typeof message.en === 'string'
    ? { ar: message.ar, en: message.en }
    : null;
}
