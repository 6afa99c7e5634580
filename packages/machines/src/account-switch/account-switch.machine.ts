import { assign, fromPromise, setup } from 'xstate';
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

export type AccountSwitchEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'SELECT'; account: AccountChoice }
  | { type: 'DISMISS' };

export interface AccountSwitchContext {
  selected: AccountChoice | null;
  error: SwitchError | null;
}

/**
 * Account switching (spec §4, §8): choose an account, a blocking spinner while `switchAccount` runs, then the new
 * user is stored and the page reloads to /dashbord/meeting; a failure shows the server's errorMessage (or a generic
 * one when it has none) until dismissed.
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
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toSwitchError(event.error) }),
        },
      },
    },
    switched: { entry: 'reloadToMeetings', type: 'final' },
    /** The failure dialog; its OK (or Escape) goes back to the list. */
    failed: { on: { DISMISS: 'choosing' } },
  },
});

function toSwitchError(error: unknown): SwitchError | null {
  const message = (error as { errorMessage?: Partial<SwitchError> } | null)?.errorMessage;
  return message && typeof message.ar === 'string' && typeof message.en === 'string'
    ? { ar: message.ar, en: message.en }
    : null;
}
