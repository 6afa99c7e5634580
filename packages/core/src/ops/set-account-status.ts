import type { AccountStatus, AccountStatusAnswer } from '@majlis/contracts/ops';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requireOps } from '../auth/require-ops.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { accounts, memberships, sessions } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { publishSessionEnded } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';
import { endAccountMeetings } from '../meetings/end-account-meetings.ts';
import { findAccount } from './find-accounts.ts';

const ACTION: Record<AccountStatus, string> = {
  active: 'account.reinstate',
  suspended: 'account.suspend',
  banned: 'account.ban',
};

/**
 * The operator suspends, bans or reinstates an account (spec §1 terms). Closing it ends every session acting in it
 * and, after the commit, cuts those sessions' sockets on every instance (session.ended per member, scoped to this
 * account, as removeMembership does): the same people's sessions in their other accounts stand ("nothing else
 * changes"). Sign-in then passes the account over (auth/login.ts) and findActor treats it as gone. Reinstating only
 * flips the status back; nobody is signed in again. One audit row, in the same transaction: the account concerned,
 * the operator who acted. With `config`, the account's running meetings end too, after the commit (a closed account
 * serves nobody: joins, starts and share links are refused from the commit on, see accounts/open-account.ts).
 */
export async function setAccountStatus(
  { db, bus, config }: { db: Db; bus?: EventBus; config?: Config },
  operator: Actor | null | undefined,
  accountId: string,
  status: AccountStatus,
  ip?: string | null,
): Promise<AccountStatusAnswer> {
  const ops = requireOps(operator);
  const { ended, members, account } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!before) throw notFound();
    await tx.update(accounts).set({ status }).where(eq(accounts.id, accountId));
    const ended =
      status === 'active'
        ? []
        : await tx.delete(sessions).where(eq(sessions.accountId, accountId)).returning({ userId: sessions.userId });
    const members =
      status === 'active'
        ? []
        : await tx.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.accountId, accountId));
    await recordAudit(tx, { userId: ops.userId, accountId, ip }, ACTION[status], accountId, {
      from: before.status,
      to: status,
    });
    const account = await findAccount(tx, accountId);
    if (!account) throw notFound();
    return { ended, members, account };
  });
  if (status !== 'active') {
    // One event per member (and anyone whose session here ended): it names the user in this account, so each
    // instance cuts every socket of theirs acting here, however many tabs, and leaves those in other accounts alone.
    const people = new Set([...members, ...ended].map((s) => s.userId).filter((id): id is string => !!id));
    await Promise.all(
      [...people].map((userId) => publishSessionEnded(bus, { userId, accountId, reason: 'account-closed' })),
    );
    if (config) await endAccountMeetings({ db, config }, accountId);
  }
  return { account, sessionsEnded: ended.length };
}
