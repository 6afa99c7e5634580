import { assign, fromPromise, setup } from 'xstate';

/** The fields of a spec §3 notification the drawer's rules look at (the view carries the rest). */
export interface NotificationItem {
  _id: string;
  id: number;
  type: 'notif' | 'danger' | 'success' | 'warning';
  title: string;
  message: string;
  createdAt: string;
  read: boolean;
  [key: string]: unknown;
}

export interface NotificationsContext {
  /** Newest first, one per id. */
  items: NotificationItem[];
  /** The user is on /dashbord/billing: no renew-now button there (spec §8). */
  onBilling: boolean;
}

export type NotificationsEvent =
  | { type: 'notification.received'; notification: NotificationItem }
  | { type: 'notification.dismiss'; id: number }
  /** Another device of the user dismissed it (the server said so): drop it without telling the server again. */
  | { type: 'notification.removed'; id: number }
  /** The user read all on some device (the server said so): this badge goes to nothing too. */
  | { type: 'notifications.allRead' }
  /** The drawer opened: read the list again (what a missed push left out). */
  | { type: 'notifications.reload' }
  | { type: 'location.changed'; onBilling: boolean };

/**
 * One per id, newest first. Read is for good (the server's life chart never un-reads one): a listed notification
 * read here stays read when it is given again unread (a push rendered before another device read all that arrives
 * after it), so the badge does not count it again while the server holds it read.
 */
function merge(items: NotificationItem[], incoming: NotificationItem[]): NotificationItem[] {
  const byId = new Map(items.map((n) => [n.id, n]));
  for (const n of incoming) byId.set(n.id, byId.get(n.id)?.read && !n.read ? { ...n, read: true } : n);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/**
 * Notifications (spec §4, §8): loading (GET /api/notif/notify; a failure is ignored and leaves the list empty) →
 * ready, and again when the drawer opens. Live `notification` events are added once each (by id), also while
 * loading; dismissing removes one and tells the server. A dismissal or read-all on another device of the user
 * (issue 17: the server decided it and says so) removes it or marks all read here too, without telling the server
 * again. While a danger notification is listed, `ready` is in `renewNow` (the drawer offers renew-now to
 * /dashbord/billing) unless the user is already on billing (`onBilling`); otherwise `calm`.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as { onBilling: boolean },
  },
  actors: {
    loadNotifications: fromPromise<NotificationItem[]>(async () => {
      throw new Error('loadNotifications is supplied with .provide()');
    }),
  },
  actions: {
    /** PUT /api/notif/notify/{id}. */
    dismissNotification: (_, _params: { id: number }) => {},
    add: assign({
      items: ({ context }, params: { notifications: NotificationItem[] }) => merge(context.items, params.notifications),
    }),
    /** The server's list replaces ours, but a push newer than anything in it (arrived while loading) stays. */
    replace: assign({
      items: ({ context }, params: { notifications: NotificationItem[] }) => {
        const newest = Math.max(0, ...params.notifications.map((n) => n.id));
        return merge(
          params.notifications,
          context.items.filter((n) => n.id > newest),
        );
      },
    }),
    remove: assign({
      items: ({ context }, params: { id: number }) => context.items.filter((n) => n.id !== params.id),
    }),
    markAllRead: assign({
      items: ({ context }) => context.items.map((n) => (n.read ? n : { ...n, read: true })),
    }),
    setLocation: assign({ onBilling: (_, params: { onBilling: boolean }) => params.onBilling }),
  },
  guards: {
    offersRenewal: ({ context }) => !context.onBilling && context.items.some((n) => n.type === 'danger'),
    isListed: ({ context, event }) =>
      (event.type === 'notification.dismiss' || event.type === 'notification.removed') &&
      context.items.some((n) => n.id === event.id),
    hasDanger: ({ context }) => context.items.some((n) => n.type === 'danger'),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ items: [], onBilling: input.onBilling }),
  initial: 'loading',
  on: {
    'location.changed': {
      actions: { type: 'setLocation', params: ({ event }) => ({ onBilling: event.onBilling }) },
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadNotifications',
        src: 'loadNotifications',
        onDone: {
          target: 'ready',
          actions: { type: 'replace', params: ({ event }) => ({ notifications: event.output }) },
        },
        // Spec §8: notification calls fail silently.
        onError: 'ready',
      },
      on: {
        'notification.received': {
          actions: { type: 'add', params: ({ event }) => ({ notifications: [event.notification] }) },
        },
      },
    },
    ready: {
      initial: 'deciding',
      on: {
        'notification.received': {
          target: '.deciding',
          actions: { type: 'add', params: ({ event }) => ({ notifications: [event.notification] }) },
        },
        'notification.dismiss': {
          guard: 'isListed',
          target: '.deciding',
          actions: [
            { type: 'dismissNotification', params: ({ event }) => ({ id: event.id }) },
            { type: 'remove', params: ({ event }) => ({ id: event.id }) },
          ],
        },
        'notification.removed': {
          guard: 'isListed',
          target: '.deciding',
          actions: { type: 'remove', params: ({ event }) => ({ id: event.id }) },
        },
        'notifications.allRead': { actions: 'markAllRead' },
        'notifications.reload': 'loading',
        'location.changed': {
          target: '.deciding',
          actions: { type: 'setLocation', params: ({ event }) => ({ onBilling: event.onBilling }) },
        },
      },
      states: {
        deciding: {
          always: [
            { guard: 'offersRenewal', target: 'renewNow' },
            { guard: 'hasDanger', target: 'onBilling' },
            { target: 'calm' },
          ],
        },
        /** No danger notification listed. */
        calm: {},
        /** A danger notification is listed and renew-now leads to billing. */
        renewNow: {},
        /** A danger notification is listed, but the user is on billing already: no renew-now. */
        onBilling: {},
      },
    },
  },
});
