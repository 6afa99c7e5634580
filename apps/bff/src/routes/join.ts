import { ZJoinAnswer, ZJoinBody, ZJoinNumberParam, ZPublicMeeting } from '@majlis/contracts';
import { AppError } from '@majlis/core/errors';
import { joinMeeting, lookupMeeting } from '@majlis/core/meetings/join';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { doc, jsonBody, paramsOf } from '../http/validate.ts';

/**
 * Lookups of numbers that do not exist are what enumeration looks like: each IP has a small allowance of misses per
 * window (taken up front so parallel guesses cannot overshoot, given back on a hit). Numbers have 9–12 digits when
 * generated and at least 8 when chosen, so the space is too large to walk at that pace.
 */
async function guarded<T>(c: Context<Env>, run: () => Promise<T>): Promise<T> {
  const { limits } = c.get('runtime');
  const ip = c.get('ip');
  await limits.consume('joinMissIp', ip);
  try {
    const result = await run();
    await limits.refund('joinMissIp', ip);
    return result;
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'MEETING_NUMBER_NOT_FOUND')) await limits.refund('joinMissIp', ip);
    throw err;
  }
}

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
        response: ZPublicMeeting,
      },
    ),
    paramsOf(ZJoinNumberParam),
    async (c) => c.json(await guarded(c, () => lookupMeeting(c.get('runtime'), c.req.valid('param').number))),
  )
  .post(
    '/join/:number',
    doc(
      'Join → { url, role, notice? }; 409 MEETING_NOT_STARTED (wait and re-check), MEETING_DELETED, MEETING_EXPIRED, MEETING_FINISHED, MEETING_INACTIVE; 403 MEETING_PASSCODE_REQUIRED / MEETING_PASSCODE_WRONG (hosts need none); 429 MEETING_PASSCODE_TRIES',
      { tags: ['join'], public: true, response: ZJoinAnswer },
    ),
    paramsOf(ZJoinNumberParam),
    jsonBody(ZJoinBody),
    async (c) =>
      c.json(
        await guarded(c, () =>
          joinMeeting(c.get('runtime'), c.get('actor'), c.req.valid('param').number, c.req.valid('json'), {
            ip: c.get('ip'),
          }),
        ),
      ),
  );
