import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { auditLog } from '../db/schema/index.ts';

/** Who did it: the acting user in the account it concerns (null for the platform operator acting from outside). */
export interface AuditActor {
  userId: string | null;
  accountId: string | null;
  ip?: string | null;
}

/**
 * One row per administrative change (who, what, when), written in the same transaction as the change so neither
 * exists without the other. `action` is a stable dotted name ('user.add', 'team.rename', 'account.suspend' …);
 * `meta` holds ids and changed field names, never passwords, tokens or free text a user typed.
 */
export async function recordAudit(
  db: Db | Tx,
  who: AuditActor,
  action: string,
  target: string | null,
  meta: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({
    accountId: who.accountId,
    userId: who.userId,
    action,
    target,
    ip: who.ip ?? null,
    meta,
  });
}

/** The newest rows of an account, newest first, `before` an id for the next page. */
export async function findAuditRows(db: Db, accountId: string, opts: { before?: number; limit: number }) {
  return db
    .select()
    .from(auditLog)
    .where(
      opts.before === undefined
        ? eq(auditLog.accountId, accountId)
        : and(eq(auditLog.accountId, accountId), lt(auditLog.id, opts.before)),
    )
    .orderBy(desc(auditLog.id))
    .limit(opts.limit);
}
