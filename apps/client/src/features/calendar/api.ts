import type { InferResponseType } from 'hono/client';
import { api, body } from '../../lib/api.ts';

/** The calendar feed (issue 31): a secret URL a phone's calendar subscribes to, shown once when made. */
export type CalendarFeedLinks = InferResponseType<typeof api.calendar.feed.$post, 201>;

export const calendarFeedApi = {
  status: () => body(api.calendar.feed.$get()),
  create: () => body(api.calendar.feed.$post()),
  revoke: () => body(api.calendar.feed.$delete()),
};
