import type { Room } from './api.ts';

/** A room as GET /api/rooms lists it (the contract's every field), for the tests' fake BFF; `over` sets what a test is about. */
export function roomView(over: Partial<Room> = {}): Room {
  return {
    id: '6f1c1a52-4a3b-4d7e-9a51-0c1f4a2b7e11',
    name: 'القاعة الكبرى',
    nameKey: null,
    type: 'bbb',
    participants: 50,
    storageBytes: 10 * 1024 ** 3,
    usedBytes: 0,
    status: 'active',
    meetingsCount: 0,
    assignedUser: null,
    subscription: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}
