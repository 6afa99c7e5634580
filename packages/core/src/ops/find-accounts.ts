import type { OpsAccount, OpsAccountList, TOpsAccountQuery } from '@majlis/contracts/ops';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../db/connect.ts';

interface AccountRow {
  id: string;
  kind: 'indv' | 'inst';
  name: string;
  status: 'active' | 'suspended' | 'banned';
  created_at: Date | string;
  owner_id: string;
  owner_email: string;
  owner_fname: string;
  owner_lname: string;
  members: number | string;
}

/** A LIKE pattern that matches `text` literally anywhere (its own % _ and \ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const SELECT = sql`
  select a.id, a.kind, a.name, a.status, a.created_at,
         u.id as owner_id, u.email as owner_email, u.fname as owner_fname, u.lname as owner_lname,
         (select count(*) from memberships m where m.account_id = a.id and m.active) as members
  from accounts a join users u on u.id = a.owner_user_id`;

function toAccount(r: AccountRow): OpsAccount {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    status: r.status,
    owner: { id: r.owner_id, email: r.owner_email, fname: r.owner_fname, lname: r.owner_lname },
    members: Number(r.members),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * Every account on the platform, for the operator (the caller has checked requireOps): `q` matches the account's
 * name or its owner's e-mail, case-insensitively; newest first, paged.
 */
export async function findAccounts(db: Db, query: TOpsAccountQuery): Promise<OpsAccountList> {
  const { page, pageSize, q } = query;
  const where = q ? sql`where a.name ilike ${containing(q)} or u.email ilike ${containing(q)}` : sql``;
  const [rows, [count]] = await Promise.all([
    queryRows<AccountRow>(
      db,
      sql`${SELECT} ${where} order by a.created_at desc, a.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ total: number | string }>(
      db,
      sql`select count(*) as total from accounts a join users u on u.id = a.owner_user_id ${where}`,
    ),
  ]);
  return { accounts: rows.map(toAccount), total: Number(count?.total ?? 0), page, pageSize };
}

/** One account as the operator sees it, or undefined. */
export async function findAccount(db: Db | Tx, id: string): Promise<OpsAccount | undefined> {
  const [row] = await queryRows<AccountRow>(db, sql`${SELECT} where a.id = ${id}`);
  return row && toAccount(row);
}
