import { describe, expect, it, vi } from 'vitest';
import { fakeBff } from '../test/harness.tsx';
import { ApiError, http, setUnauthorizedHandler } from './http.ts';

describe('HTTP client', () => {
  it('sends the XSRF-TOKEN cookie as X-CSRF-Token, reading it again before each unsafe request', async () => {
    const { calls } = fakeBff({ 'POST /api/contact': { status: 201, body: { ok: true } } });
    document.cookie = 'XSRF-TOKEN=first; path=/';
    await http.post('/api/contact', { a: 1 });
    document.cookie = 'XSRF-TOKEN=after-login; path=/';
    await http.post('/api/contact', { a: 2 });
    expect(calls.map((c) => c.headers['X-CSRF-Token'])).toEqual(['first', 'after-login']);
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('falls back to the token from GET /api/csrf-token', async () => {
    const { calls } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'fetched' } },
      'POST /api/contact': { status: 201, body: { ok: true } },
    });
    await http.post('/api/contact', {});
    expect(calls.find((c) => c.method === 'POST')?.headers['X-CSRF-Token']).toBe('fetched');
  });

  it('turns a 4xx into an ApiError with the bilingual message and fields', async () => {
    fakeBff({
      'POST /api/register': {
        status: 409,
        body: {
          code: 'EMAIL_TAKEN',
          errorMessage: { ar: 'مستخدم', en: 'Taken' },
          fields: { email: { ar: 'مستخدم', en: 'Taken' } },
        },
      },
    });
    const error = await http.post('/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', fields: { email: { en: 'Taken' } } });
  });

  it('signs out on a 401, except where the caller shows it inline', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fakeBff({
      'GET /api/user/info': { status: 401, body: { code: 'UNAUTHENTICATED' } },
      'POST /api/login': { status: 401, body: { code: 'INVALID_CREDENTIALS' } },
    });
    await http.get('/api/user/info').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await http.post('/api/login', {}, { skipUnauthorized: true }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('retries once with a fresh token when the CSRF token went stale', async () => {
    let attempts = 0;
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'fresh' } },
      'POST /api/contact': () =>
        ++attempts === 1 ? { status: 403, body: { code: 'CSRF_INVALID' } } : { status: 201, body: { ok: true } },
    });
    await expect(http.post('/api/contact', {})).resolves.toEqual({ ok: true });
    expect(attempts).toBe(2);
  });
});
