import type { Institution, TInstitutionBody } from '@majlis/contracts/institution';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { hasPower, requirePower } from '../auth/powers.ts';
import type { Db } from '../db/connect.ts';
import { accounts } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';

const FIELDS = ['name', 'address', 'country', 'city', 'postalCode', 'phone'] as const;

/**
 * The acting institution's details (spec §3 Enterprise). Its officials read them — those who manage its users,
 * owner and admins — and only the owner edits (editInstitution); members and personal accounts get 403.
 */
export async function getInstitution(db: Db, actor: Actor): Promise<Institution> {
  requirePower(actor, 'manageUsers');
  const [row] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId));
  if (!row) throw notFound();
  return {
    institution: {
      name: row.name,
      address: row.address ?? '',
      country: row.country ?? '',
      city: row.city ?? '',
      postalCode: row.postalCode ?? '',
      phone: row.phone ?? '',
    },
    editable: hasPower(actor, 'editInstitution'),
  };
}

/** The owner saves them; one audit row names the fields that changed (not their values: free text stays out). */
export async function updateInstitution(
  db: Db,
  actor: Actor,
  body: TInstitutionBody,
  ip: string | null,
): Promise<Institution> {
  requirePower(actor, 'editInstitution');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId)).for('update');
    if (!before) throw notFound();
    const changed = FIELDS.filter((f) => (before[f] ?? '') !== body[f]);
    if (!changed.length) return;
    await tx.update(accounts).set(body).where(eq(accounts.id, actor.accountId));
    await recordAudit(
      tx,
      { userId: actor.userId, accountId: actor.accountId, ip },
      'institution.update',
      actor.accountId,
      {
        fields: changed,
      },
    );
  });
  return getInstitution(db, actor);
}
