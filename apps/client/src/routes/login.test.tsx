import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBff, renderApp } from '../test/harness.tsx';

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
