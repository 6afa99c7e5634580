import { ZOk } from '@majlis/contracts/common';
import { ZPushDevice, ZPushDeviceBody, ZPushDeviceList, ZPushKey } from '@majlis/contracts/push';
import { listPushDevices, registerPushDevice, removePushDevice } from '@majlis/core/notifications/web-push';
import { deviceOf } from '@majlis/core/profile/user-sessions';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc, idParam, jsonBody } from '../http/validate.ts';

const tags = ['push'];

/**
 * A device is stored with its browser's user agent and shown by a readable name, as the sessions list shows one
 * ("Chrome — Android", profile/user-sessions deviceOf); '' when nothing in it is recognised (the client says "a browser").
 */
const readable = <T extends { label: string }>(d: T): T => ({ ...d, label: deviceOf(d.label) });

/** Web Push devices (issue 31): the profile's "notify this device", its list and removal; the VAPID public key. */
export const pushRoutes = new Hono<Env>()
  .get('/push/key', doc('The VAPID public key (applicationServerKey)', { tags, response: ZPushKey }), (c) => {
    requireActor(c);
    return c.json({ publicKey: c.get('runtime').config.vapid?.publicKey ?? null });
  })
  .get('/push/devices', doc("The own devices' push registrations", { tags, response: ZPushDeviceList }), async (c) =>
    c.json({ devices: (await listPushDevices(c.get('runtime').db, requireActor(c))).map(readable) }),
  )
  .post(
    '/push/devices',
    doc('Register this device for push notifications', { tags, response: ZPushDevice, statuses: [201] }),
    jsonBody(ZPushDeviceBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('pushDeviceUser', actor.userId);
      const label = c.req.header('user-agent') ?? '';
      return c.json(readable(await registerPushDevice(db, actor, c.req.valid('json'), label)), 201);
    },
  )
  .delete('/push/devices/:id', doc('Remove one of the own devices', { tags, response: ZOk }), async (c) => {
    const actor = requireActor(c);
    const { db, limits } = c.get('runtime');
    await limits.consume('pushDeviceUser', actor.userId);
    await removePushDevice(db, actor, idParam(c.req.param('id')));
    return c.json({ ok: true as const });
  });
