import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { queryRows } from '../db/connect.ts';
import { accounts, notifications, users } from '../db/schema/index.ts';
import { createFlusher } from '../notifications/push-notifications.ts';
import { createBatcher } from './batch.ts';
import { sendNotificationJob, type TSendNotification } from './send-notification.ts';
import type { JobContext } from './types.ts';

/** Issue 14: notification jobs written in batches, each still stored once and pushed once. */
describe.each(drivers)('send-notification in batches on %s', (driver: Driver) => {
  let database: TestDatabase;
  let ctx: JobContext;
  let owner: { userId: string; accountId: string };
  const pushed: number[] = [];
  const handleBatch = sendNotificationJob.handleBatch as NonNullable<typeof sendNotificationJob.handleBatch>;

  const job = (key: string, to = owner): TSendNotification => ({
    ...to,
    type: 'notif',
    titleId: 'notif.meeting.reminder.title',
    messageId: 'notif.meeting.reminder.message',
    values: { name: key, minutes: 15, number: '1234' },
    dedupeKey: `test:${key}`,
  });
  const stored = (prefix: string) =>
    database.db
      .select({ id: notifications.id, pending: notifications.pushPending })
      .from(notifications)
      .where(like(notifications.dedupeKey, `test:${prefix}%`));
  const pushesOf = (ids: number[]) => pushed.filter((id) => ids.includes(id));

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    const [row] = await database.db
      .select({ userId: users.id, accountId: accounts.id })
      .from(users)
      .innerJoin(accounts, eq(accounts.ownerUserId, users.id))
      .where(and(eq(users.email, 'solo@demo.test'), eq(accounts.kind, 'indv')));
    owner = row as typeof owner;
    ctx = {
      db: database.db,
      config: testConfig(),
      push: { notify: (row) => void pushed.push(row.id) },
      transports: {},
      now: () => new Date(),
    };
  });
  afterAll(() => database?.drop());

  it('a batch of 25 jobs is one insert in one transaction; each pushed once; run again, nothing is stored or pushed twice', async () => {
    const items = Array.from({ length: 25 }, (_, i) => job(`one-${i}`));
    const inserts = vi.spyOn(database.db, 'insert');
    const results = await handleBatch(ctx, items);
    expect(inserts).toHaveBeenCalledTimes(1);
    inserts.mockRestore();
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const rows = await stored('one-');
    expect(rows).toHaveLength(25);
    // Every row written by the same transaction: one commit (one fsync) for the batch.
    const [tx] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(distinct xmin::text)::int as n from notifications where dedupe_key like 'test:one-%'`,
    );
    expect(tx?.n).toBe(1);
    const ids = rows.map((r) => r.id);
    expect(pushesOf(ids).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => !r.pending)).toBe(true);

    // A retried batch (BullMQ retries a job whose worker died after the commit) changes nothing.
    expect((await handleBatch(ctx, items)).every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await stored('one-')).toHaveLength(25);
    expect(pushesOf(ids)).toHaveLength(25);
  });

  it('a row that fails (its user gone) fails its own job only: the others are stored and pushed', async () => {
    const items = Array.from({ length: 10 }, (_, i) => job(`two-${i}`));
    items[4] = job('two-4', { userId: randomUUID(), accountId: owner.accountId });
    const results = await handleBatch(ctx, items);
    expect(results.map((r) => r.status)).toEqual(items.map((_, i) => (i === 4 ? 'rejected' : 'fulfilled')));
    const rows = await stored('two-');
    expect(rows).toHaveLength(9);
    expect(pushesOf(rows.map((r) => r.id))).toHaveLength(9);
  });

  it("jobs running together are gathered into batches; with another worker's flush at the same time each is pushed once", async () => {
    const sizes: number[] = [];
    const flusher = createFlusher({ ...ctx }, (err) => {
      throw err;
    });
    const worker: JobContext = { ...ctx, requestFlush: flusher.request };
    const batcher = createBatcher<TSendNotification>((batch) => {
      sizes.push(batch.length);
      return handleBatch(worker, batch);
    });
    // Another worker's flusher looking for marks the whole time.
    const other = createFlusher({ ...ctx }, (err) => {
      throw err;
    });
    const items = Array.from({ length: 120 }, (_, i) => job(`three-${i}`));
    await Promise.all(
      items.map(async (item, i) => {
        if (i % 10 === 0) other.request();
        await new Promise((r) => setTimeout(r, i % 7));
        await batcher.add(item);
      }),
    );
    await batcher.drain();
    const deadline = Date.now() + 10_000;
    let rows = await stored('three-');
    while (rows.some((r) => r.pending) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await stored('three-');
    }
    await flusher.stop();
    await other.stop();
    expect(rows).toHaveLength(120);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(120);
    expect(sizes.length).toBeLessThan(120);
    const ids = rows.map((r) => r.id);
    expect(pushesOf(ids).sort()).toEqual([...ids].sort());
  });
});
