import type { TTransferBody } from '@majlis/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { accounts } from '../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { publishAccessChanged } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';
import { startInstitutionMonth } from './institution-month.ts';

/**
 * Individual → enterprise (spec §4): free and irreversible. Only the owner of a personal account moves it; the
 * account itself becomes the institution, named as asked, with its rooms, meetings, recordings and subscriptions as
 * they are. Nothing caches the account's kind: every request reads the actor afresh (auth/actor.ts findActor), so the
 * owner's next request already has the institution owner's powers (users, teams, room assignment, reports, chat).
 * The row is locked first, so two confirmations at once move it once and the second is told it is no longer
 * individual. Open sockets are told their powers changed and re-read them (access.changed, as a role change does).
 */
export async function transferToEnterprise(
  { db, bus }: { db: Db; bus?: EventBus },
  actor: Actor,
  body: TTransferBody,
  ip?: string | null,
): Promise<{ ok: true }> {
  if (actor.role !== 'owner') throw forbidden();
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ kind: accounts.kind, ownerUserId: accounts.ownerUserId })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    if (!account) throw notFound();
    if (account.kind !== 'indv') throw new AppError(409, 'TRANSFER_NOT_INDIVIDUAL');
    if (account.ownerUserId !== actor.userId) throw forbidden();
    await tx.update(accounts).set({ kind: 'inst', name: body.name }).where(eq(accounts.id, actor.accountId));
    // The institution's first month comes with the move (institution-month.ts); the owner renews it from billing.
    await startInstitutionMonth(tx, actor.accountId);
    // The name stays out of the log (free text a user typed); what happened and to which account is enough.
    await recordAudit(
      tx,
      { userId: actor.userId, accountId: actor.accountId, ip },
      'account.transfer',
      actor.accountId,
      { from: 'indv', to: 'inst' },
    );
  });
  await publishAccessChanged(bus, { accountId: actor.accountId, userId: actor.userId, reason: 'role-changed' });
  return { ok: true };
}
