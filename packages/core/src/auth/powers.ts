import type { AccountKind, Permissions, Role } from '@majlis/contracts/account';
import { forbidden } from '../errors.ts';
import type { Actor } from './actor.ts';

/**
 * Roles and powers in one place (DESIGN §8): what each role of each account kind may do. The permission set the
 * client gates its menus with (permissionsFor) and every server check (requirePower) read this one table, so a menu
 * never offers what the server refuses, nor the reverse.
 */
export const POWERS = [
  'manageRooms',
  'manageBilling',
  'manageUsers',
  'manageTeams',
  'editInstitution',
  'viewReports',
  'viewStorage',
  'chat',
  /** The account's audit log (who changed what): its owner's, as spec §3 gives the owner the last word. */
  'viewAudit',
] as const;
export type Power = (typeof POWERS)[number];

type RoleKey = `${AccountKind}:${Role}`;

const TABLE: Record<RoleKey, readonly Power[]> = {
  // An individual account has only its owner.
  'indv:owner': ['manageRooms', 'manageBilling', 'viewReports', 'viewStorage'],
  'indv:admin': [],
  'indv:member': [],
  'inst:owner': [
    'manageRooms',
    'manageBilling',
    'manageUsers',
    'manageTeams',
    'editInstitution',
    'viewReports',
    'viewStorage',
    'chat',
    'viewAudit',
  ],
  'inst:admin': ['manageRooms', 'manageUsers', 'manageTeams', 'viewReports', 'viewStorage', 'chat'],
  'inst:member': ['chat'],
};

export function powersOf(kind: AccountKind, role: Role): ReadonlySet<Power> {
  return new Set(TABLE[`${kind}:${role}`]);
}

export function hasPower(actor: Pick<Actor, 'kind' | 'role'>, power: Power): boolean {
  return TABLE[`${actor.kind}:${actor.role}`].includes(power);
}

/** 403 FORBIDDEN unless the actor's role in its account carries the power. */
export function requirePower(actor: Pick<Actor, 'kind' | 'role'>, power: Power): void {
  if (!hasPower(actor, power)) throw forbidden();
}

/** The spec §3 permission set, read from the table (showAccounts depends on how many accounts the user has). */
export function permissionsFrom(kind: AccountKind, role: Role, accountCount: number): Permissions {
  const can = powersOf(kind, role);
  return {
    showProfile: true,
    showMeetingRooms: can.has('manageRooms'),
    showBilling: can.has('manageBilling'),
    showUserManage: can.has('manageUsers'),
    showTeams: can.has('manageTeams'),
    showReports: can.has('viewReports'),
    showStorageDetails: can.has('viewStorage'),
    showChat: can.has('chat'),
    showAccounts: accountCount > 1,
  };
}
