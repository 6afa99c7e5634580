import type { Bilingual } from '@majlis/i18n';
import { readCookie } from './storage.ts';

/** A 4xx/5xx from the BFF in its one error shape (DESIGN §5). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errorMessage: Bilingual | null,
    readonly fields: Record<string, Bilingual> = {},
  ) {
    super(errorMessage?.en ?? code);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Login and register answer 401 for a wrong password; that is shown inline, not a sign-out. */
  skipUnauthorized?: boolean;
}

const CSRF_HEADER = 'X-CSRF-Token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let fetchedToken: string | null = null;
let tokenRequest: Promise<string | null> | null = null;
let onUnauthorized: () => void = () => {};
/** A logout in flight: the next unsafe request waits for it, so it is sent with the new session's token. */
let pendingLogout: Promise<unknown> | null = null;

export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

/** GET /api/csrf-token on start (spec §7); the server also sets the XSRF-TOKEN cookie, which wins when present. */
export function fetchCsrfToken(): Promise<string | null> {
  tokenRequest ??= fetch('/api/csrf-token', { credentials: 'include' })
    .then((r): Promise<{ getCsrfToken?: string }> => (r.ok ? r.json() : Promise.resolve({})))
    .then((body) => {
      fetchedToken = body.getCsrfToken ?? null;
      return fetchedToken;
    })
    .catch(() => null)
    .finally(() => {
      tokenRequest = null;
    });
  return tokenRequest;
}

/** Drops the fetched token, so the next unsafe request asks again (a stale one; a test file starting afresh). */
export function forgetCsrfToken(): void {
  fetchedToken = null;
}

async function csrfToken(): Promise<string | null> {
  // The token changes with the session (login, register, account switch, logout): the cookie holds the current one.
  const fromCookie = readCookie('XSRF-TOKEN');
  if (fromCookie) return fromCookie;
  return fetchedToken ?? (await fetchCsrfToken());
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: { code?: string; errorMessage?: Bilingual; fields?: Record<string, Bilingual> } = {};
  try {
    body = await res.json();
  } catch {
    // Not our JSON (a proxy page, an empty body): the status still tells what happened.
  }
  return new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.errorMessage ?? null, body.fields ?? {});
}

/**
 * The `fetch` the typed client (lib/api.ts) sends through: cookies, the CSRF header on unsafe methods, one retry
 * with a fresh token when it went stale, and any 401 (the retry's too) signs out (spec §8) unless the caller opts
 * out. No timeout (spec §9: 0). A non-2xx answer throws an ApiError, so callers only ever see success bodies.
 */
export function createApiFetch(options: RequestOptions = {}): typeof fetch {
  const send = async (input: RequestInfo | URL, init: RequestInit, isRetry: boolean): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    if (UNSAFE.has(method)) {
      if (pendingLogout) await pendingLogout.catch(() => {});
      const token = await csrfToken();
      if (token) headers.set(CSRF_HEADER, token);
    }
    const res = await fetch(input, { ...init, method, headers, credentials: 'include' });
    if (res.ok) return res;
    const error = await toApiError(res);
    // A stale CSRF token (the session changed in another tab): fetch a fresh one and try once more.
    if (res.status === 403 && error.code.includes('CSRF') && !isRetry) {
      forgetCsrfToken();
      await fetchCsrfToken();
      return send(input, init, true);
    }
    // The retry's 401 too: a session ended elsewhere (deactivated, signed out) first fails the CSRF check, then 401.
    if (res.status === 401 && !options.skipUnauthorized) onUnauthorized();
    throw error;
  };
  return (input, init = {}) => send(input, init, false);
}

/** Every call of the typed client. */
export const apiFetch = createApiFetch();
/** Sign-in, register and password pages: their 401 (a wrong password) is shown on the form, it ends no session. */
export const inlineAuthFetch = createApiFetch({ skipUnauthorized: true });

/**
 * A JSON request by URL, for the few callers outside the typed client (the chat socket's HTTP fallback); features
 * use lib/api.ts, whose paths and bodies are checked against the BFF's routes.
 */
export async function request<T>(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const send = options?.skipUnauthorized ? inlineAuthFetch : apiFetch;
  const res = await send(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
};

/** GET /api/logout; its answer is not used (spec §7). Unsafe requests sent meanwhile wait for it. */
export function logoutRequest(): Promise<unknown> {
  const call = fetch('/api/logout', { credentials: 'include' })
    .catch(() => {})
    .finally(() => {
      if (pendingLogout === call) pendingLogout = null;
    });
  pendingLogout = call;
  return call;
}

/** The server's message in the reader's language, else the given fallback. */
export function messageOf(error: unknown, locale: 'ar' | 'en', fallback: string): string {
  return error instanceof ApiError && error.errorMessage ? error.errorMessage[locale] : fallback;
}
