import { type SessionUser, sessionMachine } from '@majlis/machines';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { setReaderPrefs } from '../lib/format.ts';
import { logoutRequest, setUnauthorizedHandler } from '../lib/http.ts';
import { navigate } from '../lib/navigation.ts';
import { readStoredUser, storeUser } from '../lib/storage.ts';

export const SessionContext = createActorContext(sessionMachine);

/** The realtime socket registers its disconnect here when it exists (realtime issue). */
const socketHooks = { disconnect: () => {} };
export function setSocketDisconnect(fn: () => void): void {
  socketHooks.disconnect = fn;
}

export const sessionLogic = sessionMachine.provide({
  actions: {
    storeUser: (_, { user }) => storeUser(user),
    clearStoredUser: () => {
      storeUser(null);
      setReaderPrefs({ digits: null, timeZone: null });
    },
    callLogout: () => {
      void logoutRequest();
    },
    disconnectSocket: () => socketHooks.disconnect(),
    goToLogin: () => navigate('/login'),
  },
});

function UnauthorizedBridge() {
  const actor = SessionContext.useActorRef();
  useEffect(() => setUnauthorizedHandler(() => actor.send({ type: 'UNAUTHORIZED' })), [actor]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // Read once: the stored user decides where `restoring` goes.
  const options = useMemo(() => ({ input: { storedUser: readStoredUser() } }), []);
  return (
    <SessionContext.Provider logic={sessionLogic} options={options}>
      <UnauthorizedBridge />
      {children}
    </SessionContext.Provider>
  );
}

export function useSessionUser(): SessionUser | null {
  return SessionContext.useSelector((s) => (s.matches('signedIn') ? s.context.user : null));
}
