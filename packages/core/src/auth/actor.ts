import type { AccountKind, Role, SessionUser } from '@majlis/contracts/account';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { accounts, memberships, users } from '../db/schema/index.ts';

export type { AccountKind, Role, SessionUser };

/** Who is acting: the signed-in user inside the account the session is bound to. */
export interface Actor {
  userId: string;
  accountId: string;
  role: Role;
  kind: AccountKind;
  isOps: boolean;
  fname: string;
  lname: string;
  email: string;
  picture: string | null;
  locale: 'ar' | 'en';
  timeZone: string;
}

export function toSessionUser(a: Actor): SessionUser {
  return {
    id: a.userId,
    ownerId: a.accountId,
    role: a.role,
    fname: a.fname,
    lname: a.lname,
    email: a.email,
    picture: a.picture,
  };
}

/** Null when the user, the membership or the account is gone or inactive: the session no longer stands. */
export async function findActor(db: Db, userId: string, accountId: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      userId: users.id,
      accountId: accounts.id,
      role: memberships.role,
      kind: accounts.kind,
      isOps: users.isOps,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      picture: users.picture,
      locale: users.locale,
      timeZone: users.timeZone,
      userActive: users.active,
      memberActive: memberships.active,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)));
  if (!row?.userActive || !row.memberActive) return null;
  const { userActive: _u, memberActive: _m, ...actor } = row;
  return actor;
}

/**
 * The role a user holds in an account right now, or null when the user or the membership is inactive or gone. Powers
 * that outlive the request which loaded the actor (a meeting's owner or assistant, joining another account's meeting,
 * a socket's actor) are checked against this, not against what a row or a session remembers.
 */
export async function activeRoleIn(db: Db | Tx, userId: string, accountId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.accountId, accountId),
        eq(memberships.active, true),
        eq(users.active, true),
      ),
    );
  return row?.role ?? null;
}

const rank = (kind: AccountKind, role: Role) =>
  (kind === 'inst' ? 0 : 3) + (role === 'owner' ? 0 : role === 'admin' ? 1 : 2);

/** The account a sign-in lands in: an institution the user belongs to first (most privileged role), else the personal one. */
export async function defaultAccountOf(db: Db, userId: string): Promise<string | null> {
  const rows = await db
    .select({ accountId: memberships.accountId, role: memberships.role, kind: accounts.kind })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(memberships.active, true)));
  rows.sort((a, b) => rank(a.kind, a.role) - rank(b.kind, b.role));
  return rows[0]?.accountId ?? null;
}
