/**
 * The handler logic of the two benchmarked routes, written once for the Express and Fastify servers so it matches
 * what the real Majlis BFF runs through its Hono middleware (apps/bff/src/app.ts, http/session.ts, routes/*):
 * cookie parse → findSession + findActor → (unsafe methods) CSRF header vs session.csrfToken → JSON content type →
 * 1 MB body limit → strict zod schema → the core service. Errors use the BFF's bilingual error body.
 */
import { errorBody, fromZodError, toAppError } from '@majlis/bff/http/errors';
import { LANG_COOKIE, XSRF_COOKIE } from '@majlis/bff/http/session';
import { ZContactBody } from '@majlis/bff/routes/schemas';
import {
  type Actor,
  AppError,
  destroySession,
  findActor,
  findSession,
  getUserInfo,
  type Runtime,
  type SessionRow,
  safeEqual,
  sessionCookieName,
  submitContact,
  unauthenticated,
} from '@majlis/core';
import { type Locale, normalizeLocale } from '@majlis/i18n';
import { parse, serialize } from 'hono/utils/cookie';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The one strict zod schema of the POST route, used by all three servers (Hono through the real route). */
export const BenchBodySchema = ZContactBody;

/** Headers Hono's secureHeaders() adds in createApp(); the other two set the same ones (checked at run time). */
export const SECURE_HEADERS: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export interface Auth {
  sid: string | null;
  session: SessionRow | null;
  actor: Actor | null;
  locale: Locale;
  ip: string;
  /** Set-Cookie values to send (a dead session's cookie is cleared). */
  setCookies: string[];
}

interface RequestFacts {
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  forwardedFor: string | undefined;
  remoteAddress: string | undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header, name)[name];
}

function clearCookie(runtime: Runtime, name: string): string {
  return serialize(name, '', { path: '/', secure: runtime.config.secure, maxAge: 0 });
}

/** Mirrors loadSession in apps/bff/src/http/session.ts. */
export async function loadAuth(runtime: Runtime, req: RequestFacts): Promise<Auth> {
  const { db, config } = runtime;
  // The entry TRUST_PROXY hops from the right, as clientIp does.
  const hops = config.TRUST_PROXY;
  const entries = req.forwardedFor?.split(',').map((s) => s.trim()) ?? [];
  const forwarded = hops ? (entries[entries.length - hops] ?? entries[0]) : undefined;
  const ip = forwarded || req.remoteAddress || 'unknown';
  const locale = normalizeLocale(cookieValue(req.cookie, LANG_COOKIE) ?? req.acceptLanguage?.slice(0, 2));
  const name = sessionCookieName(config);
  const sid = cookieValue(req.cookie, name) ?? null;
  let session = sid ? await findSession(db, config, sid) : null;
  let actor: Actor | null = null;
  if (session?.userId && session.accountId) {
    actor = await findActor(db, session.userId, session.accountId);
    if (!actor && sid) {
      await destroySession(db, config, sid);
      session = null;
    }
  }
  const setCookies = sid && !session ? [clearCookie(runtime, name)] : [];
  return { sid: session ? sid : null, session, actor, locale, ip, setCookies };
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** Mirrors requireCsrf. */
export function checkCsrf(method: string, auth: Auth, token: string | undefined): void {
  if (SAFE_METHODS.includes(method)) return;
  if (!token || !auth.session || !safeEqual(token, auth.session.csrfToken)) throw new AppError(403, 'CSRF_INVALID');
}

/** Mirrors requireJson in apps/bff/src/app.ts. */
export function checkJsonType(
  method: string,
  length: string | undefined,
  transferEncoding: string | undefined,
  type = '',
): void {
  if (SAFE_METHODS.includes(method)) return;
  const hasBody = (length !== undefined && length !== '0') || transferEncoding !== undefined;
  if ((hasBody || type) && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
}

function requireActor(auth: Auth): Actor {
  if (!auth.actor) throw unauthenticated();
  return auth.actor;
}

/** GET /api/user/info, as routes/account.ts. */
export function userInfo(runtime: Runtime, auth: Auth) {
  return getUserInfo(runtime.db, requireActor(auth));
}

/** POST /api/contact, as routes/public.ts with jsonBody(ZContactBody). */
export async function contact(runtime: Runtime, auth: Auth, body: unknown): Promise<{ ok: true }> {
  const parsed = BenchBodySchema.safeParse(body);
  if (!parsed.success) throw fromZodError(parsed.error);
  await submitContact(runtime.db, runtime.config, { ...parsed.data, locale: auth.locale, userId: auth.actor?.userId });
  return { ok: true };
}

/** GET /api/health (no database): calibrates the bare framework cost of the same middleware chain. */
export function health() {
  return { ok: true };
}

/** Maps an error (ours or the framework's body parser) to status, bilingual body and cookies, as app.onError. */
export function renderFailure(
  runtime: Runtime,
  err: unknown,
  where: string,
): { status: number; body: unknown; setCookies: string[] } {
  let appErr: AppError;
  if (err instanceof AppError) appErr = err;
  else {
    const status =
      (err as { status?: number; statusCode?: number } | null)?.statusCode ?? (err as { status?: number })?.status;
    if (status === 413) appErr = new AppError(413, 'PAYLOAD_TOO_LARGE');
    else if (status === 415) appErr = new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    else if (status === 400) appErr = new AppError(400, 'INVALID_JSON');
    else appErr = toAppError(err);
  }
  if (appErr.status >= 500) console.error(`[bench] ${where}:`, err);
  const setCookies =
    appErr.status === 401
      ? [clearCookie(runtime, sessionCookieName(runtime.config)), clearCookie(runtime, XSRF_COOKIE)]
      : [];
  return { status: appErr.status, body: errorBody(appErr), setCookies };
}

/** A ~1 KB JSON body (exactly BODY_BYTES bytes) that passes the schema. */
export const BODY_BYTES = 1024;
export function benchBody(extra: Record<string, unknown> = {}): string {
  const base = { name: 'Bench User', email: 'bench@example.com', kind: 'suggestion', message: '', ...extra };
  const filler =
    'The weekly study circle would like a longer room booking on Thursdays, and a reminder the evening before. ';
  const room = BODY_BYTES - Buffer.byteLength(JSON.stringify(base));
  const message = filler.repeat(Math.ceil(room / filler.length)).slice(0, room);
  return JSON.stringify({ ...base, message });
}
