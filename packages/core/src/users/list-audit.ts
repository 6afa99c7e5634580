import type { AuditList, TAuditQuery } from '@majlis/contracts/users';
import { inArray } from 'drizzle-orm';
import { findAuditRows } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema/index.ts';

/** The invitation an invite, resend or revoke row names (rows written before issue 25 held only the role). */
function inviteeOf(meta: unknown): AuditList['rows'][number]['invitee'] {
  const m = (meta ?? {}) as { email?: unknown; role?: unknown };
  if (typeof m.email !== 'string' || (m.role !== 'admin' && m.role !== 'member')) return null;
  return { email: m.email, role: m.role };
}

/** GET /api/users/audit: who did what to whom and when in the account, for its owner only (spec §3, issue 11). */
export async function listAudit(db: Db, actor: Actor, query: TAuditQuery): Promise<AuditList> {
  requirePower(actor, 'viewAudit');
  const rows = await findAuditRows(db, actor.accountId, { before: query.before, limit: query.limit });
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))];
  const people = ids.length
    ? await db
        .select({ id: users.id, fname: users.fname, lname: users.lname })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    rows: rows.map((r) => ({
      id: r.id,
      who: (r.userId && byId.get(r.userId)) || null,
      action: r.action,
      target: r.target,
      invitee: inviteeOf(r.meta),
      at: r.createdAt.toISOString(),
    })),
    next: rows.length === query.limit ? (rows.at(-1)?.id ?? null) : null,
  };
}
