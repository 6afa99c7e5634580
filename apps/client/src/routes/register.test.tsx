import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBff, renderApp } from '../test/harness.tsx';

const EMAIL = 'salma@example.test';

/** Fills the register form in Arabic with valid values and submits it. */
async function submitForm() {
  fireEvent.change(await screen.findByLabelText('الاسم الأول'), { target: { value: 'سلمى' } });
  fireEvent.change(screen.getByLabelText('اسم العائلة'), { target: { value: 'حسن' } });
  fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: ` ${EMAIL} ` } });
  fireEvent.change(screen.getByLabelText(/^رقم الهاتف/), { target: { value: '1001234567' } });
  fireEvent.change(screen.getByLabelText('كلمة المرور'), { target: { value: 'Newcomer-2026!' } });
  fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور'), { target: { value: 'Newcomer-2026!' } });
  fireEvent.click(document.querySelector('input[name="acceptTerms"]') as HTMLInputElement);
  fireEvent.click(document.querySelector('input[name="ageConfirmed"]') as HTMLInputElement);
  fireEvent.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
}

describe('register page', () => {
  it('on 202 replaces the form by "check your e-mail", signs nobody in, and can go back to the form', async () => {
    const { calls } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      'POST /api/register': { status: 202, body: { ok: true, confirm: 'email' } },
    });
    const { router } = await renderApp('/register');
    await submitForm();

    const panel = await screen.findByTestId('register-sent');
    expect(panel.getAttribute('role')).toBe('status');
    // The form and its button are gone: focus moves to the panel.
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(panel.textContent).toBe(
      `أرسلنا رابطًا إلى:${EMAIL}افتحه لإكمال إنشاء حسابك.لم يصلك شيء؟ راجع مجلد الرسائل غير المرغوب فيها، أو أعد التسجيل.`,
    );
    // The address reads left to right inside the Arabic sentence.
    expect(panel.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.queryByRole('button', { name: 'إنشاء الحساب' })).toBeNull();
    expect(screen.getByRole('link', { name: 'العودة إلى تسجيل الدخول' }).getAttribute('href')).toBe('/login');

    const register = calls.filter((c) => c.method === 'POST' && c.path === '/api/register');
    expect(register).toHaveLength(1);
    expect(register[0]?.body).toEqual({
      fname: 'سلمى',
      lname: 'حسن',
      email: EMAIL,
      password: 'Newcomer-2026!',
      phone: '+201001234567',
      acceptTerms: true,
      ageConfirmed: true,
    });
    // No session was started: nobody is stored as signed in and the page stays.
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/register');

    // "Register again" brings the form back with what was typed, to correct a mistyped address.
    fireEvent.click(within(panel).getByRole('button', { name: 'أعد التسجيل' }));
    expect(((await screen.findByLabelText('البريد الإلكتروني')) as HTMLInputElement).value).toBe(EMAIL);
    expect(screen.queryByTestId('register-sent')).toBeNull();
  });

  it('says the same in English, without telling whether the address had an account', async () => {
    localStorage.setItem('MajlisLang', 'En');
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      'POST /api/register': { status: 202, body: { ok: true, confirm: 'email' } },
    });
    await renderApp('/register');
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Salma' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hassan' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '1001234567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Newcomer-2026!' } });
    fireEvent.change(screen.getByLabelText('Confirm the password'), { target: { value: 'Newcomer-2026!' } });
    fireEvent.click(document.querySelector('input[name="acceptTerms"]') as HTMLInputElement);
    fireEvent.click(document.querySelector('input[name="ageConfirmed"]') as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect((await screen.findByTestId('register-sent')).textContent).toBe(
      `We sent a link to:${EMAIL}Open it to finish creating your account.Nothing arrived? Check your spam folder, or register again.`,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check your e-mail');
  });

  it('keeps showing the server field errors of a 400 inline, on the form', async () => {
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      'POST /api/register': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          errorMessage: { ar: 'راجع الحقول', en: 'Check the fields' },
          fields: { password: { ar: 'كلمة المرور شائعة جدًا', en: 'This password is too common' } },
        },
      },
    });
    await renderApp('/register');
    await submitForm();
    expect(await screen.findByText('كلمة المرور شائعة جدًا')).toBeTruthy();
    expect(screen.queryByTestId('register-sent')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
