import { getConnInfo } from '@hono/node-server/conninfo';
import {
  anonCookieName as anonCookieOf,
  CSRF_HEADER,
  LANG_COOKIE,
  X_XSRF_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@majlis/contracts';
import type { Actor } from '@majlis/core/auth/actor';
import { type Power, requirePower } from '@majlis/core/auth/powers';
import {
  createSession,
  destroySession,
  hashToken,
  randomToken,
  safeEqual,
  sessionCookieName,
} from '@majlis/core/auth/sessions';
import { AppError, unauthenticated } from '@majlis/core/errors';
import { publishActorChanged } from '@majlis/core/events/access';
import { decideLanguage, type LanguageCode } from '@majlis/machines';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../env.ts';
import { responseHeader } from './response-headers.ts';
import { sessionCacheOf } from './session-cache.ts';

/**
 * The client's address. Behind TRUST_PROXY = n proxies, each appends the address it saw to X-Forwarded-For, so the
 * n-th entry from the right was written by our own outermost proxy: everything left of it came from the client and
 * may be forged. Never the left-most entry.
 */
export function clientIp(c: Context<Env>): string {
  const { config } = c.get('runtime');
  return forwardedClient(c.req.header('x-forwarded-for'), config.TRUST_PROXY) ?? (socketAddress(c) || 'unknown');
}

/** The peer address of the TCP connection itself ('' when there is none: app.request() in tests). */
export function socketAddress(c: Context<Env>): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

/** The entry `hops` from the right of an X-Forwarded-For value (undefined when there are fewer, or hops is 0). */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!hops || !header) return undefined;
  const entries = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const entry = entries[entries.length - hops] ?? entries[0];
  return entry?.slice(0, 64);
}

/**
 * Loads the session named by the cookie and the actor behind it, from this instance's session cache (one database
 * round trip when it is not fresh there, none when it is); a dead session's cookie is cleared.
 */
export const loadSession: MiddlewareHandler<Env> = async (c, next) => {
  const runtime = c.get('runtime');
  const { db, config, bus } = runtime;
  c.set('ip', clientIp(c));
  const name = sessionCookieName(config);
  const sid = getCookie(c, name) ?? null;
  const facts =
    sid && sid.length <= 100 ? await sessionCacheOf(runtime).read(hashToken(config.sessionSecret, sid)) : null;
  let session = facts?.session ?? null;
  const actor = facts?.actor ?? null;
  // Bound to a user whose membership, user or account is gone or inactive: the session no longer stands.
  if (facts?.orphaned && sid) {
    await destroySession(db, config, sid, { bus, reason: 'gone' });
    session = null;
  }
  if (sid && !session) deleteCookie(c, name, { path: '/', secure: config.secure });
  const locale = requestLanguage(c, actor);
  c.set('locale', locale);
  responseHeader(c, 'Content-Language', locale);
  c.set('sessionId', session ? sid : null);
  c.set('session', session);
  c.set('actor', actor);
  c.set('userInfo', facts?.info ?? null);
  await next();
};

/**
 * The language machine's answers by their inputs: decideLanguage runs an xstate transition, a tenth of a cheap
 * request's CPU in bench:http's profile, and its answer depends on these three strings alone. A plain Map, cleared
 * when full (no library: nothing here needs recency), and only short keys (Accept-Language comes from the client).
 */
const languages = new Map<string, LanguageCode>();
const LANGUAGE_MEMO_MAX = 1000;
const LANGUAGE_KEY_MAX = 200;

/** The language machine's rule (issue 17): the signed-in user's profile, the MajlisLang cookie, Accept-Language. */
export function requestLanguage(c: Context<Env>, actor: Actor | null): LanguageCode {
  const input = {
    profile: actor?.locale,
    stored: getCookie(c, LANG_COOKIE) ?? null,
    acceptLanguage: c.req.header('accept-language'),
  };
  const key = `${input.profile}\n${input.stored}\n${input.acceptLanguage}`;
  if (key.length > LANGUAGE_KEY_MAX) return decideLanguage(input);
  let language = languages.get(key);
  if (!language) {
    language = decideLanguage(input);
    if (languages.size >= LANGUAGE_MEMO_MAX) languages.clear();
    languages.set(key, language);
  }
  return language;
}

/** Methods that change nothing: no CSRF token, no body (a module-level Set, not an array made per request). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Provider callbacks and webhooks: called by servers, not browsers, and verified by their own signatures
 * (BBB checksum / JWT HS256, Zoom x-zm-signature, Paymob HMAC-SHA512), so they carry no CSRF token and may post forms.
 */
export const SIGNED_CALLBACK_PATHS = new Set([
  '/api/webhooks/bbb/recording-ready',
  '/api/webhooks/bbb/events',
  '/api/webhooks/zoom',
  '/api/webhooks/paymob',
]);

/** An institution's provider posting a back-channel logout token (a form, signed by the provider's key; issue 30). */
export const BACKCHANNEL_LOGOUT_PREFIX = '/api/auth/oidc/backchannel-logout/';

/** A server's signed call (above, or a provider's logout token): no CSRF token, and it may post a form. */
export const isSignedCallback = (path: string) =>
  SIGNED_CALLBACK_PATHS.has(path) || path.startsWith(BACKCHANNEL_LOGOUT_PREFIX);

/** Spec §7/§9: every unsafe method carries X-CSRF-Token equal to the token bound to the session (constant time). */
export const requireCsrf: MiddlewareHandler<Env> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (isSignedCallback(c.req.path)) return next();
  const token = c.req.header(CSRF_HEADER) ?? c.req.header(XSRF_HEADER);
  const expected = c.get('session')?.csrfToken ?? anonymousCsrfToken(c);
  if (!token || !expected || !safeEqual(token, expected)) throw new AppError(403, 'CSRF_INVALID');
  await next();
};

/**
 * Visitors who are not signed in get a CSRF token without a database row (so a flood of cookieless requests writes
 * nothing): a random nonce in an HttpOnly cookie, and the token is its HMAC under SESSION_SECRET — the signed
 * double-submit pattern the OWASP CSRF cheat sheet recommends for state kept client-side. Sign-in replaces it with
 * the session's own token.
 */
function anonCookieName(c: Context<Env>) {
  return anonCookieOf(c.get('runtime').config.secure);
}

function anonymousCsrfToken(c: Context<Env>): string | null {
  const nonce = getCookie(c, anonCookieName(c));
  if (!nonce || nonce.length > 100) return null;
  return hashToken(c.get('runtime').config.sessionSecret, `csrf-anon:${nonce}`);
}

/** The anonymous visitor's token, from their nonce cookie, or a new nonce cookie and token. */
export function anonymousCsrf(c: Context<Env>): string {
  const existing = anonymousCsrfToken(c);
  if (existing) return existing;
  const nonce = randomToken();
  setCookie(c, anonCookieName(c), nonce, { ...cookieOptions(c), httpOnly: true, maxAge: 24 * 3600 });
  const token = hashToken(c.get('runtime').config.sessionSecret, `csrf-anon:${nonce}`);
  return token;
}

export function requireActor(c: Context<Env>): Actor {
  const actor = c.get('actor');
  if (!actor) throw unauthenticated();
  return actor;
}

/** A route's power (core/auth/powers.ts), checked before its body is read: 401 signed out, 403 without it. */
export const needsPower =
  (power: Power): MiddlewareHandler<Env> =>
  async (c, next) => {
    requirePower(requireActor(c), power);
    await next();
  };

function cookieOptions(c: Context<Env>) {
  const { config } = c.get('runtime');
  return { path: '/', secure: config.secure, sameSite: 'Lax' as const };
}

/** The token mirrored in XSRF-TOKEN and X-XSRF-TOKEN (spec §9), readable by the page's script. */
export function setCsrfCookie(c: Context<Env>, token: string) {
  setCookie(c, XSRF_COOKIE, token, { ...cookieOptions(c), httpOnly: false });
  setCookie(c, X_XSRF_COOKIE, token, { ...cookieOptions(c), httpOnly: false });
}

/**
 * Starts a new session (a new id at every sign-in and account switch), ending the one the request came with.
 * Returns the new CSRF token, also mirrored in the XSRF-TOKEN cookie.
 */
export async function startSession(
  c: Context<Env>,
  userId: string | null,
  accountId: string | null,
  opts: { ssoSid?: string | null } = {},
) {
  const { db, config, bus } = c.get('runtime');
  const old = c.get('sessionId');
  // A signed-in session replaced (account switch, a new sign-in) takes its sockets with it.
  if (old) await destroySession(db, config, old, { bus, reason: 'replaced' });
  const { id, row } = await createSession(db, config, {
    userId,
    accountId,
    ip: c.get('ip'),
    userAgent: c.req.header('user-agent'),
    ssoSid: opts.ssoSid,
  });
  const maxAge = userId ? config.SESSION_ABSOLUTE_SECONDS : 24 * 3600;
  setCookie(c, sessionCookieName(config), id, { ...cookieOptions(c), httpOnly: true, maxAge });
  setCsrfCookie(c, row.csrfToken);
  if (getCookie(c, anonCookieName(c))) deleteCookie(c, anonCookieName(c), { path: '/', secure: config.secure });
  c.set('sessionId', id);
  c.set('session', row);
  return row.csrfToken;
}

/**
 * The user's own details that their sessions' actor carries changed (names, picture, language, time zone, digits):
 * every instance's session cache reads them again from the next request on (this one before the answer goes out).
 */
export async function actorChanged(c: Context<Env>, userId: string) {
  await publishActorChanged(c.get('runtime').bus, userId);
}

export async function endSession(c: Context<Env>) {
  const { db, config, bus } = c.get('runtime');
  const sid = c.get('sessionId');
  // Its sockets (and its session cache entries) on every instance are cut at once (issue 9), not at their next check.
  if (sid) await destroySession(db, config, sid, { bus, reason: 'logout' });
  clearSessionCookies(c);
  c.set('sessionId', null);
  c.set('session', null);
  c.set('actor', null);
}

export function clearSessionCookies(c: Context<Env>) {
  const { config } = c.get('runtime');
  deleteCookie(c, sessionCookieName(config), { path: '/', secure: config.secure });
  deleteCookie(c, XSRF_COOKIE, { path: '/', secure: config.secure });
  deleteCookie(c, X_XSRF_COOKIE, { path: '/', secure: config.secure });
}
