import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/connect.ts';
import { AppError } from '../errors.ts';
import { defaultAccountOf } from './actor.ts';
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
  const accountId = await defaultAccountOf(db, row.id);
  if (!accountId) throw new AppError(403, 'ACCOUNT_INACTIVE');
  return { userId: row.id, accountId };
}
