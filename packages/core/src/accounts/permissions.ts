import type { AccountKind, Permissions, Role } from '@majlis/contracts/account';
import { permissionsFrom } from '../auth/powers.ts';

export type { Permissions };

/** DESIGN §8: computed on the server from account kind and role (the powers table); the client only gates. */
export function permissionsFor(kind: AccountKind, role: Role, accountCount: number): Permissions {
  return permissionsFrom(kind, role, accountCount);
}
