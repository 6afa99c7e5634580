import { ZCookieConsent, ZCookieConsentBody } from '@majlis/contracts/cookie-consent';
import { ZInstitution, ZInstitutionBody } from '@majlis/contracts/institution';
import {
  PICTURE_MAX_BYTES,
  ZPasswordChangeBody,
  ZPictureAnswer,
  ZProfileAnswer,
  ZProfileBody,
  ZProfileLocaleAnswer,
  ZProfileLocaleBody,
  ZSessionList,
  ZSessionsEnded,
} from '@majlis/contracts/profile';
import { getInstitution, updateInstitution } from '@majlis/core/accounts/institution';
import { AppError } from '@majlis/core/errors';
import { changePassword } from '@majlis/core/profile/change-password';
import { getCookieConsent, saveCookieConsent } from '@majlis/core/profile/cookie-consent';
import { findPicture, savePicture } from '@majlis/core/profile/picture';
import { saveLocale, updateProfile } from '@majlis/core/profile/update-profile';
import { endOtherSessions, listUserSessions } from '@majlis/core/profile/user-sessions';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { actorChanged, requireActor, startSession } from '../http/session.ts';
import { doc, idParam, jsonBody } from '../http/validate.ts';

/**
 * Routes whose body is not JSON: the picture is sent as the file's raw bytes (no base64 third on top, and the browser
 * reports upload progress). app.ts lets them past its JSON-only and 1 MB checks; the route sets its own limit, and the
 * CSRF header is still required.
 */
export const RAW_BODY_PATHS = new Set(['/api/profile/picture']);

/** The picture's own limit: a 413 in the error shape that says "1 MB" for the picture, not for the request. */
const pictureLimit = bodyLimit({
  maxSize: PICTURE_MAX_BYTES,
  onError: () => {
    throw new AppError(413, 'PICTURE_TOO_LARGE');
  },
});

/** Pictures change their URL when they change (pictureUrl's ?v=), so a day in the browser's own cache is safe. */
const PICTURE_CACHE = 'private, max-age=86400';

/** The signed-in user's own profile (issue 11), language and cookie choice; the acting institution's details. */
export const profileRoutes = new Hono<Env>()
  .put('/profile', doc('Save the own profile', { response: ZProfileAnswer }), jsonBody(ZProfileBody), async (c) => {
    const actor = requireActor(c);
    const answer = await updateProfile(c.get('runtime').db, actor, c.req.valid('json'));
    await actorChanged(c, actor.userId);
    return c.json(answer);
  })
  .put(
    '/profile/locale',
    doc("Save the own profile's language (the language toggle)", { response: ZProfileLocaleAnswer }),
    jsonBody(ZProfileLocaleBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('preferenceUser', actor.userId);
      const answer = await saveLocale(db, actor, c.req.valid('json'));
      await actorChanged(c, actor.userId);
      return c.json(answer);
    },
  )
  .get('/cookie-consent', doc('The own cookie choice', { response: ZCookieConsent }), async (c) =>
    c.json(await getCookieConsent(c.get('runtime').db, requireActor(c))),
  )
  .put(
    '/cookie-consent',
    doc('Record the own cookie choice (once per cookie policy version)', { response: ZCookieConsent }),
    jsonBody(ZCookieConsentBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('preferenceUser', actor.userId);
      return c.json(await saveCookieConsent(db, actor, c.req.valid('json')));
    },
  )
  .put(
    '/profile/picture',
    doc('Upload the own picture (raw JPEG or PNG bytes)', { response: ZPictureAnswer }),
    pictureLimit,
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('pictureUser', actor.userId);
      const bytes = Buffer.from(await c.req.arrayBuffer());
      const picture = await savePicture(db, actor, bytes);
      await actorChanged(c, actor.userId);
      return c.json({ picture });
    },
  )
  .get('/users/:id/picture', doc('A user picture (the user and people sharing an account)'), async (c) => {
    const pic = await findPicture(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')));
    const etag = `"${pic.etag}"`;
    const headers = { ETag: etag, 'Cache-Control': PICTURE_CACHE, Vary: 'Cookie' };
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((t) => t.trim() === etag)
    ) {
      return c.body(null, 304, headers);
    }
    return c.body(new Uint8Array(pic.bytes), 200, { ...headers, 'Content-Type': pic.mime });
  })
  .post(
    '/profile/password',
    doc('Change the own password; the other sessions end', { response: ZSessionsEnded }),
    jsonBody(ZPasswordChangeBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, bus, limits } = c.get('runtime');
      await limits.consume('passwordChangeUser', actor.userId);
      const ended = await changePassword(db, bus, actor, c.get('session')?.idHash ?? null, c.req.valid('json'));
      // A new session id for this device too, as at every sign-in: an id copied before the change is worth nothing.
      await startSession(c, actor.userId, actor.accountId);
      return c.json({ ok: true as const, endedSessions: ended });
    },
  )
  .get('/profile/sessions', doc('The own sessions', { response: ZSessionList }), async (c) => {
    const actor = requireActor(c);
    const sessions = await listUserSessions(c.get('runtime').db, actor.userId, c.get('session')?.idHash ?? null);
    return c.json({ sessions });
  })
  .post('/profile/sessions/end-others', doc('Sign out the other sessions', { response: ZSessionsEnded }), async (c) => {
    const actor = requireActor(c);
    const { db, bus } = c.get('runtime');
    const ended = await endOtherSessions(db, bus, actor.userId, c.get('session')?.idHash ?? null);
    return c.json({ ok: true as const, endedSessions: ended });
  })
  .get(
    '/account/institution',
    doc("The acting institution's details", { response: ZInstitution, power: 'manageUsers' }),
    async (c) => c.json(await getInstitution(c.get('runtime').db, requireActor(c))),
  )
  .put(
    '/account/institution',
    doc("Save the acting institution's details", { response: ZInstitution, power: 'editInstitution' }),
    jsonBody(ZInstitutionBody),
    async (c) =>
      c.json(await updateInstitution(c.get('runtime').db, requireActor(c), c.req.valid('json'), c.get('ip'))),
  );
