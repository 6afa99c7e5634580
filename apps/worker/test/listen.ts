import { createRedisBus } from '@majlis/core/events/bus';
import { NOTIFICATION_TOPIC, type NotificationEvent } from '@majlis/core/notifications/notifications';
import { redisUrl } from '@majlis/core/testing';

const PROBE_TOPIC = 'test.probe';

/**
 * What the BFFs hear of the worker's pushes: a subscriber on the bus under the worker's REDIS_PREFIX (as a BFF's
 * runtime subscribes), recording the ids of one user's notifications in one account, in order, repeats included.
 * Answers once the subscription is live: a probe published through the same bus came back.
 */
export async function listen(prefix: string, who: () => { userId: string; accountId: string }) {
  const bus = createRedisBus(redisUrl as string, `${prefix}bus:`);
  const received: number[] = [];
  bus.subscribe(NOTIFICATION_TOPIC, (event) => {
    const { userId, accountId, notification } = event as NotificationEvent;
    const { userId: u, accountId: a } = who();
    if (userId === u && accountId === a) received.push(Number(notification.id));
  });
  let heard = false;
  bus.subscribe(PROBE_TOPIC, () => {
    heard = true;
  });
  // Subscribed in order on one connection: once the probe comes back, the notifications' subscription is live too.
  const deadline = Date.now() + 10_000;
  while (!heard) {
    if (Date.now() > deadline) throw new Error('the bus subscription did not come up');
    await bus.publish(PROBE_TOPIC, { type: PROBE_TOPIC });
    await new Promise((r) => setTimeout(r, 50));
  }
  return { received, close: () => bus.close() };
}
