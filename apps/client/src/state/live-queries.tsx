import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationView, RealtimeClient } from '../lib/socket.ts';
import { queryKeys } from './query-keys.ts';

/** A storage notification (spec §9) carries its level: usage changed, so the sidebar's storage block follows. */
const isStorageNotice = (n: NotificationView) => !!(n as { event_meta?: { level?: unknown } }).event_meta?.level;

/**
 * The one map from socket.io events to the server state they make stale. A page never listens for these itself:
 * it reads with a query key, and this marks the key stale so every page showing it re-reads.
 */
export function liveInvalidations(realtime: RealtimeClient, queryClient: QueryClient): () => void {
  const invalidate = (...keys: QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const offs = [
    realtime.on('notification', (n) => {
      if (isStorageNotice(n)) invalidate(queryKeys.account.storage);
    }),
    // The teams the user sees changed (team setup on another device or by another manager).
    realtime.on('teams', () => invalidate(queryKeys.teams.all)),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** Mounted once under the dashboard's RealtimeProvider. */
export function useLiveInvalidations(realtime: RealtimeClient): void {
  const queryClient = useQueryClient();
  useEffect(() => liveInvalidations(realtime, queryClient), [realtime, queryClient]);
}

/** After a write that changes what the storage block shows (a room added or removed, a recording deleted, a trial). */
export function useStorageChanged(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.account.storage });
}
