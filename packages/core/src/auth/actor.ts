import type { AccountKind, Role, SessionUser } from '@majlis/contracts/account';
import { decideSwitch, type SwitchFacts } from '@majlis/machines';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { accounts, memberships, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

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
  /** The profile's digit style; null (or absent) follows the language. */
  digits?: 'arab' | 'latn' | null;
  /** The profile asks for the Hijri (Umm al-Qura) date beside the Gregorian one (issue 26); absent is no. */
  hijri?: boolean;
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
      digits: users.digits,
      hijri: users.hijri,
      userActive: users.active,
      memberActive: memberships.active,
      accountStatus: accounts.status,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)));
  // A suspended or banned account (spec §1 terms, core/ops) ends every session acting in it, as if it were gone.
  if (!row?.userActive || !row.memberActive || row.accountStatus !== 'active') return null;
  const { userActive: _u, memberActive: _m, accountStatus: _s, ...actor } = row;
  return actor;
}

/** Why an account refuses its users: the operator's suspension or ban, as the error a sign-in shows. */
export function closedAccountError(status: 'suspended' | 'banned'): AppError {
  return new AppError(403, status === 'banned' ? 'ACCOUNT_BANNED' : 'ACCOUNT_SUSPENDED');
}

/** What the account switch is decided on (the accountSwitch machine's `switch.checked`), read in one query. */
export async function switchFactsOf(db: Db, signedIn: string, userId: string, accountId: string): Promise<SwitchFacts> {
  const [row] = await db
    .select({ status: accounts.status, memberActive: memberships.active, userActive: users.active })
    .from(accounts)
    .leftJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.userId, userId)))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(eq(accounts.id, accountId));
  const membership = row?.memberActive == null ? null : row.memberActive && row.userActive ? 'active' : 'inactive';
  return { self: userId === signedIn, account: row?.status ?? null, membership };
}

/**
 * The actor an account switch (/api/inst-login) lands on, as the accountSwitch machine decides (decideSwitch): each
 * refusal is its own code (NOT_A_MEMBER, MEMBERSHIP_INACTIVE, ACCOUNT_SUSPENDED, ACCOUNT_BANNED, ACCOUNT_UNKNOWN).
 */
export async function actorToSwitchTo(db: Db, signedIn: Actor, userId: string, accountId: string): Promise<Actor> {
  const decision = decideSwitch(await switchFactsOf(db, signedIn.userId, userId, accountId));
  if (!decision.ok) throw new AppError(decision.refusal === 'unknownAccount' ? 404 : 403, decision.code);
  const actor = await findActor(db, userId, accountId);
  // Changed between the two reads: refused as the later read would have been.
  if (!actor) throw new AppError(403, 'NOT_A_MEMBER');
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
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.accountId, accountId),
        eq(memberships.active, true),
        eq(users.active, true),
        eq(accounts.status, 'active'),
      ),
    );
  return row?.role ?? null;
}

const rank = (kind: AccountKind, role: Role) =>
  (kind === 'inst' ? 0 : 3) + (role === 'owner' ? 0 : role === 'admin' ? 1 : 2);

/**
 * The account a sign-in lands in: an institution the user belongs to first (most privileged role), else the personal
 * one. Suspended and banned accounts are passed over (`closed` then names the first of them, for the message when
 * nothing else is left).
 */
export async function signInAccountOf(
  db: Db,
  userId: string,
): Promise<{ accountId: string | null; closed: 'suspended' | 'banned' | null }> {
  const rows = await db
    .select({ accountId: memberships.accountId, role: memberships.role, kind: accounts.kind, status: accounts.status })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(memberships.active, true)));
  rows.sort((a, b) => rank(a.kind, a.role) - rank(b.kind, b.role));
  const open = rows.find((r) => r.status === 'active');
  const closed = rows.find((r) => r.status !== 'active')?.status;
  return { accountId: open?.accountId ?? null, closed: closed && closed !== 'active' ? closed : null };
}

/** The account a sign-in lands in (see signInAccountOf), or null when the user has none open. */
export async function defaultAccountOf(db: Db, userId: string): Promise<string | null> {
  return (await signInAccountOf(db, userId)).accountId;
}
