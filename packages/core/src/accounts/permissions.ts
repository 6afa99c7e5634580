import type { AccountKind, Permissions, Role } from '@majlis/contracts/account';

export type { Permissions };

/** DESIGN §8: computed on the server from account kind and role; the client only gates. */
export function permissionsFor(kind: AccountKind, role: Role, accountCount: number): Permissions {
  const inst = kind === 'inst';
  const manager = role === 'owner' || role === 'admin';
  return {
    showProfile: true,
    showMeetingRooms: manager,
    showBilling: role === 'owner',
    showUserManage: inst && manager,
    showTeams: inst && manager,
    showReports: manager,
    showStorageDetails: manager,
    showChat: inst,
    showAccounts: accountCount > 1,
  };
}
