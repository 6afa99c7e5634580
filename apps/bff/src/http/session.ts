import { getConnInfo } from '@hono/node-server/conninfo';
import {
  type Actor,
  AppError,
  createSession,
  destroySession,
  findActor,
  findSession,
  safeEqual,
  sessionCookieName,
  unauthenticated,
} from '@majlis/core';
import { normalizeLocale } from '@majlis/i18n';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../env.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const LANG_COOKIE = 'MajlisLang';

function clientIp(c: Context<Env>): string {
  const { config } = c.get('runtime');
  if (config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Loads the session named by the cookie and the actor behind it; a dead session's cookie is cleared. */
export const loadSession: MiddlewareHandler<Env> = async (c, next) => {
  const { db, config } = c.get('runtime');
  c.set('ip', clientIp(c));
  c.set('locale', normalizeLocale(getCookie(c, LANG_COOKIE) ?? c.req.header('accept-language')?.slice(0, 2)));
  const name = sessionCookieName(config);
  const sid = getCookie(c, name) ?? null;
  let session = sid ? await findSession(db, config, sid) : null;
  let actor: Actor | null = null;
  if (session?.userId && session.accountId) {
    actor = await findActor(db, session.userId, session.accountId);
    if (!actor && sid) {
      await destroySession(db, config, sid);
      session = null;
    }
  }
  if (sid && !session) deleteCookie(c, name, { path: '/', secure: config.secure });
  c.set('sessionId', session ? sid : null);
  c.set('session', session);
  c.set('actor', actor);
  await next();
};

/**
 * Provider callbacks and webhooks: called by servers, not browsers, and verified by their own signatures
 * (BBB checksum / JWT HS256, Zoom x-zm-signature), so they carry no CSRF token and may post forms.
 */
export const SIGNED_CALLBACK_PATHS = new Set([
  '/api/webhooks/bbb/recording-ready',
  '/api/webhooks/bbb/events',
  '/api/webhooks/zoom',
]);

/** Spec §7/§9: every unsafe method carries X-CSRF-Token equal to the token bound to the session (constant time). */
export const requireCsrf: MiddlewareHandler<Env> = async (c, next) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
  if (SIGNED_CALLBACK_PATHS.has(c.req.path)) return next();
  const token = c.req.header('x-csrf-token') ?? c.req.header('x-xsrf-token');
  const session = c.get('session');
  if (!token || !session || !safeEqual(token, session.csrfToken)) throw new AppError(403, 'CSRF_INVALID');
  await next();
};

export function requireActor(c: Context<Env>): Actor {
  const actor = c.get('actor');
  if (!actor) throw unauthenticated();
  return actor;
}

function cookieOptions(c: Context<Env>) {
  const { config } = c.get('runtime');
  return { path: '/', secure: config.secure, sameSite: 'Lax' as const };
}

export function setCsrfCookie(c: Context<Env>, token: string) {
  setCookie(c, XSRF_COOKIE, token, { ...cookieOptions(c), httpOnly: false });
}

/**
 * Starts a new session (a new id at every sign-in and account switch), ending the one the request came with.
 * Returns the new CSRF token, also mirrored in the XSRF-TOKEN cookie.
 */
export async function startSession(c: Context<Env>, userId: string | null, accountId: string | null) {
  const { db, config } = c.get('runtime');
  const old = c.get('sessionId');
  if (old) await destroySession(db, config, old);
  const { id, row } = await createSession(db, config, {
    userId,
    accountId,
    ip: c.get('ip'),
    userAgent: c.req.header('user-agent'),
  });
  const maxAge = userId ? config.SESSION_ABSOLUTE_SECONDS : 24 * 3600;
  setCookie(c, sessionCookieName(config), id, { ...cookieOptions(c), httpOnly: true, maxAge });
  setCsrfCookie(c, row.csrfToken);
  c.set('sessionId', id);
  c.set('session', row);
  return row.csrfToken;
}

export async function endSession(c: Context<Env>) {
  const { db, config } = c.get('runtime');
  const sid = c.get('sessionId');
  if (sid) await destroySession(db, config, sid);
  clearSessionCookies(c);
  c.set('sessionId', null);
  c.set('session', null);
  c.set('actor', null);
}

export function clearSessionCookies(c: Context<Env>) {
  const { config } = c.get('runtime');
  deleteCookie(c, sessionCookieName(config), { path: '/', secure: config.secure });
  deleteCookie(c, XSRF_COOKIE, { path: '/', secure: config.secure });
}
