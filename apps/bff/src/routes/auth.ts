import {
  ZConfirmBody,
  ZCsrfToken,
  ZForgotBody,
  ZLoginBody,
  ZOk,
  ZRegisterAnswer,
  ZRegisterBody,
  ZResetBody,
  ZSignedIn,
} from '@majlis/contracts';
import { joinByDomain } from '@majlis/core/accounts/domains';
import { findActor, toSessionUser } from '@majlis/core/auth/actor';
import { checkCredentials } from '@majlis/core/auth/login';
import { requestPasswordReset, resetPassword } from '@majlis/core/auth/password-reset';
import { confirmRegistration, requestRegistration } from '@majlis/core/auth/register';
import { users } from '@majlis/core/db/schema/index';
import { AppError } from '@majlis/core/errors';
import { loginDelayMs } from '@majlis/core/rate-limit';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { keepChosenLanguage } from '../http/chosen-language.ts';
import { anonymousCsrf, endSession, type requireActor, setCsrfCookie, startSession } from '../http/session.ts';
import { doc, jsonBody } from '../http/validate.ts';

async function signedInUser(c: Parameters<typeof requireActor>[0], userId: string, accountId: string) {
  const actor = await findActor(c.get('runtime').db, userId, accountId);
  if (!actor) throw new Error('actor vanished right after sign-in');
  c.set('actor', actor);
  return toSessionUser(actor);
}

async function joinDomainOf(c: Parameters<typeof requireActor>[0], userId: string) {
  const { db } = c.get('runtime');
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  if (user) await joinByDomain(db, user, c.get('ip'));
}

/** Sign-up, sign-in, sign-out and password reset; the CSRF token lives in the session. */
export const authRoutes = new Hono<Env>()
  /** Spec §7: the client reads getCsrfToken at start; an anonymous session is made to bind it to. */
  .get(
    '/csrf-token',
    doc('CSRF token bound to the session (or, signed out, to an anonymous nonce cookie)', {
      public: true,
      response: ZCsrfToken,
    }),
    async (c) => {
      // A signed-in session has its own token; a visitor gets one without a database row (session.ts anonymousCsrf).
      const token = c.get('session')?.csrfToken ?? anonymousCsrf(c);
      setCsrfCookie(c, token);
      c.header('Cache-Control', 'no-store');
      return c.json({ getCsrfToken: token });
    },
  )
  .post(
    '/register',
    doc('Register: e-mails a confirmation link (or, for a known address, a note to its owner) → 202 either way', {
      public: true,
      response: ZRegisterAnswer,
      statuses: [202],
    }),
    jsonBody(ZRegisterBody),
    async (c) => {
      const { limits, db, config } = c.get('runtime');
      await limits.consume('registerIp', c.get('ip'));
      const body = c.req.valid('json');
      await limits.consume('registerAccount', body.email);
      await requestRegistration(db, config, { ...body, locale: c.get('locale') });
      return c.json({ ok: true, confirm: 'email' }, 202);
    },
  )
  .post(
    '/register/confirm',
    doc('Finish registering with the e-mailed link: makes the user and signs in', {
      public: true,
      response: ZSignedIn,
      statuses: [201],
    }),
    jsonBody(ZConfirmBody),
    async (c) => {
      const { limits, db, config } = c.get('runtime');
      await limits.consume('resetIp', c.get('ip'));
      const { userId, accountId } = await confirmRegistration(db, config, c.req.valid('json').token);
      // Issue 30: an address at a domain an institution proved joins it (or asks to).
      await joinDomainOf(c, userId);
      await keepChosenLanguage(c, userId);
      await startSession(c, userId, accountId);
      return c.json({ user: await signedInUser(c, userId, accountId) }, 201);
    },
  )
  /**
   * Anti-lockout (README "Deploying safely"): attempts are taken from the IP's and the (e-mail, IP) pair's allowance
   * up front, so parallel guesses cannot overshoot, and given back when the password was right: only failures use
   * them up. Failures on an e-mail from anywhere slow later attempts on it (loginDelayMs) but never refuse them.
   */
  .post(
    '/login',
    doc('Sign in with e-mail and password', { public: true, response: ZSignedIn }),
    jsonBody(ZLoginBody),
    async (c) => {
      const { limits, db, config } = c.get('runtime');
      const { email, password } = c.req.valid('json');
      const ip = c.get('ip');
      const who = email.trim().toLowerCase();
      const pair = `${who}|${ip}`;
      await limits.consume('loginIp', ip);
      try {
        await limits.consume('loginAccountIp', pair);
      } catch (err) {
        await limits.refund('loginIp', ip);
        throw err;
      }
      const delay = loginDelayMs(config, await limits.used('loginAccount', who));
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      let signedIn: { userId: string; accountId: string };
      try {
        signedIn = await checkCredentials(db, email, password);
      } catch (err) {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') await limits.count('loginAccount', who);
        else await Promise.all([limits.refund('loginIp', ip), limits.refund('loginAccountIp', pair)]);
        throw err;
      }
      await Promise.all([limits.refund('loginIp', ip), limits.reset('loginAccountIp', pair)]);
      const { userId, accountId } = signedIn;
      await joinDomainOf(c, userId);
      await keepChosenLanguage(c, userId);
      await startSession(c, userId, accountId);
      return c.json({ user: await signedInUser(c, userId, accountId) });
    },
  )
  /** Spec §7: GET, and the only GET that changes state. Always succeeds. */
  .get('/logout', doc('End the session', { public: true, response: ZOk }), async (c) => {
    await endSession(c);
    return c.json({ ok: true });
  })
  .post(
    '/password/forgot',
    doc('E-mail a single-use reset link', { public: true, response: ZOk }),
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
    doc('Set a new password with a reset token', { public: true, response: ZOk }),
    jsonBody(ZResetBody),
    async (c) => {
      const { limits, db, config, bus } = c.get('runtime');
      await limits.consume('resetIp', c.get('ip'));
      const { token, password } = c.req.valid('json');
      await resetPassword(db, config, token, password, bus);
      return c.json({ ok: true });
    },
  );
