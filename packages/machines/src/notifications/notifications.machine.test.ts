import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type NotificationItem, notificationsMachine } from './notifications.machine.ts';

const storageFull: NotificationItem = {
  _id: '7',
  id: 7,
  type: 'danger',
  title: 'No storage space',
  message: '<b>No storage space</b>',
  createdAt: '2026-11-21T10:00:00.000Z',
  read: false,
};

/**
 * Found by walking the chart against the BFF (issue 17, apps/bff/test/notifications.model.test.ts): a listed
 * notification read on another device came back unread when the same one was given again unread (a push rendered
 * before the read-all, arriving after it), and the badge counted it while the server held it read.
 */
describe('notifications chart: read is for good', () => {
  it('a notification read here stays read when the same one arrives again unread', async () => {
    const actor = createActor(
      notificationsMachine.provide({ actors: { loadNotifications: fromPromise<NotificationItem[]>(async () => []) } }),
      { input: { onBilling: false } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'notification.received', notification: storageFull });
    actor.send({ type: 'notifications.allRead' });
    actor.send({ type: 'notification.received', notification: { ...storageFull, title: 'Updated' } });
    expect(actor.getSnapshot().context.items).toEqual([{ ...storageFull, title: 'Updated', read: true }]);
    // An unread one given again is taken as it comes, read when it is read.
    actor.send({ type: 'notification.received', notification: { ...storageFull, id: 8, _id: '8' } });
    actor.send({ type: 'notification.received', notification: { ...storageFull, id: 8, _id: '8', read: true } });
    expect(actor.getSnapshot().context.items.map((n) => [n.id, n.read])).toEqual([
      [8, true],
      [7, true],
    ]);
  });
});
