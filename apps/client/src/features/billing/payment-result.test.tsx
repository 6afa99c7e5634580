import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../../lib/navigation.ts';
import { dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';
import { order } from './billing.fixtures.ts';
import { POLL_DELAYS_MS } from './PaymentResult.tsx';

type Handler = FakeResponse | ((init: RequestInit) => FakeResponse | Promise<FakeResponse>);

async function openResult(lang: 'Ar' | 'En', handlers: Record<string, Handler>) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
  const bff = fakeBff({ ...dashboardHandlers(), ...handlers });
  const view = await renderApp('/dashbord/billing/payment/ord-1');
  const result = await screen.findByTestId('payment-result');
  return { ...bff, ...view, result };
}

describe('payment result page', () => {
  it('pending: asks to wait and press OK, and OK asks again', async () => {
    let status: 'pending' | 'completed' = 'pending';
    const { calls, result } = await openResult('Ar', {
      'GET /api/billing/orders/ord-1': () => ({
        body: order({ status, invoiceId: status === 'completed' ? 'inv-1' : null }),
      }),
    });
    expect(await within(result).findByText('انتظر بضع ثوانٍ ثم اضغط حسنًا مرة أخرى')).toBeTruthy();
    // The sandbox is a demo account (spec §8).
    expect(within(result).getByTestId('demo-notice').textContent).toContain('أنت الآن على حساب تجريبي');
    const asked = calls.filter((c) => c.path === '/api/billing/orders/ord-1').length;
    status = 'completed';
    fireEvent.click(within(result).getByRole('button', { name: 'حسنًا' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/billing/orders/ord-1').length).toBeGreaterThan(asked),
    );
    expect(await within(result).findByText('اكتمل الدفع')).toBeTruthy();
  });

  it('pending: asks again after 1, 2 and 4 s, then leaves OK and pay again to the reader', async () => {
    // The clock is the test's: each wait is skipped over, none is slept through.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
      const { calls, result } = await openResult('En', {
        'GET /api/billing/orders/ord-1': { body: order({ status: 'pending', provider: 'paymob' }) },
        'POST /api/billing/orders/ord-1/pay': { body: { order: order(), redirectUrl: 'https://accept.paymob.com/x' } },
      });
      const asked = () => calls.filter((c) => c.path === '/api/billing/orders/ord-1').length;
      await within(result).findByText('Wait a few seconds and press OK again');
      expect(asked()).toBe(1);
      expect(within(result).queryByTestId('pay-again')).toBeNull();
      for (const [i, delay] of POLL_DELAYS_MS.entries()) {
        await act(() => vi.advanceTimersByTimeAsync(delay));
        await waitFor(() => expect(asked()).toBe(i + 2));
      }
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(asked()).toBe(POLL_DELAYS_MS.length + 1);
      fireEvent.click(await within(result).findByTestId('pay-again'));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://accept.paymob.com/x'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('completed: says what was bought and links the invoice and the rooms', async () => {
    const { result } = await openResult('En', {
      'GET /api/billing/orders/ord-1': {
        body: order({ status: 'completed', provider: 'paymob', invoiceId: 'inv-7', kind: 'room', roomName: 'Board' }),
      },
    });
    expect(await within(result).findByText('Payment completed')).toBeTruthy();
    expect(within(result).getByTestId('order-what').textContent).toContain('New room «\u2068Board\u2069» — Monthly');
    expect(within(result).getByRole('link', { name: 'See the invoice' }).getAttribute('href')).toBe(
      '/dashbord/billing/invoices/inv-7',
    );
    expect(within(result).getByRole('link', { name: 'Go to your rooms' }).getAttribute('href')).toBe(
      '/dashbord/roomManagement',
    );
    // Paymob moves real money: no demo notice.
    expect(within(result).queryByTestId('demo-notice')).toBeNull();
  });

  it("failed: the order's message in the reader's language, the bank's words, and pay again on the same order", async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
    const failed = order({
      status: 'failed',
      failure: { ar: 'لا توجد محفظة على هذا الرقم', en: 'no wallet on this number' },
      failureDetail: 'Wallet not found',
    });
    const { calls, result } = await openResult('Ar', {
      'GET /api/billing/orders/ord-1': { body: failed },
      'POST /api/billing/orders/ord-1/pay': {
        body: { order: { ...failed, status: 'pending' }, redirectUrl: '/billing/sandbox/r-2' },
      },
    });
    expect(await within(result).findByText('فشلت عملية الدفع')).toBeTruthy();
    expect(within(result).getByTestId('failure').textContent).toBe('لا توجد محفظة على هذا الرقم');
    expect(within(result).getByTestId('failure-detail').textContent).toBe('Wallet not found');
    expect(within(result).getByRole('link', { name: 'العودة إلى الفواتير' }).getAttribute('href')).toBe(
      '/dashbord/billing',
    );
    fireEvent.click(within(result).getByTestId('pay-again'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/billing/sandbox/r-2'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a declined card says "Payment failed" once: its reason is the title\'s own words (issue 26)', async () => {
    const failed = order({ status: 'failed', failure: { ar: 'فشلت عملية الدفع', en: 'Payment failed' } });
    const { result } = await openResult('Ar', { 'GET /api/billing/orders/ord-1': { body: failed } });
    expect(await within(result).findByText('فشلت عملية الدفع')).toBeTruthy();
    expect(within(result).getAllByText('فشلت عملية الدفع')).toHaveLength(1);
    expect(within(result).queryByTestId('failure')).toBeNull();
  });
});
