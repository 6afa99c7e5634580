import { type SessionEndReason, type SessionUser, sessionMachine } from '@majlis/machines';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { setReaderPrefs } from '../lib/format.ts';
import { logoutRequest, setUnauthorizedHandler } from '../lib/http.ts';
import { inspect } from '../lib/inspect.ts';
import { hardNavigation, navigate } from '../lib/navigation.ts';
import { readStoredUser, storeUser } from '../lib/storage.ts';

export const SessionContext = createActorContext(sessionMachine);

/** The realtime socket registers its disconnect here when it exists (realtime issue). */
const socketHooks = { disconnect: () => {} };
export function setSocketDisconnect(fn: () => void): void {
  socketHooks.disconnect = fn;
}

/** The session actor's door for what the socket is told (`session.ended`); open while SessionProvider is mounted. */
const pushed = { ended: (_reason: SessionEndReason) => {} };
export function sessionEnded(reason: SessionEndReason): void {
  pushed.ended(reason);
}

export const sessionLogic = sessionMachine.provide({
  actions: {
    storeUser: (_, { user }) => storeUser(user),
    clearStoredUser: () => {
      storeUser(null);
      setReaderPrefs({ digits: null, timeZone: null, hijri: false });
    },
    callLogout: () => {
      void logoutRequest();
    },
    disconnectSocket: () => socketHooks.disconnect(),
    goToLogin: () => navigate('/login'),
    // The stored user is shared by the browser's tabs: another account there means a switch (a full load under it,
    // as the switch itself does); the same one, a renewed session id (the socket reconnects with the new cookie).
    followSwitch: ({ context }) => {
      const stored = readStoredUser();
      if (stored?.id !== context.user?.id || stored?.ownerId !== context.user?.ownerId) {
        hardNavigation.go('/dashbord/meeting');
      }
    },
  },
});

function UnauthorizedBridge() {
  const actor = SessionContext.useActorRef();
  useEffect(() => setUnauthorizedHandler(() => actor.send({ type: 'UNAUTHORIZED' })), [actor]);
  useEffect(() => {
    pushed.ended = (reason) => actor.send({ type: 'session.ended', reason });
    return () => {
      pushed.ended = () => {};
    };
  }, [actor]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // Read once: the stored user decides where `restoring` goes.
  const options = useMemo(() => ({ input: { storedUser: readStoredUser() }, inspect }), []);
  return (
    <SessionContext.Provider logic={sessionLogic} options={options}>
      <UnauthorizedBridge />
      {children}
    </SessionContext.Provider>
  );
}

/** Why the server ended the last session (shown on the login page), null when it did not say. */
export function useSessionEndReason(): SessionEndReason | null {
  return SessionContext.useSelector((s) => s.context.endedBy);
}

export function useSessionUser(): SessionUser | null {
  return SessionContext.useSelector((s) => (s.matches('signedIn') ? s.context.user : null));
}
