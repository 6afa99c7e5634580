import type { UserInfo } from '@majlis/contracts/account';
import { decideSession } from '@majlis/machines';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { accounts, memberships, sessions, users } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { type SessionRow, storedSessionOf, TOUCH_SECONDS } from './sessions.ts';

/** A stored session as a request needs it: the row, and the actor it acts as (null when signed out or gone). */
export interface SessionFacts {
  session: SessionRow;
  actor: Actor | null;
  /** The signed-in user's own details, as GET /api/user/info answers them (null with no actor). */
  info: UserInfo['info'] | null;
  /** The session is bound to a user whose membership, user or account is gone or inactive: it no longer stands. */
  orphaned: boolean;
}

/**
 * The session row, its actor and the user's own details in one statement (they were three round trips: the session,
 * the actor, GET /api/user/info's row; and a lastSeenAt write, now at most once a minute), prepared once per database so drizzle builds its SQL once and PostgreSQL plans it once per
 * connection (drizzle `.prepare(name)`: a named statement in node-postgres, reused by PGlite too).
 */
function prepare(db: Db, name: string) {
  return db
    .select({
      ...getTableColumns(sessions),
      memberRole: memberships.role,
      memberActive: memberships.active,
      kind: accounts.kind,
      accountStatus: accounts.status,
      isOps: users.isOps,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      picture: users.picture,
      locale: users.locale,
      timeZone: users.timeZone,
      digits: users.digits,
      chatDigest: users.chatDigest,
      hijri: users.hijri,
      userActive: users.active,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(
      memberships,
      sql`${memberships.userId} = ${sessions.userId} and ${memberships.accountId} = ${sessions.accountId}`,
    )
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare(name);
}

/**
 * The live session stored under `idHash` with its actor, or null when unknown or ended by the idle or absolute limit
 * (decideSession; an ended row is deleted). lastSeenAt is written at most once a minute (TOUCH_SECONDS).
 */
export async function lookUpSession(db: Db, config: Config, idHash: string): Promise<SessionFacts | null> {
  const [row] = await prepared(db, 'majlis_session_lookup', prepare).execute({ idHash });
  if (!row) return null;
  const {
    memberRole,
    memberActive,
    kind,
    accountStatus,
    isOps,
    fname,
    lname,
    email,
    phone,
    picture,
    locale,
    timeZone,
    digits,
    chatDigest,
    hijri,
    userActive,
    ...session
  } = row;
  const now = Date.now();
  if (!decideSession(storedSessionOf(config, session), now).valid) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_SECONDS * 1000) {
    const lastSeenAt = new Date(now);
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.idHash, idHash));
    session.lastSeenAt = lastSeenAt;
  }
  if (!session.userId || !session.accountId) return { session, actor: null, info: null, orphaned: false };
  // As findActor: a suspended or banned account ends every session acting in it, as if it were gone.
  if (!userActive || !memberActive || accountStatus !== 'active' || !memberRole || !kind || !email) {
    return { session, actor: null, info: null, orphaned: true };
  }
  const actor: Actor = {
    userId: session.userId,
    accountId: session.accountId,
    role: memberRole,
    kind,
    isOps: isOps ?? false,
    fname: fname ?? '',
    lname: lname ?? '',
    email,
    picture: picture ?? null,
    locale: locale ?? 'ar',
    timeZone: timeZone ?? '',
    digits: digits ?? null,
    hijri: hijri ?? false,
  };
  const info = {
    id: actor.userId,
    fname: actor.fname,
    lname: actor.lname,
    email,
    phone: phone ?? '',
    picture: actor.picture,
    locale: actor.locale,
    timeZone: actor.timeZone,
    digits: actor.digits ?? null,
    chatDigest: chatDigest ?? true,
    hijri: hijri ?? false,
  };
  return { session, actor, info, orphaned: false };
}
