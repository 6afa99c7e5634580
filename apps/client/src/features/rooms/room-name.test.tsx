import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardHandlers, demoUser, fakeBff, renderApp } from '../../test/harness.tsx';
import { subscription } from '../billing/billing.fixtures.ts';
import { roomView } from './rooms.fixtures.ts';

/** Issue 26: the room the product named reads in the reader's language; a room its users renamed keeps their name. */
const room = (id: string, name: string, nameKey: 'trial.roomName' | null) =>
  roomView({ id, name, nameKey, type: 'jitsi', participants: 10, createdAt: '2026-11-01T10:00:00.000Z' });
// made by an Arabic owner (its name stored in Arabic), and one an English owner renamed
const rooms = [room('room-1', 'غرفة تجريبية', 'trial.roomName'), room('room-2', 'Board', null)];

async function openRooms(lang: 'Ar' | 'En', list: unknown[]) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
  fakeBff(
    dashboardHandlers({
      'GET /api/account/type': { body: { type: 'inst', accountType: 'owner' } },
      'GET /api/rooms': { body: { rooms: list } },
      'GET /api/rooms/types': {
        body: { types: [{ type: 'jitsi', label: 'Jitsi', available: true, optionProfile: 'jitsi' }] },
      },
    }),
  );
  await renderApp('/dashbord/roomManagement');
  return screen.findAllByTestId('room-card');
}

describe('product-named rooms in the client', () => {
  it('shows an English reader the trial room made in Arabic as "Trial room", a renamed room as named', async () => {
    const cards = await openRooms('En', rooms);
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Trial room', 'Board']);
    expect(screen.queryByText('غرفة تجريبية')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Trial room' })).toBeTruthy();
  });

  it('shows an Arabic reader the same room in Arabic, whatever language the server wrote it in', async () => {
    const cards = await openRooms('Ar', [
      room('room-1', 'Trial room', 'trial.roomName'),
      room('room-2', 'Board', null),
    ]);
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['غرفة تجريبية', 'Board']);
  });

  it('names it in English on the billing page too', async () => {
    localStorage.setItem('MajlisLang', 'En');
    localStorage.setItem('user', JSON.stringify(demoUser));
    const trial = subscription({
      room: { id: 'room-1', name: 'غرفة تجريبية', nameKey: 'trial.roomName', type: 'jitsi', participants: 10 },
      period: 'trial',
      status: 'trial',
      trial: true,
    });
    fakeBff({
      ...dashboardHandlers({ 'GET /api/account/type': { body: { type: 'indv', accountType: 'owner' } } }),
      'GET /api/billing/subscriptions': { body: { subscriptions: [trial], canBuy: true, provider: 'sandbox' } },
      'GET /api/billing/orders': { body: { orders: [], payments: [] } },
    });
    await renderApp('/dashbord/billing');
    const [card] = await screen.findAllByTestId('subscription-card');
    expect(card?.textContent).toContain('Trial room');
    expect(card?.textContent).not.toContain('غرفة تجريبية');
  });
});
