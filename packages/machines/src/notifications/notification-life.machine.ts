import { type SnapshotFrom, setup, transition } from 'xstate';

/** Where one stored notification stands (issue 17). `made` and `delivered` differ only in whether a socket had it. */
export type NotificationLife = 'made' | 'delivered' | 'read' | 'dismissed';

export type NotificationLifeEvent =
  /** A socket of its user was given it (live push or replay). */
  | { type: 'notification.delivered' }
  /** Seen: the drawer opened on some device (read-all). */
  | { type: 'notification.read' }
  /** Taken out of the list on some device; every other device of the user drops it too. */
  | { type: 'notification.dismiss' };

/**
 * notificationLife: one notification's life, decided on the server so that every device of its user agrees (the
 * badge counts what is not read, the drawer lists what is not dismissed). Nothing comes back from `dismissed`: a
 * second dismissal, or reading a dismissed one, is refused (the BFF answers 404, read-all does not count it).
 */
export const notificationLifeMachine = setup({
  types: { events: {} as NotificationLifeEvent },
}).createMachine({
  id: 'notificationLife',
  initial: 'made',
  states: {
    /** Stored, not yet given to any socket (its user may be offline: it waits in the list). */
    made: {
      on: {
        'notification.delivered': 'delivered',
        'notification.read': 'read',
        'notification.dismiss': 'dismissed',
      },
    },
    /** Pushed to a socket, still unread: counted by the badge. */
    delivered: {
      on: {
        'notification.read': 'read',
        'notification.dismiss': 'dismissed',
      },
    },
    /** Seen: listed, not counted. */
    read: {
      on: { 'notification.dismiss': 'dismissed' },
    },
    /** Gone from every device's list. */
    dismissed: { type: 'final' },
  },
});

export type NotificationLifeSnapshot = SnapshotFrom<typeof notificationLifeMachine>;

/** What a stored notification row says of its life (the table has `read` and `dismissed_at`; delivery is not stored). */
export interface NotificationLifeRow {
  read: boolean;
  dismissedAt: Date | string | null;
  delivered?: boolean;
}

/** Pure: the state of a stored row. A dismissed one is dismissed whatever its `read` says. */
export function lifeOf(row: NotificationLifeRow): NotificationLife {
  if (row.dismissedAt !== null && row.dismissedAt !== undefined) return 'dismissed';
  if (row.read) return 'read';
  return row.delivered ? 'delivered' : 'made';
}

/** Pure: where `event` takes a notification in `state`, or null when the chart refuses it (change nothing). */
export function decideNotification(state: NotificationLife, event: NotificationLifeEvent): NotificationLife | null {
  const snapshot = notificationLifeMachine.resolveState({ value: state });
  if (!snapshot.can(event)) return null;
  const [next] = transition(notificationLifeMachine, snapshot, event);
  return next.value as NotificationLife;
}
