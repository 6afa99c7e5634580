import { z } from 'zod';

/**
 * Wire contract of the calendar feed (issue 31): a secret per-user URL serving the user's meetings as iCalendar. The
 * secret is kept hashed, so its URL is shown once, when made; making a new one revokes the old.
 */

/** GET /api/calendar/feed: whether the user has a feed, and since when. */
export const ZCalendarFeedStatus = z.strictObject({
  active: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CalendarFeedStatus = z.infer<typeof ZCalendarFeedStatus>;

/** POST /api/calendar/feed: the new feed's URLs (https, webcal://) and the calendar apps' "add by URL" links. */
export const ZCalendarFeedLinks = z.strictObject({
  https: z.url(),
  webcal: z.string(),
  google: z.url(),
  outlook: z.url(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CalendarFeedLinks = z.infer<typeof ZCalendarFeedLinks>;

/** Path of the feed under the site: /api/calendar/feed/<user id>/<secret>.ics */
export const CALENDAR_FEED_PATH = '/api/calendar/feed';
