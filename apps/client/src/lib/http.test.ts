import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeBff } from '../test/harness.tsx';
import { api, body, inlineAuth, seg } from './api.ts';
import { ApiError, setUnauthorizedHandler } from './http.ts';
import { writeCookie } from './storage.ts';

const contact = {
  name: 'Salma',
  email: 'salma@example.test',
  kind: 'question' as const,
  message: 'Hello',
};
const login = { email: 'salma@example.test', password: 'x' };

describe('HTTP client (the typed client over lib/http.ts fetch)', () => {
  it('sends the XSRF-TOKEN cookie as X-CSRF-Token, reading it again before each unsafe request', async () => {
    const { calls } = fakeBff({ 'POST /api/contact': { status: 201, body: { ok: true } } });
    writeCookie('XSRF-TOKEN', 'first');
    await body(api.contact.$post({ json: contact }));
    writeCookie('XSRF-TOKEN', 'after-login');
    await body(api.contact.$post({ json: { ...contact, message: 'Again' } }));
    expect(calls.map((c) => c.headers['x-csrf-token'])).toEqual(['first', 'after-login']);
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ ...contact, message: 'Again' });
  });

  it('falls back to the token from GET /api/csrf-token, and sends none on a GET', async () => {
    const { calls } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'fetched' } },
      'POST /api/contact': { status: 201, body: { ok: true } },
      'GET /api/rooms': { body: { rooms: [] } },
    });
    await body(api.contact.$post({ json: contact }));
    await body(api.rooms.$get());
    expect(calls.find((c) => c.method === 'POST')?.headers['x-csrf-token']).toBe('fetched');
    expect(calls.find((c) => c.path === '/api/rooms')?.headers['x-csrf-token']).toBeUndefined();
  });

  it('fills path params and queries, encoding a segment', async () => {
    const { fetchMock } = fakeBff({});
    await body(api.meetings[':id'].$get({ param: { id: seg('a/b?c') } })).catch(() => {});
    await body(api.calendar.$get({ query: { from: '2026-05-01', to: '2026-05-31' } })).catch(() => {});
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      '/api/meetings/a%2Fb%3Fc',
      '/api/calendar?from=2026-05-01&to=2026-05-31',
    ]);
  });

  it('turns a 4xx into an ApiError with the bilingual message and fields', async () => {
    fakeBff({
      'POST /api/contact': {
        status: 409,
        body: {
          code: 'EMAIL_TAKEN',
          errorMessage: { ar: 'مستخدم', en: 'Taken' },
          fields: { email: { ar: 'مستخدم', en: 'Taken' } },
        },
      },
    });
    const error = await body(api.contact.$post({ json: contact })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', fields: { email: { en: 'Taken' } } });
  });

  it('signs out on a 401, except where the caller shows it inline', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fakeBff({
      'GET /api/user/info': apiError(401, 'UNAUTHENTICATED'),
      'POST /api/login': apiError(401, 'INVALID_CREDENTIALS'),
    });
    await body(api.user.info.$get()).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await body(api.login.$post({ json: login }, inlineAuth)).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('retries once with a fresh token when the CSRF token went stale', async () => {
    let attempts = 0;
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'fresh' } },
      'POST /api/contact': () =>
        ++attempts === 1 ? apiError(403, 'CSRF_INVALID') : { status: 201, body: { ok: true } },
    });
    await expect(body(api.contact.$post({ json: contact }))).resolves.toEqual({ ok: true });
    expect(attempts).toBe(2);
  });

  it('signs out when the retry is answered 401: the session ended elsewhere (its CSRF token went with it)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    let attempts = 0;
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'anonymous' } },
      'POST /api/contact': () => (++attempts === 1 ? apiError(403, 'CSRF_INVALID') : apiError(401, 'UNAUTHENTICATED')),
    });
    await expect(body(api.contact.$post({ json: contact }))).rejects.toMatchObject({ status: 401 });
    expect(attempts).toBe(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
