import { ZCalendarFeedLinks, ZCalendarFeedStatus } from '@majlis/contracts/calendar-feed';
import { ZOk } from '@majlis/contracts/common';
import {
  calendarFeedStatus,
  createCalendarFeed,
  FEED_REFRESH_SECONDS,
  readCalendarFeed,
  revokeCalendarFeed,
} from '@majlis/core/meetings/calendar-feed';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc } from '../http/validate.ts';

const tags = ['calendar'];

/**
 * The calendar feed (issue 31): the signed-in user makes, reads the state of and revokes their secret feed URL; the
 * feed itself needs no session (a phone's calendar reads it), only the secret in its path.
 */
export const calendarFeedRoutes = new Hono<Env>()
  .get('/calendar/feed', doc('Whether the own calendar feed exists', { tags, response: ZCalendarFeedStatus }), (c) =>
    calendarFeedStatus(c.get('runtime').db, requireActor(c)).then((s) => c.json(s)),
  )
  .post(
    '/calendar/feed',
    doc('A new secret calendar-feed URL (revokes the old one), shown this once', {
      tags,
      response: ZCalendarFeedLinks,
      statuses: [201],
    }),
    async (c) => {
      const actor = requireActor(c);
      const { db, config, limits } = c.get('runtime');
      await limits.consume('calendarFeedUser', actor.userId);
      return c.json(await createCalendarFeed(db, config, actor), 201);
    },
  )
  .delete('/calendar/feed', doc('Revoke the own calendar feed', { tags, response: ZOk }), async (c) => {
    const actor = requireActor(c);
    const { db, limits } = c.get('runtime');
    await limits.consume('calendarFeedUser', actor.userId);
    await revokeCalendarFeed(db, actor);
    return c.json({ ok: true as const });
  })
  .get('/calendar/feed/:userId/:file', doc('The calendar feed (text/calendar)', { tags, public: true }), async (c) => {
    const { userId, file } = c.req.param();
    const { db, config } = c.get('runtime');
    const { body, etag } = await readCalendarFeed(db, config, userId, file.replace(/\.ics$/, ''));
    const headers = {
      etag,
      'cache-control': `private, max-age=${Math.min(FEED_REFRESH_SECONDS, 900)}`,
      'referrer-policy': 'no-referrer',
    };
    const match = c.req.header('if-none-match');
    if (match?.split(',').some((x) => x.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304, headers);
    }
    return c.body(body, 200, {
      ...headers,
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="majlis.ics"',
    });
  });
