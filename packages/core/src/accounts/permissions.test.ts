import { describe, expect, it } from 'vitest';
import { permissionsFor } from './permissions.ts';

/** DESIGN §8 table, row by row. */
describe('permissionsFor', () => {
  const keys = [
    'showProfile',
    'showMeetingRooms',
    'showBilling',
    'showUserManage',
    'showTeams',
    'showReports',
    'showStorageDetails',
    'showChat',
  ] as const;
  it.each([
    ['indv', 'owner', [1, 1, 1, 0, 0, 1, 1, 0]],
    ['inst', 'owner', [1, 1, 1, 1, 1, 1, 1, 1]],
    ['inst', 'admin', [1, 1, 0, 1, 1, 1, 1, 1]],
    ['inst', 'member', [1, 0, 0, 0, 0, 0, 0, 1]],
  ] as const)('%s %s', (kind, role, expected) => {
    const p = permissionsFor(kind, role, 1);
    expect(keys.map((k) => (p[k] ? 1 : 0))).toEqual(expected);
    expect(p.showAccounts).toBe(false);
    expect(permissionsFor(kind, role, 2).showAccounts).toBe(true);
  });
});
