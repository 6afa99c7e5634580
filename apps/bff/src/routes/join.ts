import { joinMeeting, lookupMeeting } from '@majlis/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { doc, jsonBody, paramsOf } from '../http/validate.ts';

const ZNumberParam = z.strictObject({ number: z.string().min(1).max(40) });
export const ZJoinBody = z.strictObject({
  /** Display name in the meeting; signed-in users may leave it out (their own name is used). */
  name: z.string('field.joinName').trim().max(100, 'field.tooLong').optional(),
  /** "Start as owner": refused politely for non-hosts, who join as participants with a notice. */
  asOwner: z.boolean('field.invalid').optional(),
});

/**
 * Public join by number (/join, /join/:number); Arabic-Indic digits accepted. Anonymous or signed in;
 * the POST needs the CSRF token like every POST (anonymous visitors get one from /api/csrf-token).
 */
export const joinRoutes = new Hono<Env>()
  .get(
    '/join/:number',
    doc(
      'Meeting by public number → { meeting: { number, name, status, startsAt, provider } } (404 MEETING_NUMBER_NOT_FOUND)',
      {
        tags: ['join'],
        public: true,
      },
    ),
    paramsOf(ZNumberParam),
    async (c) => c.json(await lookupMeeting(c.get('runtime'), c.req.valid('param').number)),
  )
  .post(
    '/join/:number',
    doc(
      'Join → { url, role, notice? }; 409 MEETING_NOT_STARTED (wait and re-check), MEETING_DELETED, MEETING_EXPIRED, MEETING_FINISHED, MEETING_INACTIVE',
      { tags: ['join'], public: true },
    ),
    paramsOf(ZNumberParam),
    jsonBody(ZJoinBody),
    async (c) =>
      c.json(await joinMeeting(c.get('runtime'), c.get('actor'), c.req.valid('param').number, c.req.valid('json'))),
  );
