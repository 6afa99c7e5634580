import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema/index.ts';

/** Gives the ops role (queue dashboards) to the users with these e-mails; returns how many were found. */
export async function grantOps(db: Db, emails: string[]): Promise<number> {
  const list = emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (!list.length) return 0;
  const rows = await db
    .update(users)
    .set({ isOps: true })
    .where(inArray(sql`lower(${users.email})`, list))
    .returning({ id: users.id });
  return rows.length;
}
