import { ZOk } from '@majlis/contracts/common';
import {
  ZNotificationListQuery,
  ZNotificationsReadAnswer,
  ZNotificationsReadBody,
  ZNotificationView,
} from '@majlis/contracts/notifications';
import { assertSelf } from '@majlis/core/chat/chat-access';
import { notFound } from '@majlis/core/errors';
import {
  dismissNotification,
  listNotifications,
  markNotificationsRead,
} from '@majlis/core/notifications/notifications';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc, jsonBody, queryOf } from '../http/validate.ts';

/** Spec §7 notifications, rendered in the reader's language (the MajlisLang cookie, else Accept-Language). */
export const notificationRoutes = new Hono<Env>()
  .get(
    '/notif/notify',
    doc('Notifications not dismissed, newest first; `after` gives those after a stream id', {
      tags: ['notifications'],
      response: z.array(ZNotificationView),
    }),
    queryOf(ZNotificationListQuery),
    async (c) =>
      c.json(await listNotifications(c.get('runtime').db, requireActor(c), c.get('locale'), c.req.valid('query'))),
  )
  /** Spec §4: dismissing removes it from the list; the user's other devices are told (issue 17). */
  .put('/notif/notify/:id', doc('Dismiss a notification', { tags: ['notifications'], response: ZOk }), async (c) => {
    const id = c.req.param('id');
    if (!/^\d{1,15}$/.test(id)) throw notFound();
    await dismissNotification(c.get('runtime'), requireActor(c), Number(id));
    return c.json({ ok: true });
  })
  .post(
    '/notif/notify',
    doc('Mark all notifications read (the client reloads the list after)', {
      tags: ['notifications'],
      response: ZNotificationsReadAnswer,
    }),
    jsonBody(ZNotificationsReadBody),
    async (c) => {
      const actor = requireActor(c);
      assertSelf(actor, c.req.valid('json'));
      return c.json({ ok: true, read: await markNotificationsRead(c.get('runtime'), actor) });
    },
  );
