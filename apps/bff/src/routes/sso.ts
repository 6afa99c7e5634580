import { ZSignedIn } from '@majlis/contracts';
import {
  OIDC_STATE_COOKIE,
  SSO_REFUSALS,
  ZSsoBody,
  ZSsoFindQuery,
  ZSsoFound,
  ZSsoLogoutAnswer,
  ZSsoSettings,
  ZSsoStartQuery,
  ZSsoTestAnswer,
} from '@majlis/contracts/sso';
import { backchannelLogout } from '@majlis/core/accounts/sso-logout';
import {
  getSsoSettings,
  removeSsoSettings,
  saveSsoSettings,
  testSsoSettings,
} from '@majlis/core/accounts/sso-settings';
import { findSsoInstitution, finishSsoSignIn, startSsoSignIn } from '@majlis/core/accounts/sso-sign-in';
import { toSessionUser } from '@majlis/core/auth/actor';
import { AppError } from '@majlis/core/errors';
import { logError } from '@majlis/core/log';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../env.ts';
import { keepChosenLanguage } from '../http/chosen-language.ts';
import { needsPower, requireActor, startSession } from '../http/session.ts';
import { doc, jsonBody, queryOf } from '../http/validate.ts';

const tags = ['sso'];
const power = 'editInstitution' as const;
/** Where a refused sign-in lands: the sign-in page names why (its code is one of SSO_REFUSALS). */
const refusedAt = (code: string) =>
  `/login?sso=${(SSO_REFUSALS as readonly string[]).includes(code) ? code : 'SSO_SIGN_IN_FAILED'}`;

/**
 * Issue 30: the owner's settings for the institution's own OpenID Connect provider, and the sign-in through it
 * (/api/auth/oidc/start → the provider → /api/auth/oidc/callback → a session, as a password sign-in makes).
 */
export const ssoRoutes = new Hono<Env>()
  .get(
    '/account/sso',
    doc("The institution's OpenID Connect settings", { tags, response: ZSsoSettings, power }),
    async (c) => {
      const { db, config } = c.get('runtime');
      return c.json(await getSsoSettings(db, config, requireActor(c)));
    },
  )
  .put(
    '/account/sso',
    doc('Save them (tested against the provider first)', { tags, response: ZSsoSettings, power }),
    needsPower(power),
    jsonBody(ZSsoBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, config, limits } = c.get('runtime');
      await limits.consume('ssoWrites', actor.userId);
      return c.json(await saveSsoSettings(db, config, actor, c.req.valid('json'), c.get('ip')));
    },
  )
  .post(
    '/account/sso/test',
    doc('Test a provider: discovery and the client id and secret', { tags, response: ZSsoTestAnswer, power }),
    needsPower(power),
    jsonBody(ZSsoBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, config, limits } = c.get('runtime');
      await limits.consume('ssoWrites', actor.userId);
      return c.json(await testSsoSettings(db, config, actor, c.req.valid('json')));
    },
  )
  .delete('/account/sso', doc('Turn it off', { tags, response: ZSsoSettings, power }), async (c) => {
    const actor = requireActor(c);
    const { db, config, limits } = c.get('runtime');
    await limits.consume('ssoWrites', actor.userId);
    return c.json(await removeSsoSettings(db, config, actor, c.get('ip')));
  })
  .get(
    '/auth/oidc/find',
    doc('The institution whose provider signs in this e-mail or short name', {
      tags,
      public: true,
      response: ZSsoFound,
    }),
    queryOf(ZSsoFindQuery),
    async (c) => {
      const { db, limits } = c.get('runtime');
      await limits.consume('ssoStartIp', c.get('ip'));
      c.header('Cache-Control', 'no-store');
      return c.json(await findSsoInstitution(db, c.req.valid('query').q));
    },
  )
  .get(
    '/auth/oidc/start',
    doc("Begin a sign-in through the institution's provider → 302 there", { tags, public: true }),
    queryOf(ZSsoStartQuery),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      await limits.consume('ssoStartIp', c.get('ip'));
      const { url, state } = await startSsoSignIn(db, config, c.req.valid('query').institution);
      // Lax: sent back on the provider's top-level redirect to the callback, not on a cross-site subrequest.
      setCookie(c, OIDC_STATE_COOKIE, state, {
        path: '/api/auth/oidc',
        httpOnly: true,
        secure: config.secure,
        sameSite: 'Lax',
        maxAge: 600,
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(url, 302);
    },
  )
  .post(
    '/auth/oidc/backchannel-logout/:accountId',
    doc("The institution's provider ends sessions (OpenID Connect Back-Channel Logout: a form with logout_token)", {
      tags,
      public: true,
      response: ZSsoLogoutAnswer,
    }),
    async (c) => {
      const { db, config, bus, limits } = c.get('runtime');
      await limits.consume('ssoLogoutIp', c.get('ip'));
      // The specification's answers are never cached; a bad token is 400 in the DESIGN §5 shape (its `code` field).
      c.header('Cache-Control', 'no-store');
      let logoutToken: string | undefined;
      if (/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(c.req.header('content-type') ?? '')) {
        const form = new URLSearchParams(await c.req.text());
        logoutToken = form.get('logout_token') ?? undefined;
      }
      const { ended } = await backchannelLogout(db, config, bus, {
        accountId: c.req.param('accountId'),
        logoutToken,
        ip: c.get('ip'),
      });
      return c.json({ ok: true as const, ended });
    },
  )
  .get(
    '/auth/oidc/session',
    doc('The user a sign-in through the provider just signed in', { tags, response: ZSignedIn }),
    async (c) => c.json({ user: toSessionUser(requireActor(c)) }),
  )
  .get(
    '/auth/oidc/callback',
    doc("The provider's answer → a session and the dashboard, or /login naming why not", {
      tags,
      public: true,
    }),
    async (c) => {
      const { db, config } = c.get('runtime');
      const cookieState = getCookie(c, OIDC_STATE_COOKIE);
      deleteCookie(c, OIDC_STATE_COOKIE, { path: '/api/auth/oidc', secure: config.secure });
      c.header('Cache-Control', 'no-store');
      let signedIn: Awaited<ReturnType<typeof finishSsoSignIn>>;
      try {
        signedIn = await finishSsoSignIn(db, config, {
          search: new URL(c.req.url).search,
          cookieState,
          ip: c.get('ip'),
          locale: c.get('locale'),
        });
      } catch (err) {
        if (!(err instanceof AppError)) logError('sso callback', err);
        return c.redirect(refusedAt(err instanceof AppError ? err.code : 'SSO_SIGN_IN_FAILED'), 302);
      }
      await keepChosenLanguage(c, signedIn.userId);
      await startSession(c, signedIn.userId, signedIn.accountId, { ssoSid: signedIn.ssoSid });
      // The client stores the signed-in user as after a password sign-in (/login reads /api/auth/oidc/session).
      return c.redirect('/login?sso=signed-in', 302);
    },
  );
