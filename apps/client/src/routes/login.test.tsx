import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardHandlers, demoUser, fakeBff, renderApp } from '../test/harness.tsx';

/** error.ACCOUNT_SUSPENDED of the server catalogs (the BFF's own test holds the answer to them). */
const SUSPENDED = {
  ar: 'تم إيقاف هذا الحساب مؤقتًا وفقًا لشروط الاستخدام. تواصل مع الدعم لاستعادته',
  en: 'This account has been suspended under the terms of use. Contact support to restore it',
};

/** The sign-in page in the stored language, answered with the operator's suspension (issue 11, spec §1 terms). */
async function signInSuspended(lang: 'ar' | 'en', labels: { email: string; password: string; submit: string }) {
  localStorage.setItem('MajlisLang', lang);
  const { calls } = fakeBff({
    'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
    'POST /api/login': {
      status: 403,
      body: { code: 'ACCOUNT_SUSPENDED', errorMessage: SUSPENDED },
    },
  });
  const { router } = await renderApp('/login');
  fireEvent.change(await screen.findByLabelText(labels.email), { target: { value: 'owner@closed.test' } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: 'Some-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
  return { calls, router, alert: await screen.findByRole('alert') };
}

describe('login page, suspended account', () => {
  afterEach(() => localStorage.clear());

  it('says why in Arabic, and stays on the page signed out', async () => {
    const { alert, router, calls } = await signInSuspended('ar', {
      email: 'البريد الإلكتروني',
      password: 'كلمة المرور',
      submit: 'تسجيل الدخول',
    });
    expect(alert.textContent).toBe(SUSPENDED.ar);
    expect(calls.filter((c) => c.path === '/api/login')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('says why in English', async () => {
    const { alert } = await signInSuspended('en', { email: 'E-mail', password: 'Password', submit: 'Sign in' });
    expect(alert.textContent).toBe(SUSPENDED.en);
    expect(alert.textContent).toMatch(/suspended/);
  });
});

/** GET /api/auth/oidc/find's query of each call. */
const findQueries = (fetchMock: ReturnType<typeof fakeBff>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/auth/oidc/find')
    .map((url) => url.searchParams.get('q'));

const FOUND = { body: { institution: { name: 'Cairo University', shortName: 'cu' } } };

describe("login page, the institution's own sign-in (issue 30)", () => {
  afterEach(() => localStorage.clear());

  it('is one button until asked for; then finds the institution by its short name, in Arabic', async () => {
    localStorage.setItem('MajlisLang', 'ar');
    const { fetchMock } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      'GET /api/auth/oidc/find': FOUND,
    });
    await renderApp('/login');
    const open = await screen.findByRole('button', { name: 'تسجيل الدخول عبر مؤسستك' });
    expect(screen.queryByLabelText('بريد مؤسستك الإلكتروني أو اسمها المختصر')).toBeNull();
    fireEvent.click(open);
    const query = await screen.findByLabelText('بريد مؤسستك الإلكتروني أو اسمها المختصر');
    await waitFor(() => expect(document.activeElement).toBe(query));
    fireEvent.change(query, { target: { value: 'cu' } });
    fireEvent.click(screen.getByRole('button', { name: 'بحث' }));
    const go = await screen.findByRole('link', { name: 'تسجيل الدخول عبر Cairo University' });
    expect(go.getAttribute('href')).toBe('/api/auth/oidc/start?institution=cu');
    expect(findQueries(fetchMock)).toEqual(['cu']);
  });

  it('looks up the e-mail already typed in the form at once, in English; none found is said', async () => {
    localStorage.setItem('MajlisLang', 'en');
    const { fetchMock } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      'GET /api/auth/oidc/find': { body: { institution: null } },
    });
    await renderApp('/login');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'salma@elsewhere.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with your institution' }));
    expect(
      await screen.findByText('No institution signs in through its own provider with this e-mail or short name'),
    ).toBeTruthy();
    expect(screen.getByLabelText("Your institution's e-mail or short name")).toHaveProperty(
      'value',
      'salma@elsewhere.example',
    );
    expect(findQueries(fetchMock)).toEqual(['salma@elsewhere.example']);
  });

  it('back from the provider refused, opens by itself and says why', async () => {
    localStorage.setItem('MajlisLang', 'en');
    fakeBff({ 'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } } });
    await renderApp('/login?sso=MEMBERSHIP_INACTIVE');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your access to this institution was deactivated. Contact its owner or officials');
  });

  it('back from the provider signed in, stores the user and goes to the dashboard', async () => {
    localStorage.setItem('MajlisLang', 'en');
    fakeBff({ ...dashboardHandlers(), 'GET /api/auth/oidc/session': { body: { user: demoUser } } });
    const { router } = await renderApp('/login?sso=signed-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord/meeting'));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')?.email).toBe(demoUser.email);
  });
});
