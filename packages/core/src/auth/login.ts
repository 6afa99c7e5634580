import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/connect.ts';
import { AppError } from '../errors.ts';
import { closedAccountError, signInAccountOf } from './actor.ts';
import { dummyHash, verifyPassword } from './password.ts';

/** Checks credentials; the same error (and about the same time) whether the e-mail is unknown or the password wrong. */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<{ userId: string; accountId: string }> {
  const [row] = await queryRows<{ id: string; password_hash: string; active: boolean }>(
    db,
    sql`select id, password_hash, active from users where lower(email) = ${email.trim().toLowerCase()} limit 1`,
  );
  const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
  if (!row || !ok) throw new AppError(401, 'INVALID_CREDENTIALS');
  if (!row.active) throw new AppError(403, 'ACCOUNT_INACTIVE');
  // Issue 30: an institution that turned passwords off signs its people in through its provider (its owner keeps
  // the password, so a broken provider never locks the institution out).
  const ssoOnly = await queryRows(
    db,
    sql`select 1 from memberships m join institution_sso s on s.account_id = m.account_id
        where m.user_id = ${row.id} and m.active and m.role <> 'owner' and not s.passwords_allowed limit 1`,
  );
  if (ssoOnly.length) throw new AppError(403, 'PASSWORD_SIGN_IN_OFF');
  // A suspended or banned account (spec §1 terms) is passed over: a user with another open account (their personal
  // one, another institution) signs in there, as "nothing else changes" asks, and meets the message only on switching
  // to the closed one (/api/inst-login). A user with no open account left is told why at once, in both languages.
  const { accountId, closed } = await signInAccountOf(db, row.id);
  if (!accountId) throw closed ? closedAccountError(closed) : await noOpenMembership(db, row.id);
  await db.execute(sql`update users set last_sign_in_at = now() where id = ${row.id}`);
  return { userId: row.id, accountId };
}

/** Deactivated in every institution they belong to (user management): told so, not that their user is inactive. */
async function noOpenMembership(db: Db, userId: string): Promise<AppError> {
  const inactive = await queryRows(db, sql`select 1 from memberships where user_id = ${userId} and not active limit 1`);
  return new AppError(403, inactive.length ? 'MEMBERSHIP_INACTIVE' : 'ACCOUNT_INACTIVE');
}
