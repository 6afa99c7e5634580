import {
  checkCredentials,
  findActor,
  registerUser,
  requestPasswordReset,
  resetPassword,
  toSessionUser,
} from '@majlis/core';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { endSession, type requireActor, setCsrfCookie, startSession } from '../http/session.ts';
import { doc, jsonBody } from '../http/validate.ts';
import { ZForgotBody, ZLoginBody, ZRegisterBody, ZResetBody } from './schemas.ts';

async function signedInUser(c: Parameters<typeof requireActor>[0], userId: string, accountId: string) {
  const actor = await findActor(c.get('runtime').db, userId, accountId);
  if (!actor) throw new Error('actor vanished right after sign-in');
  c.set('actor', actor);
  return toSessionUser(actor);
}

/** Sign-up, sign-in, sign-out and password reset; the CSRF token lives in the session. */
export const authRoutes = new Hono<Env>()
  /** Spec §7: the client reads getCsrfToken at start; an anonymous session is made to bind it to. */
  .get('/csrf-token', doc('CSRF token bound to the session', { public: true }), async (c) => {
    let token = c.get('session')?.csrfToken;
    if (token) setCsrfCookie(c, token);
    else token = await startSession(c, null, null);
    c.header('Cache-Control', 'no-store');
    return c.json({ getCsrfToken: token });
  })
  .post(
    '/register',
    doc('Create a user with a personal account, and sign in', { public: true }),
    jsonBody(ZRegisterBody),
    async (c) => {
      const { limits, db } = c.get('runtime');
      await limits.consume('registerIp', c.get('ip'));
      const body = c.req.valid('json');
      await limits.consume('registerAccount', body.email);
      const { userId, accountId } = await registerUser(db, { ...body, locale: c.get('locale') });
      await startSession(c, userId, accountId);
      return c.json({ user: await signedInUser(c, userId, accountId) }, 201);
    },
  )
  .post('/login', doc('Sign in with e-mail and password', { public: true }), jsonBody(ZLoginBody), async (c) => {
    const { limits, db } = c.get('runtime');
    const { email, password } = c.req.valid('json');
    await limits.consume('loginIp', c.get('ip'));
    await limits.consume('loginAccount', email.trim());
    const { userId, accountId } = await checkCredentials(db, email, password);
    await limits.reset('loginAccount', email.trim());
    await startSession(c, userId, accountId);
    return c.json({ user: await signedInUser(c, userId, accountId) });
  })
  /** Spec §7: GET, and the only GET that changes state. Always succeeds. */
  .get('/logout', doc('End the session', { public: true }), async (c) => {
    await endSession(c);
    return c.json({ ok: true });
  })
  .post(
    '/password/forgot',
    doc('E-mail a single-use reset link', { public: true }),
    jsonBody(ZForgotBody),
    async (c) => {
      const { limits, db, config } = c.get('runtime');
      const { email } = c.req.valid('json');
      await limits.consume('resetIp', c.get('ip'));
      await limits.consume('resetAccount', email);
      await requestPasswordReset(db, config, email);
      return c.json({ ok: true });
    },
  )
  .post(
    '/password/reset',
    doc('Set a new password with a reset token', { public: true }),
    jsonBody(ZResetBody),
    async (c) => {
      const { limits, db, config } = c.get('runtime');
      await limits.consume('resetIp', c.get('ip'));
      const { token, password } = c.req.valid('json');
      await resetPassword(db, config, token, password);
      return c.json({ ok: true });
    },
  );
