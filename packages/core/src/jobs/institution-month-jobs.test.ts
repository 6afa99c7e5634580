import { both } from '@majlis/i18n/server';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { accounts, notifications, subscriptions, users } from '../db/schema/index.ts';
import { runInstitutionLapses } from './institution-lapse.ts';
import { runRenewals } from './renewals.ts';
import type { JobContext } from './types.ts';

const DAY = 86_400_000;

/**
 * Issue 25: the institution's month is reminded and expired as a room's is, in words about the institution, and its
 * owner is told once when the grace is over and the administration became read-only.
 */
describe.each(drivers)("the institution's month in the renewals job on %s", (driver: Driver) => {
  let database: TestDatabase;
  let now = new Date();
  let ctx: JobContext;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    ctx = { db: database.db, config: testConfig(), push: { notify: () => {} }, transports: {}, now: () => now };
  });
  afterAll(() => database?.drop());

  it('reminds 3 days ahead, tells the end, then once that the administration is read-only', async () => {
    const [inst] = await database.db
      .select({ id: accounts.id, owner: accounts.ownerUserId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerUserId))
      .where(and(eq(users.email, 'owner@demo.test'), eq(accounts.kind, 'inst')));
    const renewsAt = new Date(Date.now() + 10 * DAY);
    const [month] = await database.db
      .update(subscriptions)
      .set({ renewsAt, status: 'active' })
      .where(and(eq(subscriptions.accountId, inst?.id as string), eq(subscriptions.period, 'enterprise')))
      .returning();
    expect(month).toBeDefined();
    const notes = async () =>
      (
        await database.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, inst?.owner as string))
          .orderBy(asc(notifications.id))
      ).filter((n) => n.eventMeta.subscriptionId === month?.id);

    now = new Date(+renewsAt - 3 * DAY - 60_000);
    await runRenewals(ctx);
    now = new Date(+renewsAt + 60_000);
    await runRenewals(ctx);
    // 6 days past the end: still in the grace
    now = new Date(+renewsAt + 6 * DAY);
    expect(await runInstitutionLapses(ctx)).toBe(0);
    now = new Date(+renewsAt + 7 * DAY + 3600_000);
    expect(await runInstitutionLapses(ctx)).toBe(1);
    expect(await runInstitutionLapses(ctx)).toBe(0);
    const told = await notes();
    expect(told.map((n) => [n.titleId, n.messageId, n.values.days ?? null])).toEqual([
      ['notif.institution.renewal.title', 'notif.institution.renewal.message', 3],
      ['notif.institution.expired.title', 'notif.institution.expired.message', null],
      ['notif.institution.lapsed.title', 'notif.institution.lapsed.message', null],
    ]);
    expect(told.every((n) => n.type === 'danger' && n.eventMeta.renewNow === true)).toBe(true);
    // in words about the institution, not about a room with no name
    const reminder = both(told[0]?.messageId as string, told[0]?.values);
    expect(reminder.en).toBe(
      "Your institution's monthly subscription ends in 3 days. Renew it from Billing to keep managing users, teams and room assignment.",
    );
    expect(reminder.ar).toContain('ينتهي الاشتراك الشهري لمؤسستك بعد');
    now = new Date();
  });
});
