import { memberRoom } from '@majlis/contracts/socket-rooms';
import type { EventBus } from '@majlis/core/events/bus';
import { NOTIFICATION_CHANGED_TOPIC, type NotificationChangedEvent } from '@majlis/core/notifications/notifications';
import { type IoServer, localSockets } from './io.ts';

/**
 * Issue 17: a dismissal or read-all decided on the server reaches every device of that user in that account, so the
 * lists and badges agree. The bus brings the change to every instance; each tells only its own sockets (a broadcast
 * through the Redis adapter would reach each socket once per instance).
 */
export function subscribeNotificationChanges(io: IoServer, bus: EventBus): () => void {
  return bus.subscribe(NOTIFICATION_CHANGED_TOPIC, (event) => {
    const e = event as NotificationChangedEvent;
    const targets = localSockets(io, [memberRoom(e.accountId, e.userId)]).map((socket) => socket.id);
    if (!targets.length) return;
    if (e.dismissed !== undefined) io.local.to(targets).emit('notification.dismissed', { id: e.dismissed });
    if (e.read) io.local.to(targets).emit('notifications.read', {});
  });
}
