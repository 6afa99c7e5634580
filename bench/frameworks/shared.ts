/**
 * The handler logic of the benchmarked routes, written once for the Express and Fastify servers so they do the work
 * the real BFF does through its Hono middleware: cookie parse → findSession + findActor → (unsafe methods) CSRF
 * header vs session.csrfToken → JSON content type → 1 MB body limit → strict ZContactBody → rate limits → the core
 * service. Errors use the DESIGN §5 bilingual body. This copies the BFF's behaviour on purpose (a framework comparison
 * has to); the parity probes in main.ts compare every answer with the real BFF's, so a drift shows in the report.
 */
import {
  CSRF_HEADER,
  type ErrorBody,
  fieldIdsOf,
  LANG_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
  ZContactBody,
} from '@majlis/contracts';
import { getUserInfo } from '@majlis/core/accounts/account-info';
import { type Actor, findActor } from '@majlis/core/auth/actor';
import { destroySession, findSession, type SessionRow, safeEqual, sessionCookieName } from '@majlis/core/auth/sessions';
import { submitContact } from '@majlis/core/contact/contact';
import { AppError, unauthenticated } from '@majlis/core/errors';
import { errorSummary } from '@majlis/core/log';
import type { Runtime } from '@majlis/core/runtime';
import { type Locale, normalizeLocale } from '@majlis/i18n';
import { both, hasMessage } from '@majlis/i18n/server';
import { parse, serialize } from 'hono/utils/cookie';
import type { z } from 'zod';

export const MAX_BODY_BYTES = 1024 * 1024;
export const CSRF_HEADERS = [CSRF_HEADER.toLowerCase(), XSRF_HEADER.toLowerCase()];

/** The real BFF's security headers, read from its answer by main.ts and handed over in the environment. */
export const SECURE_HEADERS: Record<string, string> = JSON.parse(process.env.BENCH_SECURE_HEADERS ?? '{}');

export interface Auth {
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
  remoteAddress: string | undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  return header ? parse(header, name)[name] : undefined;
}

function clearCookie(runtime: Runtime, name: string): string {
  return serialize(name, '', { path: '/', secure: runtime.config.secure, maxAge: 0 });
}

/** As the BFF's loadSession (TRUST_PROXY is 0 in the bench: the socket's address is the client's). */
export async function loadAuth(runtime: Runtime, req: RequestFacts): Promise<Auth> {
  const { db, config } = runtime;
  const locale = normalizeLocale(cookieValue(req.cookie, LANG_COOKIE) ?? req.acceptLanguage?.slice(0, 2));
  const name = sessionCookieName(config);
  const sid = cookieValue(req.cookie, name);
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
  return { session, actor, locale, ip: req.remoteAddress || 'unknown', setCookies };
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** As requireCsrf, for a signed-in session (the anonymous token is not benched). */
export function checkCsrf(method: string, auth: Auth, token: string | undefined): void {
  if (SAFE_METHODS.includes(method)) return;
  if (!token || !auth.session || !safeEqual(token, auth.session.csrfToken)) throw new AppError(403, 'CSRF_INVALID');
}

/** As the BFF's requireJson. */
export function checkJsonType(method: string, length?: string, transferEncoding?: string, type = ''): void {
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

/** GET /api/user/info. */
export function userInfo(runtime: Runtime, auth: Auth) {
  return getUserInfo(runtime.db, requireActor(auth));
}

/** POST /api/contact, as the BFF's routes/public.ts. */
export async function contact(runtime: Runtime, auth: Auth, body: unknown): Promise<{ ok: true }> {
  const parsed = ZContactBody.safeParse(body);
  if (!parsed.success) throw fromZodError(parsed.error);
  await runtime.limits.consume('contactIp', auth.ip);
  await runtime.limits.consume('contactEmail', parsed.data.email);
  await submitContact(runtime.db, runtime.config, { ...parsed.data, locale: auth.locale, userId: auth.actor?.userId });
  return { ok: true };
}

/** GET /api/health (no database): calibrates the bare framework cost of the same middleware chain. */
export const health = () => ({ ok: true });

/** zod issues to field messages, as the BFF does (the same fieldIdsOf from the contract). */
function fromZodError(error: { issues: readonly z.core.$ZodIssue[] }): AppError {
  return new AppError(400, 'VALIDATION_FAILED', fieldIdsOf(error));
}

function errorBody(err: AppError): ErrorBody {
  const body: ErrorBody = { code: err.code as ErrorBody['code'], errorMessage: both(`error.${err.code}`, err.values) };
  if (err.fields) {
    const fields = Object.entries(err.fields).map(([f, id]) => [f, both(hasMessage(id) ? id : 'field.invalid')]);
    body.fields = Object.fromEntries(fields);
  }
  return body;
}

/** An error (ours or the framework's body parser's) as status, bilingual body and cookies, as the BFF's onError. */
export function renderFailure(runtime: Runtime, err: unknown): { status: number; body: unknown; setCookies: string[] } {
  let appErr: AppError;
  if (err instanceof AppError) appErr = err;
  else {
    const e = err as { status?: number; statusCode?: number } | null;
    const status = e?.statusCode ?? e?.status;
    if (status === 413) appErr = new AppError(413, 'PAYLOAD_TOO_LARGE');
    else if (status === 415) appErr = new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    else if (status === 400) appErr = new AppError(400, 'INVALID_JSON');
    else appErr = new AppError(500, 'INTERNAL');
  }
  // Described, not printed raw: a failed query carries its parameters (core log.ts). main.ts shows the first line.
  if (appErr.status >= 500) process.stderr.write(`bench server 500: ${errorSummary(err)}\n`);
  const setCookies =
    appErr.status === 401
      ? [clearCookie(runtime, sessionCookieName(runtime.config)), clearCookie(runtime, XSRF_COOKIE)]
      : [];
  return { status: appErr.status, body: errorBody(appErr), setCookies };
}
