import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers.tsx';
import { routes } from '../app/routes.tsx';
import { applyDocumentLanguage } from '../i18n/i18n.ts';
import { setNavigate } from '../lib/navigation.ts';
import { initialLocale } from '../state/language.tsx';
import { dashboardHandlers, demoUser, fakeBff } from '../test/harness.tsx';

const TOKEN = 'inv_0123456789abcdefghij';
const VIEW = {
  accountName: 'مؤسسة مجلس التجريبية',
  role: 'member',
  email: 'n•••@example.test',
  fname: 'Nour',
  existingUser: false,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
};

async function renderAt(path: string) {
  await applyDocumentLanguage(initialLocale());
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to));
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('invitation page (/invite/<token>)', () => {
  it('a new person chooses a password, is signed in and lands on the meetings', async () => {
    const { calls } = fakeBff({
      ...dashboardHandlers(),
      [`GET /api/account-invitations/${TOKEN}`]: { body: VIEW },
      [`POST /api/account-invitations/${TOKEN}/accept`]: { body: { user: demoUser } },
    });
    const router = await renderAt(`/invite/${TOKEN}`);
    expect(await screen.findByText(/أنت مدعو للانضمام إلى مؤسسة مجلس التجريبية بصفة عضو/)).toBeTruthy();
    const [password, confirm] = screen.getAllByLabelText(/كلمة/) as HTMLInputElement[];
    fireEvent.change(password as HTMLInputElement, { target: { value: 'Another-good-passphrase-42' } });
    fireEvent.change(confirm as HTMLInputElement, { target: { value: 'Another-good-passphrase-42' } });
    // The terms and the age, as at registration (spec §5): unticked, nothing is sent and both say why.
    fireEvent.click(screen.getByRole('button', { name: 'الانضمام إلى مؤسسة مجلس التجريبية' }));
    expect(await screen.findByText('يجب الموافقة على الشروط والأحكام')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /أوافق على/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /عمري أكثر من/ }));
    fireEvent.click(screen.getByRole('button', { name: 'الانضمام إلى مؤسسة مجلس التجريبية' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord/meeting'));
    const accept = calls.find((c) => c.method === 'POST' && c.path.endsWith('/accept'));
    expect(accept?.body).toEqual({ password: 'Another-good-passphrase-42', acceptTerms: true, ageConfirmed: true });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(demoUser);
  });

  it('an existing user who is signed out is sent to sign in; nothing is posted', async () => {
    const { calls } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      [`GET /api/account-invitations/${TOKEN}`]: { body: { ...VIEW, existingUser: true } },
    });
    await renderAt(`/invite/${TOKEN}`);
    expect((await screen.findByRole('link', { name: 'تسجيل الدخول' })).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText(/كلمة/)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's message for a used or expired link", async () => {
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
      [`GET /api/account-invitations/${TOKEN}`]: {
        status: 404,
        body: {
          code: 'INVITATION_INVALID',
          errorMessage: { ar: 'رابط الدعوة غير صالح', en: 'This invitation link is not valid' },
        },
      },
    });
    await renderAt(`/invite/${TOKEN}`);
    expect((await screen.findByTestId('invite-error')).textContent).toBe('رابط الدعوة غير صالح');
  });
});
