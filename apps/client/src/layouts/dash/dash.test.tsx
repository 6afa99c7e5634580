import type { SessionUser } from '@majlis/machines';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';

const member = { ...demoUser, role: 'member' as const };
const memberPermission = {
  showProfile: true,
  showMeetingRooms: false,
  showBilling: false,
  showUserManage: false,
  showTeams: false,
  showReports: false,
  showStorageDetails: false,
  showChat: true,
  showAccounts: false,
};

function storage(totalStorage: number, usedPercent: number): FakeResponse {
  return {
    body: {
      results: {
        data: { totalStorage, usedStorage: 0, usedPercent, message: { ar: 'رسالة التخزين', en: 'Storage message' } },
      },
    },
  };
}

async function openDashboard(path: string, user: SessionUser = demoUser, overrides: Record<string, FakeResponse> = {}) {
  localStorage.setItem('user', JSON.stringify(user));
  fakeBff(dashboardHandlers(overrides));
  const app = await renderApp(path);
  await screen.findByTestId('sidebar');
  return app;
}

describe('dashboard frame', () => {
  it('shows a member no Administration heading and only the items their flags allow', async () => {
    await openDashboard('/dashbord/meeting', member, { 'GET /api/user/permission': { body: memberPermission } });
    expect(screen.queryByTestId('admin-heading')).toBeNull();
    expect(screen.getByTestId('user-role').textContent).toBe('عضو');
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).queryByText('الفواتير')).toBeNull();
    expect(within(sidebar).getByText('الملف الشخصي')).toBeTruthy();
    expect(screen.queryByTestId('storage-block')).toBeNull();
  });

  it('shows an owner the Administration heading, and opens the group of the current path', async () => {
    await openDashboard('/dashbord/roomReports');
    expect(screen.getByTestId('admin-heading').textContent).toBe('الإدارة');
    expect(screen.getByRole('link', { name: 'تقرير الغرف' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'التقارير' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('turns the storage bar red at 85% and labels it at 100%', async () => {
    await openDashboard('/dashbord/meeting', demoUser, { 'GET /api/account/storage': storage(100, 85) });
    expect(screen.getByTestId('storage-block').dataset.level).toBe('warning');
    expect(screen.getByText('رسالة التخزين')).toBeTruthy();
  });

  it('sends an owner without storage to billing', async () => {
    const { router } = await openDashboard('/dashbord/meeting', demoUser, {
      'GET /api/account/storage': storage(0, 0),
    });
    fireEvent.click(within(screen.getByTestId('storage-block')).getByRole('button', { name: 'تحديث' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord/billing'));
  });

  it('tells a user without billing that they have no permission', async () => {
    await openDashboard('/dashbord/meeting', demoUser, {
      'GET /api/account/storage': storage(0, 0),
      'GET /api/user/permission': { body: { ...memberPermission, showStorageDetails: true } },
    });
    fireEvent.click(within(screen.getByTestId('storage-block')).getByRole('button', { name: 'تحديث' }));
    expect(await screen.findByText('ليس لديك صلاحية')).toBeTruthy();
  });

  it('goes to / when the owner check fails', async () => {
    localStorage.setItem('user', JSON.stringify(demoUser));
    fakeBff(dashboardHandlers({ 'GET /api/current-owner': apiError(403, 'FORBIDDEN') }));
    const { router } = await renderApp('/dashbord/meeting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a visitor who is not signed in to /login', async () => {
    fakeBff(dashboardHandlers());
    const { router } = await renderApp('/dashbord/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
