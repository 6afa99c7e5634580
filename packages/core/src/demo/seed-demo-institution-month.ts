import { and, eq, notExists } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { accounts, subscriptions, users } from '../db/schema/index.ts';

/**
 * The demo institution's own month (billing/institution-month.ts) on first start: active, begun 12 days ago as if the
 * owner had moved to an institution then (the first month comes with the move), so billing shows its card, its
 * renewal date and the renew button at once.
 */

const DAY = 86_400_000;
const OWNER = 'owner@demo.test';

async function demoInstitution(db: Db | Tx): Promise<string | null> {
  const [inst] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(
      and(
        eq(users.email, OWNER),
        eq(accounts.kind, 'inst'),
        notExists(
          db
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .where(and(eq(subscriptions.accountId, accounts.id), eq(subscriptions.period, 'enterprise'))),
        ),
      ),
    );
  return inst?.id ?? null;
}

/** Whether the demo institution still lacks its month; also true before the institution exists (first start). */
export async function needsDemoInstitutionMonth(db: Db | Tx): Promise<boolean> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, OWNER));
  return !owner || (await demoInstitution(db)) !== null;
}

export async function insertDemoInstitutionMonth(tx: Tx, now = new Date()): Promise<void> {
  const accountId = await demoInstitution(tx);
  if (!accountId) return;
  const started = new Date(+now - 12 * DAY);
  const renews = new Date(started);
  renews.setUTCMonth(renews.getUTCMonth() + 1);
  await tx.insert(subscriptions).values({
    accountId,
    roomId: null,
    period: 'enterprise',
    status: 'active',
    startsAt: started,
    renewsAt: renews,
  });
}
