import type { TUserListQuery, UserRow } from '@majlis/contracts/users';
import type { Locale } from '@majlis/i18n';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Db, Tx } from '../db/connect.ts';
import { memberships, rooms, users } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { roomNameSql } from '../wording/room-name.ts';

/** `%`, `_` and `\` typed in the search box are searched for, not used as LIKE wildcards. */
const likeEscape = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const ROLE_ORDER = sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

/** The columns of a user-management row; the room is the first (by name) of this account assigned to the user. */
async function selectRows(
  db: Db | Tx,
  accountId: string,
  where: SQL | undefined,
  locale: Locale,
  page?: { limit: number; offset: number },
) {
  const base = db
    .select({
      id: users.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      role: memberships.role,
      active: memberships.active,
      lastSignInAt: users.lastSignInAt,
      room: sql<{ id: string; name: string } | null>`(
        select json_build_object('id', r.id, 'name', ${roomNameSql(locale, sql`r.name`, sql`r.name_key`)}) from ${rooms} r
        where r.account_id = ${accountId} and r.assigned_user_id = ${users.id} order by r.name limit 1)`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), where))
    .orderBy(ROLE_ORDER, asc(users.fname), asc(users.lname), asc(users.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  return rows.map(
    (r): UserRow => ({ ...r, lastSignInAt: r.lastSignInAt?.toISOString() ?? null, room: r.room ?? null }),
  );
}

/** One row of the acting account's users; 404 for anyone outside it (their ids are not ours to confirm). */
export async function findUserRow(db: Db | Tx, accountId: string, userId: string, locale: Locale): Promise<UserRow> {
  const [row] = await selectRows(db, accountId, eq(memberships.userId, userId), locale);
  if (!row) throw notFound();
  return row;
}

/** GET /api/users: the account's officials and members, paged, searched by name or e-mail. */
export async function listUsers(db: Db, actor: Actor, query: TUserListQuery) {
  requirePower(actor, 'manageUsers');
  const q = query.q?.trim();
  const pattern = q ? `%${likeEscape(q)}%` : null;
  const where = pattern
    ? or(
        ilike(users.fname, pattern),
        ilike(users.lname, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.fname} || ' ' || ${users.lname}`, pattern),
      )
    : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, actor.accountId), where));
  const rows = await selectRows(db, actor.accountId, where, actor.locale, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { users: rows, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
