import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import {
  createOfflineClient,
  createRealtimeClient,
  type OnlineUser,
  type RealtimeClient,
  type RealtimeStatus,
} from '../../lib/socket.ts';
import { sessionEnded, setSocketDisconnect } from '../../state/session.tsx';

const RealtimeContext = createContext<RealtimeClient | null>(null);

export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime outside RealtimeProvider');
  return client;
}

/**
 * The dashboard's socket: connected when the dashboard starts (spec §4, manual connect), disconnected when it
 * goes away and on logout. Tests pass their own `client`.
 */
export function RealtimeProvider({
  me,
  client: given,
  children,
}: {
  me: { userId: string; ownerId: string };
  client?: RealtimeClient;
  children: ReactNode;
}) {
  // Component tests without a socket of their own get one that stays offline (happy-dom has no server to reach).
  const [client] = useState(
    () => given ?? (import.meta.env.MODE === 'test' ? createOfflineClient() : createRealtimeClient()),
  );
  const { userId, ownerId } = me;
  // The server ended the session: the session machine signs out at once, with the reason.
  useEffect(() => client.on('ended', sessionEnded), [client]);
  useEffect(() => {
    client.connect({ userId, ownerId });
    setSocketDisconnect(() => client.disconnect());
    return () => {
      setSocketDisconnect(() => {});
      client.disconnect();
    };
  }, [client, userId, ownerId]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtime();
  return useSyncExternalStore((notify) => client.on('status', notify), client.status);
}

/** Spec §4: online or offline from the getUsers list. */
export function useOnlineUsers(): OnlineUser[] {
  const client = useRealtime();
  return useSyncExternalStore((notify) => client.on('users', notify), client.onlineUsers);
}
