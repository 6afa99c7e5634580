import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AccountData, AccountDataProvider, NO_PERMISSION } from '../../state/account.tsx';
import { fakeBff, flush, renderWithProviders } from '../../test/harness.tsx';
import { InstitutionMonthBanner } from './InstitutionMonthBanner.tsx';

function accountOf(kind: 'indv' | 'inst', role: 'owner' | 'admin' | 'member'): AccountData {
  return {
    owner: { display_name: 'x', fname: 'x', lname: 'y', email: 'x@y.z', picture: null },
    permission: { ...NO_PERMISSION, showUserManage: kind === 'inst' && role !== 'member' },
    type: { type: kind, accountType: role },
    storage: null,
    billing: null,
    usertrial: null,
    info: null,
  };
}

const month = (state: string, canRenew: boolean) => ({
  state,
  subscriptionId: 'sub-1',
  endsAt: '2026-11-01T10:00:00.000Z',
  readOnlyAt: '2026-11-08T10:00:00.000Z',
  canRenew,
});

async function renderBanner(account: AccountData, answer: unknown) {
  const bff = fakeBff({ 'GET /api/billing/institution-month': { body: answer } });
  const view = await renderWithProviders(
    <MemoryRouter>
      <AccountDataProvider value={account}>
        <InstitutionMonthBanner />
      </AccountDataProvider>
    </MemoryRouter>,
  );
  return { ...bff, view };
}

describe('InstitutionMonthBanner', () => {
  it('the owner of a lapsed institution is told why, with a link to renew its month', async () => {
    const { view } = await renderBanner(accountOf('inst', 'owner'), month('lapsed', true));
    const banner = await screen.findByTestId('institution-month-banner');
    expect(banner.dataset.state).toBe('lapsed');
    expect(banner.getAttribute('role')).toBe('alert');
    const link = banner.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/dashbord/billing?renew=sub-1');
    view.unmount();
  });

  it('an admin is told the owner must renew, with no link; in the grace it is a warning, not an alert', async () => {
    const { view } = await renderBanner(accountOf('inst', 'admin'), month('grace', false));
    const banner = await screen.findByTestId('institution-month-banner');
    expect(banner.dataset.state).toBe('grace');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.querySelector('a')).toBeNull();
    view.unmount();
  });

  it('nothing while the month runs, and nothing asked by members or personal accounts', async () => {
    const running = await renderBanner(accountOf('inst', 'owner'), month('active', true));
    await waitFor(() => expect(running.calls).toHaveLength(1));
    await flush();
    expect(screen.queryByTestId('institution-month-banner')).toBeNull();
    running.view.unmount();
    for (const account of [accountOf('inst', 'member'), accountOf('indv', 'owner')]) {
      const { view, calls } = await renderBanner(account, month('lapsed', true));
      await flush();
      expect(calls).toEqual([]);
      expect(screen.queryByTestId('institution-month-banner')).toBeNull();
      view.unmount();
    }
  });
});
