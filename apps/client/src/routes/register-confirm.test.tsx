import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers.tsx';
import { routes } from '../app/routes.tsx';
import { applyDocumentLanguage } from '../i18n/i18n.ts';
import { setNavigate } from '../lib/navigation.ts';
import { initialLocale } from '../state/language.tsx';
import { dashboardHandlers, demoUser, type FakeResponse, fakeBff } from '../test/harness.tsx';

const TOKEN = 'tok_0123456789abcdef';

/** The app as main.tsx renders it, in strict mode: effects run twice, and the e-mailed token works only once. */
async function renderStrict(path: string) {
  await applyDocumentLanguage(initialLocale());
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to));
  render(
    <StrictMode>
      <Providers env="test">
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return router;
}

describe('register confirm page (/register/confirm?token=…)', () => {
  it('sends the token once, signs in with the user it gets back and opens the meetings', async () => {
    let answer: (r: FakeResponse) => void = () => {};
    const { calls } = fakeBff({
      ...dashboardHandlers(),
      'POST /api/register/confirm': () => new Promise<FakeResponse>((r) => (answer = r)),
    });
    const router = await renderStrict(`/register/confirm?token=${TOKEN}`);
    const confirms = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/register/confirm');

    // While the server makes the account, the page says so.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('إكمال إنشاء الحساب');
    await waitFor(() => expect(confirms()).toHaveLength(1));
    expect(screen.getByText('جارٍ إنشاء حسابك…')).toBeTruthy();
    expect(confirms()[0]?.body).toEqual({ token: TOKEN });
    expect(confirms()[0]?.headers['x-csrf-token']).toBe('token-1');

    answer({ status: 201, body: { user: demoUser } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord/meeting'));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(demoUser);
    await screen.findByTestId('sidebar');
    expect(confirms()).toHaveLength(1);
    // Replaced, not pushed: going back does not reopen the used link.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the server's message for a used or expired link, with a way to register again", async () => {
    const { calls } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      'POST /api/register/confirm': {
        status: 400,
        body: {
          code: 'REGISTER_TOKEN_INVALID',
          errorMessage: { ar: 'رابط التسجيل غير صالح أو منتهي', en: 'This registration link is not valid' },
        },
      },
    });
    const router = await renderStrict(`/register/confirm?token=${TOKEN}`);
    expect((await screen.findByTestId('register-confirm-error')).textContent).toBe('رابط التسجيل غير صالح أو منتهي');
    expect(screen.getByRole('link', { name: 'أعد التسجيل' }).getAttribute('href')).toBe('/register');
    expect(calls.filter((c) => c.path === '/api/register/confirm')).toHaveLength(1);
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/register/confirm');
  });

  it('shows a taken address (409) in English when English is chosen', async () => {
    localStorage.setItem('MajlisLang', 'En');
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      'POST /api/register/confirm': {
        status: 409,
        body: {
          code: 'EMAIL_TAKEN',
          errorMessage: { ar: 'البريد مستخدم', en: 'This e-mail is already registered' },
          fields: { email: { ar: 'البريد مستخدم', en: 'This e-mail is already registered' } },
        },
      },
    });
    await renderStrict(`/register/confirm?token=${TOKEN}`);
    expect((await screen.findByTestId('register-confirm-error')).textContent).toBe('This e-mail is already registered');
    expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says a link without its token is not complete, and sends nothing', async () => {
    const { calls } = fakeBff({ 'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } } });
    await renderStrict('/register/confirm');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'هذا الرابط غير مكتمل. أعد التسجيل لتحصل على رابط جديد.',
    );
    expect(screen.getByRole('link', { name: 'أعد التسجيل' }).getAttribute('href')).toBe('/register');
    expect(calls.filter((c) => c.path === '/api/register/confirm')).toHaveLength(0);
  });
});
