import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardHandlers, demoUser, fakeBff, renderApp } from '../../test/harness.tsx';

const room = {
  id: '00000000-0000-4000-8000-000000000010',
  name: 'غرفتي',
  type: 'jitsi',
  participants: 10,
  storageBytes: 10 * 1024 ** 3,
  usedBytes: 0,
  status: 'active',
  meetingsCount: 0,
  assignedUser: null,
  subscription: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

async function openRooms(type: 'indv' | 'inst', rooms: unknown[]) {
  localStorage.setItem('user', JSON.stringify(demoUser));
  fakeBff(
    dashboardHandlers({
      'GET /api/account/type': { body: { type, accountType: 'owner' } },
      'GET /api/rooms': { body: { rooms } },
      'GET /api/rooms/types': { body: { types: [{ type: 'jitsi', label: 'Jitsi', available: true }] } },
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
