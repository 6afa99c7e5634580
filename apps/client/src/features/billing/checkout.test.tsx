import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../../lib/navigation.ts';
import { dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';
import { order, quote } from './billing.fixtures.ts';
import { formatMoney } from './labels.ts';
import { newClientKey } from './use-checkout.ts';

type Handler = FakeResponse | ((init: RequestInit) => FakeResponse | Promise<FakeResponse>);
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

/**
 * The server's prices, deliberately not unit + tax (11 111 + 2 222 ≠ 12 345), so a total the client added up itself
 * would show.
 */
function serverQuote(init: RequestInit): FakeResponse {
  const p = bodyOf(init);
  const coupon =
    p.coupon === 'SAVE10'
      ? { code: 'SAVE10', applied: true, refusal: null }
      : p.coupon
        ? { code: p.coupon, applied: false, refusal: 'coupon.expired' }
        : null;
  const annual = p.period === 'annual';
  return {
    body: quote({
      currency: p.currency,
      unitMinor: annual ? 111_100 : 11_111,
      taxMinor: 2_222,
      discountMinor: coupon?.applied ? 1_111 : 0,
      totalMinor: annual ? 123_400 : coupon?.applied ? 11_234 : 12_345,
      coupon,
    }),
  };
}

async function openBuy(extra: Record<string, Handler> = {}) {
  localStorage.setItem('MajlisLang', 'Ar');
  localStorage.setItem('user', JSON.stringify(demoUser));
  const bff = fakeBff({
    ...dashboardHandlers(),
    'GET /api/billing/subscriptions': { body: { subscriptions: [], canBuy: true, provider: 'sandbox' } },
    'GET /api/billing/orders': { body: { orders: [], payments: [] } },
    'GET /api/rooms/types': {
      body: {
        types: [
          { type: 'bbb', label: 'BigBlueButton', available: false, optionProfile: 'bbb' },
          { type: 'jitsi', label: 'Jitsi Meet', available: true, optionProfile: 'jitsi' },
        ],
      },
    },
    'POST /api/billing/quote': serverQuote,
    ...extra,
  });
  await renderApp('/dashbord/billing');
  fireEvent.click(await screen.findByTestId('buy-room'));
  const dialog = await screen.findByRole('dialog', { name: 'شراء غرفة' });
  const total = () => within(dialog).queryByTestId('quote-total')?.textContent;
  await waitFor(() => expect(total()).toBe(formatMoney('ar', 12_345, 'EGP')));
  return { ...bff, dialog, total };
}

const quotes = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/billing/quote').map((c) => c.body as Record<string, unknown>);
const checkouts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/billing/checkout').map((c) => c.body as Record<string, unknown>);

describe('checkout dialog', () => {
  it("shows the server's quote for each choice, never its own sum", async () => {
    const { calls, dialog, total } = await openBuy();
    // The first available type, 10 participants, monthly, EGP: priced before a name is typed.
    expect(quotes(calls)[0]).toMatchObject({ kind: 'room', roomType: 'jitsi', participants: 10, period: 'monthly' });
    expect(within(dialog).getByTestId('quote-unit').textContent).toBe(formatMoney('ar', 11_111, 'EGP'));
    expect(within(dialog).getByTestId('quote-tax').textContent).toBe(formatMoney('ar', 2_222, 'EGP'));
    expect(within(dialog).getByText(/الضريبة \(١٤٪?/)).toBeTruthy();
    expect(within(dialog).getByTestId('pay').textContent).toBe(`ادفع ${formatMoney('ar', 12_345, 'EGP')}`);
    // Payments go to the embedded sandbox here: said before paying (spec §8).
    expect(within(dialog).getByTestId('demo-notice').textContent).toBe('أنت الآن على حساب تجريبي');

    fireEvent.click(within(dialog).getByText('سنوي'));
    await waitFor(() => expect(total()).toBe(formatMoney('ar', 123_400, 'EGP')));
    expect(quotes(calls).at(-1)).toMatchObject({ period: 'annual' });

    fireEvent.click(within(dialog).getByText('دولار أمريكي'));
    await waitFor(() => expect(total()).toBe(formatMoney('ar', 123_400, 'USD')));
  });

  it("applies a coupon through the quote, and says the server's refusal in its words", async () => {
    const { calls, dialog, total } = await openBuy();
    const code = within(dialog).getByLabelText('رمز الكوبون');
    fireEvent.change(code, { target: { value: 'old' } });
    fireEvent.click(within(dialog).getByTestId('apply-coupon'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('coupon-status').textContent).toBe('انتهت صلاحية هذا الكوبون'),
    );
    expect(quotes(calls).at(-1)).toMatchObject({ coupon: 'OLD' });
    expect(within(dialog).queryByTestId('quote-discount')).toBeNull();

    fireEvent.change(code, { target: { value: 'save10' } });
    fireEvent.click(within(dialog).getByTestId('apply-coupon'));
    await waitFor(() => expect(total()).toBe(formatMoney('ar', 11_234, 'EGP')));
    expect(within(dialog).getByTestId('quote-discount').textContent).toBe(`−${formatMoney('ar', 1_111, 'EGP')}`);
    expect(within(dialog).getByTestId('coupon-status').textContent).toBe('طُبّق الكوبون SAVE10');
  });

  it('sends one checkout for a double click and goes where it answers', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
    let answer: (r: FakeResponse) => void = () => {};
    const { calls, dialog } = await openBuy({
      'POST /api/billing/checkout': () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    });
    const asked = quotes(calls).length;
    fireEvent.change(within(dialog).getByLabelText(/^اسم الغرفة/), { target: { value: 'قاعة الاجتماعات' } });
    // The name does not change the price: typing it asks for no quote.
    expect(quotes(calls)).toHaveLength(asked);
    const pay = within(dialog).getByTestId('pay');
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(checkouts(calls)).toHaveLength(1));
    expect(pay.hasAttribute('disabled') || pay.dataset.loading === 'true').toBe(true);
    const sent = checkouts(calls)[0];
    expect(sent?.clientKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sent?.purchase).toEqual({
      kind: 'room',
      roomName: 'قاعة الاجتماعات',
      roomType: 'jitsi',
      participants: 10,
      period: 'monthly',
      currency: 'EGP',
    });
    answer({ body: { order: order({ kind: 'room' }), redirectUrl: '/billing/sandbox/ref-1' } });
    await waitFor(() => expect(go).toHaveBeenCalledWith('/billing/sandbox/ref-1'));
    fireEvent.click(pay);
    expect(checkouts(calls)).toHaveLength(1);
  });

  it('keeps the same key when paying again after a failed request, and refuses no name before sending', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
    let failures = 1;
    const { calls, dialog } = await openBuy({
      'POST /api/billing/checkout': () =>
        failures-- > 0
          ? {
              status: 503,
              body: {
                code: 'SERVICE_UNAVAILABLE',
                errorMessage: { ar: 'الخدمة مشغولة. انتظر بضع ثوانٍ ثم اضغط موافق مرة أخرى', en: 'Busy' },
              },
            }
          : { body: { order: order({ kind: 'room' }), redirectUrl: null } },
    });
    fireEvent.click(within(dialog).getByTestId('pay'));
    expect(await within(dialog).findByText('أدخل اسم الغرفة', { exact: false })).toBeTruthy();
    expect(checkouts(calls)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^اسم الغرفة/), { target: { value: 'Board' } });
    await waitFor(() => expect(within(dialog).getByTestId('pay').hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(dialog).getByTestId('pay'));
    expect((await within(dialog).findByTestId('checkout-error')).textContent).toContain('انتظر بضع ثوانٍ');
    await waitFor(() => expect(within(dialog).getByTestId('pay').hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(dialog).getByTestId('pay'));
    // No redirect: the order's own result page.
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dashbord/billing/payment/ord-1'));
    const [first, second] = checkouts(calls);
    expect(second?.clientKey).toBe(first?.clientKey);
  });
});

describe('checkout key', () => {
  it('is 32 hex characters with or without randomUUID (plain http on a LAN address has none)', () => {
    expect(newClientKey()).toMatch(/^[0-9a-f]{32}$/);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set([newClientKey(), newClientKey()]);
      expect([...keys].every((k) => /^[0-9a-f]{32}$/.test(k))).toBe(true);
      expect(keys.size).toBe(2);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
