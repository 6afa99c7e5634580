import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../db/connect.ts';

/** The part of an e-mail address after its last @, lower-case. */
export function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** The institution that has proved this domain, if any (only one can: a unique index on verified domains). */
export async function verifiedDomainHolder(db: Db | Tx, domain: string): Promise<string | null> {
  const [row] = await queryRows<{ account_id: string }>(
    db,
    sql`select account_id from institution_domains where domain = ${domain} and verified_at is not null limit 1`,
  );
  return row?.account_id ?? null;
}
