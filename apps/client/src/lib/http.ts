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
  signal?: AbortSignal;
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

/** No timeout (spec §9: 0). Any 401 that is not a retry signs out (spec §8), unless the caller opts out. */
export async function request<T>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const send = async (isRetry: boolean): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (UNSAFE.has(method)) {
      if (pendingLogout) await pendingLogout.catch(() => {});
      const token = await csrfToken();
      if (token) headers[CSRF_HEADER] = token;
    }
    const res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
    const error = await toApiError(res);
    // A stale CSRF token (the session changed in another tab): fetch a fresh one and try once more.
    if (res.status === 403 && error.code.includes('CSRF') && !isRetry) {
      fetchedToken = null;
      await fetchCsrfToken();
      return send(true);
    }
    if (res.status === 401 && !isRetry && !options.skipUnauthorized) onUnauthorized();
    throw error;
  };
  return send(false);
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T>(url: string, body: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
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
