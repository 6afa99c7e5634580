import type { TestModel, TestPath } from '@xstate/graph';
import { createModel, getTransitionPaths } from '../testing.ts';
import { type NotificationItem, type NotificationsEvent, notificationsMachine } from './notifications.machine.ts';

/**
 * Test-only: the notifications drawer's model (issue 17), walked against a running BFF by apps/bff
 * notifications.model.test.ts; the same events, state names and input as the drawer's page test
 * (apps/client notifications.test.tsx walks this model too), so both sides walk the same paths.
 * Two notifications are enough for every rule of the chart: one that only counts (a storage warning) and a danger one
 * (storage full, which offers renew-now). Ids 1 and 2 are the model's names for them; the BFF's test maps each to the
 * row it creates.
 */
export type NotificationsSnapshot = ReturnType<typeof notificationsMachine.getInitialSnapshot>;

/** The load's outcomes are events of the invoked actor, not of the machine's own union. */
export type NotificationsModelEvent =
  | NotificationsEvent
  | { type: 'xstate.done.actor.loadNotifications'; output: NotificationItem[] }
  | { type: 'xstate.error.actor.loadNotifications'; error: unknown };

/** The model's two notifications, as the page receives them (spec §3 view). */
export function modelNotification(id: 1 | 2): NotificationItem {
  const [type, title] =
    id === 1 ? (['warning', 'المساحة تقترب من الامتلاء'] as const) : (['danger', 'لا توجد مساحة تخزين'] as const);
  return {
    _id: String(id),
    id,
    type,
    title,
    message: `<b>${title}</b>`,
    source_type: null,
    event_meta: {},
    createdAt: '2026-11-21T10:00:00.000Z',
    read: false,
  };
}

/**
 * Read or not is part of where it stands: the badge counts the unread, and read-all on another device (issue 17)
 * changes only that. (A state's checks see one snapshot of it, so what they assert must all be in its name.)
 */
export const serializeNotificationsState = (s: NotificationsSnapshot) =>
  JSON.stringify([s.value, s.context.items.map((n) => `${n.id}${n.read ? 'r' : ''}`).sort(), s.context.onBilling]);

const warning = modelNotification(1);
const danger = modelNotification(2);

/** Every event the model may take, each notification received, dismissed and removed by its model id. */
export const NOTIFICATIONS_MODEL_EVENTS: NotificationsModelEvent[] = [
  { type: 'notification.received', notification: warning },
  { type: 'notification.received', notification: danger },
  { type: 'notification.dismiss', id: warning.id },
  { type: 'notification.dismiss', id: danger.id },
  { type: 'notification.removed', id: warning.id },
  { type: 'notification.removed', id: danger.id },
  { type: 'notifications.allRead' },
  { type: 'location.changed', onBilling: true },
  { type: 'location.changed', onBilling: false },
  { type: 'notifications.reload' },
  { type: 'xstate.done.actor.loadNotifications', output: [] },
  { type: 'xstate.error.actor.loadNotifications', error: new Error('offline') },
];

/** The model of the chart, started off billing (a page elsewhere in the dashboard). */
export function notificationsModel(): TestModel<NotificationsSnapshot, NotificationsModelEvent, unknown> {
  return createModel(notificationsMachine, {
    events: NOTIFICATIONS_MODEL_EVENTS as NotificationsEvent[],
    serializeState: serializeNotificationsState,
    input: { onBilling: false },
  }) as never;
}

/** An event as a path names it: `done:loadNotifications`, `notification.received(danger)`, `notification.dismiss(1)`. */
export function describeNotificationsEvent(e: NotificationsModelEvent): string {
  return e.type
    .replace('xstate.done.actor.', 'done:')
    .replace('xstate.error.actor.', 'error:')
    .concat('notification' in e ? `(${e.notification.type})` : 'id' in e ? `(${e.id})` : '')
    .concat('onBilling' in e ? `(${e.onBilling ? 'billing' : 'elsewhere'})` : '');
}

/** Every state and every transition of the chart, as paths of model events, each named by where it ends and how. */
export function notificationsPaths(): Array<TestPath<NotificationsSnapshot, NotificationsModelEvent>> {
  return getTransitionPaths(notificationsModel(), {
    serializeState: serializeNotificationsState,
    describe: describeNotificationsEvent,
  });
}
