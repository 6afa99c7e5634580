import { type PaymentEvent, paymentMachine, type SubscriptionEvent, subscriptionMachine } from '@majlis/machines';
import { createModel, getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, findActor } from '../src/auth/actor.ts';
import { checkout, onTransaction, payAgain } from '../src/billing/ledger.ts';
import { requireRoomTime, statusNow, takeDayIfDue } from '../src/billing/subscriptions.ts';
import { accounts, orders, rooms, subscriptions, users } from '../src/db/schema/index.ts';
import { runRenewals } from '../src/jobs/renewals.ts';
import { noPush } from '../src/jobs/types.ts';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from './services.ts';
import { verifiedTransaction as transaction } from './verified-transaction.ts';

const DAY = 86_400_000;
let n = 0;
const clientKey = () => `model${Date.now()}${n++}`;

describe.each(drivers)('billing statecharts against the core services on %s', (driver) => {
  let database: TestDatabase;
  const config = testConfig();
  let owner: Actor;
  const rt = () => ({ db: database.db, config });

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    const [row] = await database.db
      .select({ userId: accounts.ownerUserId, accountId: accounts.id })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerUserId))
      .where(and(eq(users.email, 'owner@demo.test'), eq(accounts.kind, 'inst')));
    const actor = row ? await findActor(database.db, row.userId, row.accountId) : null;
    if (!actor) throw new Error('demo owner missing');
    owner = actor;
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  /** A room of the owner's with an unpaid subscription of `period`, and a reader of its newest subscription row. */
  async function unpaidRoom(period: 'monthly' | 'daily') {
    const db = database.db;
    const [room] = await db
      .insert(rooms)
      .values({ accountId: owner.accountId, name: `${period} ${n++}`, type: 'jitsi', participants: 10 })
      .returning();
    if (!room) throw new Error('room insert failed');
    await db
      .insert(subscriptions)
      .values({ accountId: owner.accountId, roomId: room.id, period, status: 'unpaid', renewsAt: new Date() });
    const sub = async () =>
      (
        await db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.roomId, room.id))
          .orderBy(desc(subscriptions.createdAt))
      )[0];
    return { room, sub };
  }

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  /**
   * The chart's refund ends the subscription: every paid order of the room refunded (refunding one of two paid
   * periods removes that one only and keeps the other: ledger-periods.test.ts).
   */
  const refundAll = async (roomId: string, at: Date) => {
    const paid = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.roomId, roomId), eq(orders.status, 'completed')));
    for (const o of paid) {
      const t = transaction(o.providerOrderId as string, o.totalMinor, { refunded: true });
      await onTransaction(rt(), 'sandbox', t, at);
    }
  };

  describe('payment', () => {
    const events: PaymentEvent[] = [
      { type: 'checkout.submit' },
      { type: 'payment.retry' },
      { type: 'payment.succeeded' },
      { type: 'payment.failed' },
      { type: 'payment.refunded' },
    ];
    const serializeState = (s: ReturnType<typeof paymentMachine.getInitialSnapshot>) => JSON.stringify(s.value);
    const model = createModel(paymentMachine, { events, serializeState });
    for (const path of getTransitionPaths(model, { serializeState })) {
      it(path.description, async () => {
        let orderId = '';
        let lastPaid = '';
        for (const step of path.steps) {
          const e = step.event as PaymentEvent;
          if ((e.type as string) === 'xstate.init') continue;
          if (e.type === 'checkout.submit') {
            const { order } = await checkout(rt(), owner, {
              clientKey: clientKey(),
              purchase: {
                kind: 'room',
                roomName: 'Model room',
                roomType: 'jitsi',
                participants: 10,
                period: 'monthly',
                currency: 'EGP',
              },
            });
            orderId = order.id;
          } else if (e.type === 'payment.retry') {
            await payAgain(rt(), owner, orderId);
          } else {
            const o = await orderRow(orderId);
            const t = transaction(o?.providerOrderId as string, o?.totalMinor ?? 0, {
              success: e.type !== 'payment.failed',
              refunded: e.type === 'payment.refunded',
            });
            if (e.type === 'payment.succeeded') lastPaid = t.transactionId;
            if (e.type === 'payment.refunded') t.parentTransactionId = lastPaid;
            await onTransaction(rt(), 'sandbox', t);
          }
          const expected = step.state.value as string;
          if (expected !== 'draft') expect((await orderRow(orderId))?.status, `${e.type}`).toBe(expected);
        }
        recordWalk(paymentMachine, 'server', path);
      });
    }
  });

  describe('subscription', () => {
    // Meeting starts on a period plan (daily plans: billing.test.ts walks the day taking); the machine's answer is
    // held against requireRoomTime on the stored row.
    const events: SubscriptionEvent[] = [
      { type: 'trial.start' },
      { type: 'payment.completed' },
      { type: 'payment.refunded' },
      { type: 'time.reminder' },
      { type: 'time.ended' },
      { type: 'meeting.start', daily: false, dayRunning: false, daysLeft: 0 },
    ];
    const serializeState = (s: ReturnType<typeof subscriptionMachine.getInitialSnapshot>) => JSON.stringify(s.value);
    const model = createModel(subscriptionMachine, { events, serializeState });
    for (const path of getTransitionPaths(model, { serializeState })) {
      it(path.description, async () => {
        const db = database.db;
        const { room, sub } = await unpaidRoom('monthly');
        let clock = new Date();
        for (const step of path.steps) {
          const e = step.event as SubscriptionEvent;
          if ((e.type as string) === 'xstate.init') continue;
          const s = await sub();
          if (!s) throw new Error('subscription missing');
          if (e.type === 'trial.start') {
            // what the trial activation writes on the account's unpaid room (trial.ts activateTrial)
            await db
              .update(subscriptions)
              .set({ period: 'trial', status: 'trial', startsAt: clock, renewsAt: new Date(+clock + 7 * DAY) })
              .where(eq(subscriptions.id, s.id));
          } else if (e.type === 'payment.completed') {
            const { order } = await checkout(
              rt(),
              owner,
              {
                clientKey: clientKey(),
                purchase: { kind: 'renewal', roomId: room.id, period: 'monthly', currency: 'EGP' },
              },
              clock,
            );
            const o = await orderRow(order.id);
            await onTransaction(
              rt(),
              'sandbox',
              transaction(o?.providerOrderId as string, o?.totalMinor ?? 0, {}),
              clock,
            );
          } else if (e.type === 'payment.refunded') {
            await refundAll(room.id, clock);
          } else if (e.type === 'time.reminder' || e.type === 'time.ended') {
            // the renewals job run at a moment 3 days before the end, or just after it
            clock = new Date(+s.renewsAt + (e.type === 'time.ended' ? 60_000 : -3 * DAY - 60_000));
            await runRenewals({ db, config, push: noPush, transports: {}, now: () => clock });
          } else if (e.type === 'meeting.start') {
            await expect(requireRoomTime(db, room.id, clock)).resolves.toBeTruthy();
          }
          const after = await sub();
          if (!after) throw new Error('subscription missing');
          expect(statusNow(after, clock), e.type).toBe(step.state.value);
        }
        // where the chart refuses a start, the room refuses one too
        const last = path.steps.at(-1)?.state;
        const refused = !last?.can({ type: 'meeting.start', daily: false, dayRunning: false, daysLeft: 0 });
        const start = requireRoomTime(db, room.id, clock);
        if (refused) await expect(start).rejects.toMatchObject({ code: 'ROOM_EXPIRED' });
        else await expect(start).resolves.toBeTruthy();
        recordWalk(subscriptionMachine, 'server', path);
      });
    }
  });

  describe('subscription on a daily plan', () => {
    // A 7-day pack (spec §9): a meeting start takes a day when none is running (needsDay), else runs in the day taken.
    // Time reminders and ends are a period plan's (the renewals job passes daily plans by), so not events here.
    const events: SubscriptionEvent[] = [
      { type: 'payment.completed' },
      { type: 'payment.refunded' },
      { type: 'meeting.start', daily: true, dayRunning: false, daysLeft: 7 },
      { type: 'meeting.start', daily: true, dayRunning: true, daysLeft: 6 },
    ];
    const serializeState = (s: ReturnType<typeof subscriptionMachine.getInitialSnapshot>) => JSON.stringify(s.value);
    const model = createModel(subscriptionMachine, { events, serializeState, unlisted: 'skip' });
    for (const path of getTransitionPaths(model, { serializeState })) {
      it(path.description, async () => {
        const db = database.db;
        const { room, sub } = await unpaidRoom('daily');
        for (const step of path.steps) {
          const e = step.event as SubscriptionEvent;
          if ((e.type as string) === 'xstate.init') continue;
          const s = await sub();
          if (!s) throw new Error('subscription missing');
          const now = new Date();
          if (e.type === 'payment.completed') {
            const { order } = await checkout(rt(), owner, {
              clientKey: clientKey(),
              purchase: { kind: 'renewal', roomId: room.id, period: 'daily', currency: 'EGP' },
            });
            const o = await orderRow(order.id);
            await onTransaction(rt(), 'sandbox', transaction(o?.providerOrderId as string, o?.totalMinor ?? 0, {}));
          } else if (e.type === 'payment.refunded') {
            await refundAll(room.id, now);
          } else if (e.type === 'meeting.start') {
            // The day as the event says: none running (yesterday's ended), or one running since a moment ago.
            const dayEndsAt = e.dayRunning ? new Date(+now + DAY / 2) : new Date(+now - 1000);
            await db.update(subscriptions).set({ dayEndsAt }).where(eq(subscriptions.id, s.id));
            const admitted = await requireRoomTime(db, room.id, now);
            await takeDayIfDue(db, admitted, now);
            const after = await sub();
            // needsDay takes one of the pack's days; a start in a running day takes none.
            expect(after?.daysLeft, 'days left').toBe(s.daysLeft - (e.dayRunning ? 0 : 1));
          }
          const after = await sub();
          if (!after) throw new Error('subscription missing');
          expect(statusNow(after, now), e.type).toBe(step.state.value);
        }
        recordWalk(subscriptionMachine, 'server', path);
      });
    }
  });
});
