import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { accounts } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

/**
 * A suspended or banned account (spec §1 terms, core/ops) is closed to everyone, not only to its own users: nobody
 * joins or starts its meetings by number, nothing is started at a provider for it, and its recordings do not play
 * through a share link or for a participant from another account. Reinstating it opens all of that again; nothing is
 * deleted meanwhile.
 */
export const accountClosed = () => new AppError(403, 'ACCOUNT_CLOSED');

/** Refuses with 403 ACCOUNT_CLOSED unless the account is active (an unknown account is left to the caller's 404). */
export async function requireOpenAccount(db: Db | Tx, accountId: string): Promise<void> {
  const [row] = await db.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, accountId));
  if (row && row.status !== 'active') throw accountClosed();
}

/** The same rule per row, for a query whose rows carry the account id (`column`). */
export function openAccountSql(column: AnyColumn): SQL {
  return sql`exists (select 1 from ${accounts} where ${accounts.id} = ${column} and ${accounts.status} = 'active')`;
}
