import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';
import { institutionMonthOf } from '../billing/billing.fixtures.ts';
import { roomView } from './rooms.fixtures.ts';

const room = roomView({
  id: '00000000-0000-4000-8000-000000000010',
  name: 'غرفتي',
  type: 'jitsi',
  participants: 10,
  createdAt: '2026-11-01T10:00:00.000Z',
});

async function openRooms(type: 'indv' | 'inst', rooms: unknown[], extra: Record<string, FakeResponse> = {}) {
  localStorage.setItem('user', JSON.stringify(demoUser));
  fakeBff(
    dashboardHandlers({
      'GET /api/account/type': { body: { type, accountType: 'owner' } },
      'GET /api/rooms': { body: { rooms } },
      'GET /api/rooms/types': {
        body: { types: [{ type: 'jitsi', label: 'Jitsi', available: true, optionProfile: 'jitsi' }] },
      },
      ...extra,
    }),
  );
  await renderApp('/dashbord/roomManagement');
  await screen.findByText(rooms.length ? 'غرفتي' : 'لا توجد غرف بعد');
}

describe('rooms page: one room for an individual account (spec §5)', () => {
  it('offers an individual account without a room to add one', async () => {
    await openRooms('indv', []);
    expect(screen.getByTestId('add-room')).toBeTruthy();
    expect(screen.queryByTestId('one-room-advice')).toBeNull();
  });

  it('shows an individual account that has its room the move to an enterprise account instead of "Add a room"', async () => {
    await openRooms('indv', [room]);
    expect(screen.queryByTestId('add-room')).toBeNull();
    expect(screen.getByTestId('one-room-advice').textContent).toContain('انتقل إلى حساب مؤسسة');
  });

  it('lets an enterprise account add rooms beside the ones it has', async () => {
    await openRooms('inst', [room]);
    expect(screen.getByTestId('add-room')).toBeTruthy();
    expect(screen.queryByTestId('one-room-advice')).toBeNull();
  });
});

describe('rooms page: buying and renewing a room (issue 13)', () => {
  const sub = { period: 'monthly', status: 'active', trial: false, expired: false, remainingDays: 0 };
  const renewsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const rooms = [
    { ...room, subscription: { ...sub, status: 'unpaid', renewsAt } },
    {
      ...room,
      id: 'room-2',
      name: 'منتهية',
      subscription: { ...sub, status: 'expired', expired: true, renewsAt: '2026-11-01T10:00:00.000Z' },
    },
    {
      ...room,
      id: 'room-3',
      name: 'تجريبية',
      subscription: { ...sub, period: 'trial', status: 'trial', trial: true, remainingDays: 2, renewsAt },
    },
    { ...room, id: 'room-4', name: 'مدفوعة', subscription: { ...sub, remainingDays: 20, renewsAt } },
  ];
  const cardOf = (name: string) =>
    screen.getAllByTestId('room-card').find((c) => c.textContent?.includes(name)) as HTMLElement;

  it('offers Buy for a room not bought (or on trial) and Renew for an expired one, on the billing page', async () => {
    await openRooms('inst', rooms);
    const unpaid = cardOf('غرفتي');
    expect(within(unpaid).getByTestId('room-subscription').textContent).toBe('لم تُشترَ بعد');
    expect(within(unpaid).getByTestId('room-buy').textContent).toBe('شراء');
    expect(within(unpaid).getByTestId('room-buy').getAttribute('href')).toBe(`/dashbord/billing?room=${room.id}`);
    expect(within(cardOf('منتهية')).getByTestId('room-subscription').textContent).toContain('منتهي الصلاحية');
    expect(within(cardOf('منتهية')).getByTestId('room-buy').textContent).toBe('تجديد');
    expect(within(cardOf('تجريبية')).getByTestId('room-subscription').textContent).toContain('بقي يومان');
    expect(within(cardOf('تجريبية')).getByTestId('room-buy').textContent).toBe('شراء');
    expect(within(cardOf('مدفوعة')).queryByTestId('room-buy')).toBeNull();
  });

  it('offers no buying to a user without billing', async () => {
    localStorage.setItem('user', JSON.stringify(demoUser));
    const permission = dashboardHandlers()['GET /api/user/permission'].body;
    fakeBff(
      dashboardHandlers({
        'GET /api/user/permission': { body: { ...permission, showBilling: false } },
        'GET /api/rooms': { body: { rooms } },
        'GET /api/rooms/types': { body: { types: [] } },
      }),
    );
    await renderApp('/dashbord/roomManagement');
    await screen.findByText('غرفتي');
    expect(screen.queryAllByTestId('room-buy')).toEqual([]);
    expect(within(cardOf('غرفتي')).getByTestId('room-subscription').textContent).toBe('لم تُشترَ بعد');
  });
});

describe('rooms page: a lapsed institution (409 INSTITUTION_LAPSED on assignment)', () => {
  const official = (state: 'lapsed' | 'active') => ({
    'GET /api/user/permission': {
      body: { ...dashboardHandlers()['GET /api/user/permission'].body, showUserManage: true },
    },
    'GET /api/billing/institution-month': institutionMonthOf(state),
  });

  it('pauses assigning, saying why, while the room itself can still be edited', async () => {
    await openRooms('inst', [room], official('lapsed'));
    const note = await screen.findByTestId('institution-read-only');
    expect(note.textContent).toBe('إسناد الغرف متوقف حتى يُجدَّد الاشتراك الشهري للمؤسسة');
    expect((screen.getByRole('button', { name: 'إسناد إلى مستخدم' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'تعديل غرفتي' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets a running institution assign', async () => {
    await openRooms('inst', [room], official('active'));
    expect(screen.queryByTestId('institution-read-only')).toBeNull();
    expect((screen.getByRole('button', { name: 'إسناد إلى مستخدم' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
