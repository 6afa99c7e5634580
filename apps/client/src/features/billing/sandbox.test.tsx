import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../../lib/navigation.ts';
import { demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';
import { order } from './billing.fixtures.ts';
import { formatMoney } from './labels.ts';

async function openSandbox(lang: 'Ar' | 'En', pay: FakeResponse | ((init: RequestInit) => FakeResponse)) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
  const bff = fakeBff({
    'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
    'GET /api/billing/sandbox/ref-1': { body: { order: order({ totalMinor: 28_500 }), demo: true } },
    'POST /api/billing/sandbox/ref-1': pay,
  });
  const view = await renderApp('/billing/sandbox/ref-1');
  const page = await screen.findByTestId('sandbox-checkout');
  return { ...bff, ...view, page };
}

const posted = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/billing/sandbox/ref-1').map((c) => c.body);

describe('sandbox checkout page', () => {
  it('shows the order and the demo account, pays by card and goes back where the server says', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
    const { calls, page } = await openSandbox('Ar', { body: { redirectUrl: '/dashbord/billing/payment/ord-1' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('الدفع');
    expect(within(page).getByTestId('demo-notice').textContent).toContain('أنت الآن على حساب تجريبي');
    expect(within(page).getByTestId('sandbox-total').textContent).toBe(formatMoney('ar', 28_500, 'EGP'));
    // A checkout page of its own: no dashboard sidebar around it.
    expect(screen.queryByTestId('sidebar')).toBeNull();
    fireEvent.click(within(page).getByTestId('sandbox-succeed'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dashbord/billing/payment/ord-1'));
    expect(posted(calls)).toEqual([{ outcome: 'success', method: 'card' }]);
  });

  it('asks a wallet for its phone with the country code, then declines as asked', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
    const { calls, page } = await openSandbox('En', { body: { redirectUrl: '/dashbord/billing/payment/ord-1' } });
    fireEvent.click(within(page).getByText('Mobile wallet'));
    const phone = await within(page).findByLabelText(/^Wallet phone number/);
    fireEvent.click(within(page).getByTestId('sandbox-fail'));
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(posted(calls)).toEqual([]);
    fireEvent.change(phone, { target: { value: '+20 100 123 4567' } });
    fireEvent.click(within(page).getByTestId('sandbox-fail'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dashbord/billing/payment/ord-1'));
    expect(posted(calls)).toEqual([{ outcome: 'fail', method: 'wallet', walletPhone: '+201001234567' }]);
  });

  it('sends a visitor who is not signed in to sign in', async () => {
    fakeBff({ 'GET /api/csrf-token': { body: { getCsrfToken: 'anonymous' } } });
    const { router } = await renderApp('/billing/sandbox/ref-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
