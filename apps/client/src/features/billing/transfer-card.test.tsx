import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../../lib/navigation.ts';
import { type AccountData, AccountDataProvider, NO_PERMISSION } from '../../state/account.tsx';
import { fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { formatMoney } from './labels.ts';
import { TransferCard } from './TransferCard.tsx';

function accountOf(kind: 'indv' | 'inst', role: 'owner' | 'admin' | 'member'): AccountData {
  return {
    owner: { display_name: 'x', fname: 'x', lname: 'y', email: 'x@y.z', picture: null },
    permission: { ...NO_PERMISSION, showBilling: role === 'owner' },
    type: { type: kind, accountType: role },
    storage: null,
    billing: null,
    usertrial: null,
    info: null,
  };
}

const PRICES = {
  rooms: [],
  enterprise: [{ currency: 'USD', amountMinor: 1250 }],
  transfer: [
    { currency: 'EGP', amountMinor: 10_000, waived: true },
    { currency: 'USD', amountMinor: 200, waived: true },
  ],
  taxPercent: 14,
  annualSavingPercent: 16,
  tiers: [10],
};

async function renderCard(
  account: AccountData,
  transfer: { status?: number; body?: unknown } = { body: { ok: true } },
) {
  const bff = fakeBff({ 'GET /api/billing/prices': { body: PRICES }, 'POST /api/billing/transfer': transfer });
  const view = await renderWithProviders(
    <AccountDataProvider value={account}>
      <TransferCard />
    </AccountDataProvider>,
  );
  return { ...bff, view };
}

describe('TransferCard', () => {
  it('shows nothing in an institution, nor to anyone but a personal account’s owner', async () => {
    for (const [kind, role] of [
      ['inst', 'owner'],
      ['inst', 'admin'],
      ['inst', 'member'],
      ['indv', 'admin'],
    ] as const) {
      const { view, calls } = await renderCard(accountOf(kind, role));
      expect(screen.queryByTestId('transfer-card')).toBeNull();
      expect(view.container.querySelector('button')).toBeNull();
      expect(calls).toEqual([]);
      view.unmount();
    }
  });

  it('offers the move free (the 2 USD base struck through), asks for the name and the "cannot be undone" box', async () => {
    const reload = vi.spyOn(hardNavigation, 'reload').mockImplementation(() => {});
    const { calls } = await renderCard(accountOf('indv', 'owner'));
    const card = await screen.findByTestId('transfer-card');
    await waitFor(() => expect(card.querySelector('s')?.textContent).toBe(formatMoney('ar', 200, 'USD')));
    expect(card.textContent).toContain('مجانًا');
    expect(card.textContent).toContain('لا يمكن التراجع عن الانتقال');

    fireEvent.click(screen.getByTestId('transfer-open'));
    fireEvent.change(await screen.findByTestId('transfer-name'), { target: { value: '  أكاديمية نور ' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    // Not sent until the box is ticked: the schema the server uses says so, in the server's words.
    expect(await screen.findByText('أكّد أنه لا يمكن التراجع عن ذلك')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('transfer-confirm'));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/api/billing/transfer');
    expect(posted.map((c) => c.body)).toEqual([{ name: 'أكاديمية نور', confirm: true }]);
  });

  it('shows the server’s refusal and stays', async () => {
    const reload = vi.spyOn(hardNavigation, 'reload').mockImplementation(() => {});
    await renderCard(accountOf('indv', 'owner'), {
      status: 409,
      body: {
        code: 'TRANSFER_NOT_INDIVIDUAL',
        errorMessage: { ar: 'لا ينتقل إلى حساب مؤسسة إلا الحساب الفردي، ومرة واحدة فقط', en: 'Only once' },
      },
    });
    fireEvent.click(await screen.findByTestId('transfer-open'));
    fireEvent.change(await screen.findByTestId('transfer-name'), { target: { value: 'Nour' } });
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'لا ينتقل إلى حساب مؤسسة إلا الحساب الفردي، ومرة واحدة فقط',
    );
    expect(reload).not.toHaveBeenCalled();
  });
});
