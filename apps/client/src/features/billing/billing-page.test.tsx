import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../../lib/navigation.ts';
import { dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';
import { inDays, order, quote, ROOM_ID, subscription } from './billing.fixtures.ts';

const subscriptions = [
  subscription({ id: 'sub-active', remainingDays: 11 }),
  subscription({
    id: 'sub-unpaid',
    room: { id: 'room-2', name: 'Board', nameKey: null, type: 'zoom', participants: 10 },
    status: 'unpaid',
    period: 'monthly',
    renewsAt: null,
    remainingDays: 0,
    currency: null,
    unitMinor: null,
    totalMinor: null,
  }),
  subscription({
    id: 'sub-trial',
    room: { id: 'room-3', name: 'Trial room', nameKey: null, type: 'jitsi', participants: 10 },
    status: 'trial',
    period: 'trial',
    trial: true,
    remainingDays: 2,
    renewsAt: inDays(2),
    currency: null,
    unitMinor: null,
    totalMinor: null,
  }),
  subscription({
    id: 'sub-daily',
    room: { id: 'room-4', name: 'Daily room', nameKey: null, type: 'jitsi', participants: 10 },
    period: 'daily',
    renewsAt: null,
    remainingDays: 0,
    daysLeft: 3,
    dayEndsAt: inDays(0.25),
  }),
  subscription({
    id: 'sub-expired',
    room: { id: 'room-5', name: 'Old room', nameKey: null, type: 'jitsi', participants: 1000 },
    status: 'expired',
    expired: true,
    remainingDays: 0,
    renewsAt: inDays(-3),
  }),
  subscription({
    id: 'sub-ending',
    room: { id: 'room-6', name: 'Ending', nameKey: null, type: 'jitsi', participants: 10 },
    status: 'expiring',
    remainingDays: 1,
  }),
];

type Handler = FakeResponse | ((init: RequestInit) => FakeResponse | Promise<FakeResponse>);

async function openBilling(lang: 'Ar' | 'En', extra: Record<string, Handler> = {}, path = '/dashbord/billing') {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
  const bff = fakeBff({
    ...dashboardHandlers({ 'GET /api/account/type': { body: { type: 'inst', accountType: 'owner' } } }),
    'GET /api/billing/subscriptions': { body: { subscriptions, canBuy: true, provider: 'sandbox' } },
    'GET /api/billing/orders': { body: { orders: [], payments: [] } },
    'POST /api/billing/quote': { body: quote() },
    ...extra,
  });
  const view = await renderApp(path);
  await screen.findAllByTestId('subscription-card');
  return { ...bff, ...view };
}

const card = (name: string) =>
  screen.getAllByTestId('subscription-card').find((c) => c.textContent?.includes(name)) as HTMLElement;

describe('billing page: subscriptions', () => {
  it('says each state and what is left of it in Arabic, with Arabic plural forms', async () => {
    await openBilling('Ar');
    const active = card('غرفتي');
    expect(within(active).getByTestId('sub-status').textContent).toBe('نشط');
    expect(within(active).getByTestId('sub-period').textContent).toBe('شهري');
    expect(within(active).getByTestId('sub-remaining').textContent).toContain('بقي ١١ يومًا');
    expect(within(active).getByTestId('sub-remaining').textContent).toContain('تاريخ التجديد:');
    expect(within(active).getByTestId('sub-paid').textContent).toContain('٢٨٥');
    expect(within(card('Board')).getByTestId('sub-status').textContent).toBe('لم تُشترَ بعد');
    expect(within(card('Board')).getByRole('button', { name: 'شراء: Board' })).toBeTruthy();
    expect(within(card('Trial room')).getByTestId('sub-status').textContent).toBe('تجربة مجانية');
    expect(within(card('Trial room')).getByTestId('sub-remaining').textContent).toContain('بقي يومان');
    expect(within(card('Daily room')).getByTestId('sub-remaining').textContent).toContain('بقيت ٣ أيام');
    expect(within(card('Daily room')).getByTestId('sub-remaining').textContent).toContain('يوم جارٍ حتى');
    expect(within(card('Old room')).getByTestId('sub-status').textContent).toBe('منتهي الصلاحية');
    expect(within(card('Old room')).getByTestId('sub-remaining').textContent).toContain('انتهى في');
    // At 1000 participants there is no bigger size to buy: Renew only.
    expect(
      within(card('Old room'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['تجديد']);
    expect(within(card('Ending')).getByTestId('sub-status').textContent).toBe('ينتهي قريبًا');
    expect(within(card('Ending')).getByTestId('sub-remaining').textContent).toContain('بقي يوم واحد');
    expect(
      within(card('Ending'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['تجديد', 'مشاركون أكثر']);
  });

  it('says the same in English', async () => {
    await openBilling('En');
    expect(within(card('غرفتي')).getByTestId('sub-remaining').textContent).toContain('11 days left');
    expect(within(card('غرفتي')).getByTestId('sub-status').textContent).toBe('Active');
    expect(within(card('Board')).getByTestId('sub-status').textContent).toBe('Not bought yet');
    expect(within(card('Trial room')).getByTestId('sub-remaining').textContent).toContain('2 days left');
    expect(within(card('Trial room')).getByTestId('sub-remaining').textContent).toContain('Ends on');
    expect(within(card('Daily room')).getByTestId('sub-period').textContent).toBe('Daily plan (7-day packs)');
    expect(within(card('Daily room')).getByTestId('sub-remaining').textContent).toContain('3 days left');
    expect(within(card('Ending')).getByTestId('sub-remaining').textContent).toContain('1 day left');
    expect(within(card('Ending')).getByTestId('sub-status').textContent).toBe('Ends soon');
    expect(within(card('Old room')).getByTestId('sub-status').textContent).toBe('Expired');
  });

  it('shows no buying to someone who may not buy, and says who may', async () => {
    const { calls } = await openBilling('En', {
      'GET /api/billing/subscriptions': { body: { subscriptions, canBuy: false, provider: 'sandbox' } },
    });
    expect(screen.getByTestId('owner-only').textContent).toBe('Only the account owner can buy, renew or upgrade.');
    for (const c of screen.getAllByTestId('subscription-card')) expect(within(c).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('buy-room')).toBeNull();
    expect(calls.some((c) => c.path === '/api/billing/orders')).toBe(false);
    expect(calls.some((c) => c.path === '/api/billing/invoices')).toBe(false);
  });

  it('offers "Buy a room" when there is nothing yet', async () => {
    localStorage.setItem('MajlisLang', 'Ar');
    localStorage.setItem('user', JSON.stringify(demoUser));
    fakeBff({
      ...dashboardHandlers(),
      'GET /api/billing/subscriptions': { body: { subscriptions: [], canBuy: true, provider: 'sandbox' } },
      'GET /api/billing/orders': { body: { orders: [], payments: [] } },
    });
    await renderApp('/dashbord/billing');
    expect(await screen.findByText('لا توجد اشتراكات بعد')).toBeTruthy();
    expect(screen.getByTestId('buy-room').textContent).toBe('شراء غرفة');
  });

  it("opens the renewal named by the reminder's link in one step", async () => {
    const { calls, router } = await openBilling('Ar', {}, '/dashbord/billing?renew=sub-ending');
    const dialog = await screen.findByRole('dialog', { name: 'تجديد Ending' });
    expect(within(dialog).getByTestId('checkout-room').textContent).toContain('Ending');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/billing/quote')).toBe(true));
    expect(calls.find((c) => c.path === '/api/billing/quote')?.body).toEqual({
      kind: 'renewal',
      roomId: 'room-6',
      period: 'monthly',
      currency: 'EGP',
    });
    // The link's parameter is dropped once used: closing the dialog leaves it closed.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers more participants for a bought room, and renews the institution account on its own', async () => {
    const enterprise = subscription({ id: 'sub-ent', room: null, period: 'enterprise', currency: 'USD' });
    const { calls } = await openBilling('En', {
      'GET /api/billing/subscriptions': {
        body: { subscriptions: [...subscriptions, enterprise], canBuy: true, provider: 'sandbox' },
      },
    });
    fireEvent.click(within(card('Ending')).getByRole('button', { name: 'More participants: Ending' }));
    const dialog = await screen.findByRole('dialog', { name: 'More participants for Ending' });
    // Only sizes above the room's 10 are offered; the quote asks for the first of them.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/billing/quote')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/billing/quote')?.body).toEqual({
      kind: 'renewal',
      roomId: 'room-6',
      participants: 25,
      period: 'monthly',
      currency: 'EGP',
    });
    const size = within(dialog).getAllByLabelText('New number of participants')[0] as HTMLInputElement;
    expect(size.value).toBe('25 participants');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const institution = card('Enterprise account');
    expect(within(institution).getByTestId('sub-period').textContent).toBe('Enterprise account');
    fireEvent.click(within(institution).getByRole('button', { name: 'Renew: Enterprise account' }));
    const renewal = await screen.findByRole('dialog', { name: 'Renew the enterprise account' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/billing/quote')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/billing/quote').at(-1)?.body).toEqual({
      kind: 'enterprise',
      currency: 'USD',
    });
    expect(within(renewal).queryByText('Period')).toBeNull();
  });

  it("opens a room's purchase from the room card's link", async () => {
    await openBilling('En', {}, `/dashbord/billing?room=${ROOM_ID}`);
    expect(await screen.findByRole('dialog', { name: 'Renew غرفتي' })).toBeTruthy();
  });

  it('opens "Buy a room" from ?buy=1', async () => {
    await openBilling('En', { 'GET /api/rooms/types': { body: { types: [] } } }, '/dashbord/billing?buy=1');
    expect(await screen.findByRole('dialog', { name: 'Buy a room' })).toBeTruthy();
  });
});

describe('billing page: the trial, invoices and the move to enterprise beside the subscriptions', () => {
  it("shows a personal account's owner the trial offer, the invoices, the payments and the transfer", async () => {
    const { calls } = await openBilling('Ar', {
      'GET /api/account/type': { body: { type: 'indv', accountType: 'owner' } },
      'GET /api/usertrial': {
        body: { eligible: true, active: false, startsAt: null, endsAt: null, remainingDays: 0, phoneVerified: false },
      },
      'GET /api/billing/invoices': { body: { invoices: [] } },
    });
    expect(await screen.findByTestId('trial-card')).toBeTruthy();
    expect(await screen.findByText('لا توجد فواتير بعد.')).toBeTruthy();
    expect(await screen.findByText('لا توجد مدفوعات بعد.')).toBeTruthy();
    expect(await screen.findByTestId('transfer-card')).toBeTruthy();
    // One room is all an individual account holds: no "Buy a room" beside it.
    expect(screen.queryByTestId('buy-room')).toBeNull();
    // In the brief's order: trial, subscriptions, invoices, payments, transfer.
    const trial = screen.getByTestId('trial-card');
    const transfer = screen.getByTestId('transfer-card');
    const titles = [...document.querySelectorAll('section h2')].filter(
      (h) => !trial.contains(h) && !transfer.contains(h),
    );
    expect(titles.map((h) => h.textContent)).toEqual(['اشتراكاتك', 'الفواتير', 'سجل المدفوعات']);
    const first = titles[0] as HTMLElement;
    const last = titles[2] as HTMLElement;
    expect(trial.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(last.compareDocumentPosition(transfer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/billing/subscriptions')).toHaveLength(1);
  });
});

describe('billing page: payment history', () => {
  const orders = {
    orders: [
      order({ id: 'ord-2', status: 'failed', failure: { ar: 'فشلت عملية الدفع', en: 'Payment failed' } }),
      order({ id: 'ord-1', status: 'completed', kind: 'room', roomName: 'Board', invoiceId: 'inv-1' }),
    ],
    payments: [
      {
        id: 2,
        orderId: 'ord-2',
        status: 'failed',
        amountMinor: 28_500,
        currency: 'EGP',
        method: 'wallet',
        brand: null,
        last4: null,
        createdAt: '2026-11-21T10:00:00.000Z',
      },
      {
        id: 1,
        orderId: 'ord-1',
        status: 'succeeded',
        amountMinor: 28_500,
        currency: 'EGP',
        method: 'card',
        brand: 'Visa',
        last4: '4242',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
  };

  it('lists orders with their state and card, and pays a failed one again on the same order', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
    const { calls } = await openBilling('En', {
      'GET /api/billing/orders': { body: orders },
      'POST /api/billing/orders/ord-2/pay': {
        body: { order: orders.orders[0], redirectUrl: '/billing/sandbox/ref-2' },
      },
    });
    const rows = await screen.findAllByTestId('order');
    expect(rows.map((r) => within(r).getByText(/Paid|Failed/).textContent)).toEqual(['Failed', 'Paid']);
    expect(rows[1]?.textContent).toContain('New room «\u2068Board\u2069» — Monthly');
    expect(rows[1]?.textContent).toContain('Visa •••• 4242');
    expect(rows[0]?.textContent).toContain('Mobile wallet');
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/billing/sandbox/ref-2'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/billing/orders/ord-2/pay')).toHaveLength(1);
  });
});
