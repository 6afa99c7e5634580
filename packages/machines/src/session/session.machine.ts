import { assign, type SnapshotFrom, setup, transition } from 'xstate';

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

/**
 * Why the server ended a signed-in session, as pushed on the user's sockets (`session.ended`) and shown on the login
 * page. `logout`: this session was signed out (here in another tab, or "sign out the others" elsewhere); `idle` and
 * `expired`: the idle and absolute limits; `deactivated`: the user or the membership was deactivated or removed;
 * `suspended`: the account was suspended or banned; `switched`: this browser's session was replaced by a new id (an
 * account switch, a new sign-in, or a password change here), so the page carries on under it rather than signing out.
 */
export const SESSION_END_REASONS = [
  'logout',
  'passwordChanged',
  'passwordReset',
  'idle',
  'expired',
  'deactivated',
  'suspended',
  'switched',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export type SessionEvent =
  | { type: 'LOGIN'; user: SessionUser }
  | { type: 'LOGOUT' }
  /** Any non-retry 401 from the BFF (spec §8). */
  | { type: 'UNAUTHORIZED' }
  /** The server ended the session and said why (the socket event `session.ended`). */
  | { type: 'session.ended'; reason: SessionEndReason }
  /** The BFF's check of a stored session against the clock (epoch ms); see decideSession. */
  | { type: 'session.checked'; now: number; expiresAt: number; idleUntil: number };

export interface SessionContext {
  user: SessionUser | null;
  /** Why the last session ended, when the server said so; cleared at the next sign-in. */
  endedBy: SessionEndReason | null;
}

const signOut = ['clearUser', 'clearStoredUser', 'disconnectSocket', 'callLogout', 'goToLogin'] as const;
/** Ended by the server (`reason`, else the pushed event's): nothing to log out of any more. */
const signedOutBy = (reason?: SessionEndReason) =>
  [{ type: 'noteEnd', params: { reason } }, 'clearUser', 'clearStoredUser', 'disconnectSocket', 'goToLogin'] as const;

/**
 * Login state (spec §4): restored from storage on start; LOGIN sets the user; LOGOUT and any 401 clear it,
 * remove the stored copy, call the logout endpoint and go to /login. A session the server ended (`session.ended`,
 * pushed on the sockets) signs out at once and keeps the reason for the login page; the BFF runs `session.checked`
 * on every stored session it reads (decideSession), so the idle and absolute limits are this machine's too.
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
    /** The browser's session carries on under a new id: reconnect, or load the page again if the account changed. */
    followSwitch: () => {},
    clearUser: assign({ user: null }),
    noteEnd: assign({
      endedBy: ({ event }, params: { reason?: SessionEndReason }) =>
        params.reason ?? (event.type === 'session.ended' ? event.reason : null),
    }),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    switched: ({ event }) => event.type === 'session.ended' && event.reason === 'switched',
    pastAbsolute: ({ event }) => event.type === 'session.checked' && event.now >= event.expiresAt,
    pastIdle: ({ event }) => event.type === 'session.checked' && event.now >= event.idleUntil,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.storedUser, endedBy: null }),
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
        'session.ended': [
          { guard: 'switched', actions: 'followSwitch' },
          { target: 'signedOut', actions: signedOutBy() },
        ],
        'session.checked': [
          { guard: 'pastAbsolute', target: 'signedOut', actions: signedOutBy('expired') },
          { guard: 'pastIdle', target: 'signedOut', actions: signedOutBy('idle') },
        ],
      },
    },
    signedOut: {
      on: {
        LOGIN: {
          target: 'signedIn',
          actions: [
            assign({ user: ({ event }) => event.user, endedBy: null }),
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** A stored session as the BFF reads it (epoch ms); `idleMs`: how long it may go unseen. */
export interface StoredSession {
  expiresAt: number;
  lastSeenAt: number;
  idleMs: number;
}

export type SessionCheck = { valid: true } | { valid: false; reason: SessionEndReason };

/** Pure: whether a stored session still stands at `now`, or which limit ended it (the machine's `session.checked`). */
export function decideSession(stored: StoredSession, now: number): SessionCheck {
  const signedIn = sessionMachine.resolveState({ value: 'signedIn', context: { user: null, endedBy: null } });
  const [next] = transition(sessionMachine, signedIn, {
    type: 'session.checked',
    now,
    expiresAt: stored.expiresAt,
    idleUntil: stored.lastSeenAt + stored.idleMs,
  });
  return next.matches('signedOut') ? { valid: false, reason: next.context.endedBy ?? 'expired' } : { valid: true };
}

/** When a stored session ends unless it is seen again: its absolute end or the end of its idle allowance (epoch ms). */
export function sessionDeadlineOf(stored: StoredSession): number {
  return Math.min(stored.expiresAt, stored.lastSeenAt + stored.idleMs);
}
