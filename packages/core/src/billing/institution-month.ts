import {
  INSTITUTION_GRACE_DAYS,
  type InstitutionMonth,
  type InstitutionMonthState,
} from '@majlis/contracts/institution-month';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { hasPower } from '../auth/powers.ts';
import type { Db, Tx } from '../db/connect.ts';
import { subscriptions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { type SubscriptionRow, statusNow } from './subscriptions.ts';

/**
 * The institution's own month (spec §9: "Enterprise monthly renewal 12.5 dollars. Transfer to enterprise: base 2
 * dollars."). It is one subscription row of period `enterprise` and no room:
 * - the move to an institution starts it, the first month included in the (waived) transfer (startInstitutionMonth);
 * - the owner renews it through checkout like a room (`{ kind: 'enterprise' }`: ledger.ts fulfil extends this row), and
 *   the renewals job reminds and expires it as it does a room's;
 * - INSTITUTION_GRACE_DAYS after its end, the administration (users, invitations, teams, room assignment) answers
 *   409 INSTITUTION_LAPSED (requireInstitutionWritable) until a renewal is paid; rooms, meetings and reads go on.
 * An institution without the row (made before the month existed, or written straight into the database by a test) is
 * never held: nothing was ever asked of it.
 */

const DAY_MS = 86_400_000;

/** One month on from `from`, as a room's monthly period runs (subscriptions.ts addPeriod). */
function monthAfter(from: Date): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** At the move to an institution (transfer.ts, in its transaction): the first month, already paid by the move. */
export async function startInstitutionMonth(tx: Tx, accountId: string, now = new Date()): Promise<void> {
  const [held] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.period, 'enterprise')))
    .limit(1);
  if (held) return;
  await tx.insert(subscriptions).values({
    accountId,
    roomId: null,
    period: 'enterprise',
    status: 'active',
    startsAt: now,
    renewsAt: monthAfter(now),
  });
}

/** The account's enterprise subscription, the newest if ever there were two. */
export async function institutionMonthOf(db: Db | Tx, accountId: string): Promise<SubscriptionRow | null> {
  const [s] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.period, 'enterprise')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return s ?? null;
}

/** Where the month stands: running; ended less than the grace ago; or ended longer ago (read-only). */
export function monthState(s: SubscriptionRow | null, now = new Date()): InstitutionMonthState {
  if (!s) return 'none';
  const status = statusNow(s, now);
  if (status !== 'expired' && status !== 'unpaid') return 'active';
  return +now >= +readOnlyAt(s) ? 'lapsed' : 'grace';
}

const readOnlyAt = (s: SubscriptionRow) => new Date(+s.renewsAt + INSTITUTION_GRACE_DAYS * DAY_MS);

/**
 * The guard of the institution's administration: adding and inviting users, editing them and their status, teams,
 * room assignment. Only its officials (who manage users) are held; anyone else is refused by the route's own check.
 */
export async function requireInstitutionWritable(db: Db | Tx, actor: Actor, now = new Date()): Promise<void> {
  if (actor.kind !== 'inst' || !hasPower(actor, 'manageUsers')) return;
  if (monthState(await institutionMonthOf(db, actor.accountId), now) === 'lapsed') {
    throw new AppError(409, 'INSTITUTION_LAPSED');
  }
}

/** GET /api/billing/institution-month: what the dashboard's banner says, to the institution's officials. */
export async function getInstitutionMonth(db: Db, actor: Actor, now = new Date()): Promise<InstitutionMonth> {
  const s = actor.kind === 'inst' ? await institutionMonthOf(db, actor.accountId) : null;
  return {
    state: monthState(s, now),
    subscriptionId: s?.id ?? null,
    endsAt: s ? s.renewsAt.toISOString() : null,
    readOnlyAt: s ? readOnlyAt(s).toISOString() : null,
    canRenew: hasPower(actor, 'manageBilling') && actor.kind === 'inst',
  };
}
