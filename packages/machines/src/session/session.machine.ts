import { assign, setup } from 'xstate';

/** The signed-in user as the BFF returns it and as it is kept in localStorage under `user` (spec §3). */
export interface SessionUser {
  id: string;
  ownerId: string;
  role: 'owner' | 'admin' | 'member';
  fname: string;
  lname: string;
  email: string;
  picture: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; user: SessionUser }
  | { type: 'LOGOUT' }
  /** Any non-retry 401 from the BFF (spec §8). */
  | { type: 'UNAUTHORIZED' };

export interface SessionContext {
  user: SessionUser | null;
}

const signOut = ['clearUser', 'clearStoredUser', 'disconnectSocket', 'callLogout', 'goToLogin'] as const;

/**
 * Login state (spec §4): restored from storage on start; LOGIN sets the user; LOGOUT and any 401 clear it,
 * remove the stored copy, call the logout endpoint and go to /login.
 * Storage, HTTP and navigation are named placeholders supplied with `.provide()`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { storedUser: SessionUser | null },
  },
  actions: {
    storeUser: (_, _params: { user: SessionUser }) => {},
    clearStoredUser: () => {},
    callLogout: () => {},
    disconnectSocket: () => {},
    goToLogin: () => {},
    clearUser: assign({ user: null }),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.storedUser }),
  initial: 'restoring',
  states: {
    /** Transient: decides from what was read out of localStorage before the actor started. */
    restoring: {
      always: [{ guard: 'hasUser', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedIn: {
      on: {
        LOGIN: {
          target: 'signedIn',
          reenter: true,
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        LOGOUT: { target: 'signedOut', actions: signOut },
        UNAUTHORIZED: { target: 'signedOut', actions: signOut },
      },
    },
    signedOut: {
      on: {
        LOGIN: {
          target: 'signedIn',
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
  },
});
