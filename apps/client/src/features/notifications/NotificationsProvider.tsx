import { type NotificationItem, notificationsMachine } from '@majlis/machines';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { fromPromise } from 'xstate';
import { api, body, seg } from '../../lib/api.ts';
import { inspect } from '../../lib/inspect.ts';
import type { NotificationView } from '../../lib/socket.ts';
import { useRealtime } from '../chat/realtime.tsx';

export const NotificationsContext = createActorContext(notificationsMachine);

export const BILLING_PATH = '/dashbord/billing';

export const notificationsLogic = notificationsMachine.provide({
  actors: {
    // Spec §7: GET /api/notif/notify; a failure leaves the list as it is (spec §8: ignored).
    loadNotifications: fromPromise(async () => {
      const list: NotificationView[] = await body(api.notif.notify.$get({ query: {} }));
      return list as unknown as NotificationItem[];
    }),
  },
  actions: {
    dismissNotification: (_, { id }) => {
      void body(api.notif.notify[':id'].$put({ param: { id: seg(id) } })).catch(() => {});
    },
  },
});

function Bridge() {
  const actor = NotificationsContext.useActorRef();
  const realtime = useRealtime();
  const { pathname } = useLocation();
  const onBilling = pathname.startsWith(BILLING_PATH);
  useEffect(
    () =>
      // A storage warning's effect on the sidebar's storage block is in state/live-queries.tsx.
      realtime.on('notification', (n) =>
        actor.send({ type: 'notification.received', notification: n as unknown as NotificationItem }),
      ),
    [actor, realtime],
  );
  // Issue 17: what another device of the user did, decided on the server; this list and badge follow.
  useEffect(() => {
    const offDismissed = realtime.on('notificationDismissed', (id) => actor.send({ type: 'notification.removed', id }));
    const offRead = realtime.on('notificationsRead', () => actor.send({ type: 'notifications.allRead' }));
    return () => {
      offDismissed();
      offRead();
    };
  }, [actor, realtime]);
  useEffect(() => {
    actor.send({ type: 'location.changed', onBilling });
  }, [actor, onBilling]);
  return null;
}

/**
 * The notifications statechart for the dashboard: loaded at start, live pushes added, dismissals sent, and what the
 * user's other devices dismissed or read followed.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The machine starts from the first location only; later ones arrive as location.changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: deliberately the first pathname (see above).
  const options = useMemo(() => ({ input: { onBilling: pathname.startsWith(BILLING_PATH) }, inspect }), []);
  return (
    <NotificationsContext.Provider logic={notificationsLogic} options={options}>
      <Bridge />
      {children}
    </NotificationsContext.Provider>
  );
}

/** The bell's badge (spec §9): how many are unread (it shows 9+ at most). */
export function useNotificationCount(): number {
  return NotificationsContext.useSelector((s) => s.context.items.filter((n) => !n.read).length);
}
