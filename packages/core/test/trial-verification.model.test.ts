import { decideTrial, type TrialState, type TrialVerificationEvent, trialVerificationMachine } from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { createTestModel } from '@xstate/graph';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/auth/actor.ts';
import { resendCode, startPhoneVerification, submitCode, trialVerification } from '../src/billing/trial.ts';
import { activateTrial, userTrial } from '../src/billing/trial-activation.ts';
import {
  accounts,
  memberships,
  outbox,
  phoneVerifications,
  rooms,
  subscriptions,
  trials,
  users,
} from '../src/db/schema/index.ts';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from './services.ts';

const events: TrialVerificationEvent[] = [
  { type: 'phone.submit', userUsed: false, phoneUsed: false, waitSeconds: 0 },
  { type: 'phone.submit', userUsed: true, phoneUsed: false, waitSeconds: 0 },
  { type: 'phone.submit', userUsed: false, phoneUsed: true, waitSeconds: 0 },
  { type: 'phone.submit', userUsed: false, phoneUsed: false, waitSeconds: 30 },
  { type: 'code.resend', waitSeconds: 0 },
  { type: 'code.resend', waitSeconds: 30 },
  { type: 'code.submit', result: 'approved' },
  { type: 'code.submit', result: 'wrong' },
  { type: 'code.submit', result: 'expired' },
  { type: 'code.submit', result: 'maxAttempts' },
  { type: 'code.expire' },
  { type: 'trial.activate', userUsed: false, phoneUsed: false, roomPaid: false },
  { type: 'trial.activate', userUsed: true, phoneUsed: false, roomPaid: false },
  { type: 'trial.activate', userUsed: false, phoneUsed: true, roomPaid: false },
  { type: 'trial.activate', userUsed: false, phoneUsed: false, roomPaid: true },
];

type Snapshot = ReturnType<typeof trialVerificationMachine.getInitialSnapshot>;
/** Tries matter only while a code is pending; elsewhere they are reset and would only multiply the paths. */
const serializeState = (s: Snapshot) =>
  s.value === 'codeSent' ? `codeSent/${s.context.triesLeft}` : JSON.stringify(s.value);

const REFUSAL_STATUS: Record<string, number> = { TRIAL_CODE_WRONG: 400 };

/**
 * Every state and transition of trialVerification, replayed through the core trial service on stored rows (outbox
 * codes, an individual account whose one room was never bought). The facts each event carries are made true in the
 * database just before the call (another user's trial on the number, a paid room, a code sent 10 s ago…) and undone
 * after, so the service reads them itself.
 */
describe.each(drivers)('trialVerification against the core service on %s', (driver) => {
  let database: TestDatabase;
  const config = testConfig();
  let otherUserId = '';
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const [other] = await database.db
      .insert(users)
      .values({ email: 'other@x.test', passwordHash: 'x', fname: 'O', lname: 'T', phone: '+201000000001' })
      .returning();
    otherUserId = other?.id as string;
    await database.db.insert(trials).values({ userId: otherUserId });
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  const model = createTestModel(trialVerificationMachine, { events, serializeState });
  for (const path of getTransitionPaths(model, { serializeState })) {
    it(path.description, async () => {
      const db = database.db;
      const i = ++n;
      const phone = `+2011${driver === 'pglite' ? 1 : 2}${String(i).padStart(7, '0')}`;
      const [u] = await db
        .insert(users)
        .values({ email: `trial${i}@x.test`, passwordHash: 'x', fname: 'T', lname: 'R', phone })
        .returning();
      const [a] = await db
        .insert(accounts)
        .values({ kind: 'indv', name: 'T', ownerUserId: u?.id as string })
        .returning();
      await db.insert(memberships).values({ userId: u?.id as string, accountId: a?.id as string, role: 'owner' });
      const [room] = await db
        .insert(rooms)
        .values({ accountId: a?.id as string, name: 'r', type: 'jitsi' })
        .returning();
      const now = new Date();
      const [sub] = await db
        .insert(subscriptions)
        .values({
          accountId: a?.id as string,
          roomId: room?.id as string,
          period: 'daily',
          status: 'unpaid',
          startsAt: now,
          renewsAt: now,
        })
        .returning();
      const actor: Actor = {
        userId: u?.id as string,
        accountId: a?.id as string,
        role: 'owner',
        kind: 'indv',
        isOps: false,
        fname: 'T',
        lname: 'R',
        email: `trial${i}@x.test`,
        picture: null,
        locale: 'en',
        timeZone: 'Africa/Cairo',
      };
      const clock = new Date();

      const pending = async () =>
        (
          await db
            .select()
            .from(phoneVerifications)
            .where(and(eq(phoneVerifications.userId, actor.userId), eq(phoneVerifications.status, 'pending')))
        )[0];
      const setPending = async (patch: Partial<typeof phoneVerifications.$inferInsert>) => {
        const row = await pending();
        if (row) await db.update(phoneVerifications).set(patch).where(eq(phoneVerifications.id, row.id));
      };
      const sentCode = async () => {
        const [msg] = await db.select().from(outbox).where(eq(outbox.to, phone)).orderBy(desc(outbox.id)).limit(1);
        return /\b(\d{6})\b/.exec(msg?.body ?? '')?.[1] as string;
      };
      /** The state the service reports, and the chart's decision for the event from there. */
      const stored = async () => {
        const v = await trialVerification(db, actor, clock);
        return { state: v.state as TrialState, triesLeft: v.triesLeft };
      };
      const withFacts = async (
        facts: { userUsed?: boolean; phoneUsed?: boolean; roomPaid?: boolean },
        call: () => Promise<unknown>,
      ) => {
        if (facts.userUsed) {
          const past = new Date(+clock - 30 * 86_400_000);
          await db
            .insert(trials)
            .values({ userId: actor.userId, startsAt: past, endsAt: new Date(+past + 7 * 86_400_000) })
            .onConflictDoUpdate({ target: trials.userId, set: { startsAt: past } });
        }
        if (facts.phoneUsed) await db.update(trials).set({ phone }).where(eq(trials.userId, otherUserId));
        if (facts.roomPaid) {
          await db
            .update(subscriptions)
            .set({ period: 'monthly', status: 'active', renewsAt: new Date(+clock + 30 * 86_400_000) })
            .where(eq(subscriptions.id, sub?.id as string));
        }
        try {
          return await call();
        } finally {
          if (facts.userUsed) await db.delete(trials).where(eq(trials.userId, actor.userId));
          if (facts.phoneUsed) await db.update(trials).set({ phone: null }).where(eq(trials.userId, otherUserId));
          if (facts.roomPaid) {
            await db
              .update(subscriptions)
              .set({ period: 'daily', status: 'unpaid', renewsAt: now })
              .where(eq(subscriptions.id, sub?.id as string));
          }
        }
      };

      const send = async ({ event }: { event: TrialVerificationEvent }) => {
        const before = await stored();
        const decision = decideTrial(before.state, { triesLeft: before.triesLeft }, event);
        let call: () => Promise<unknown>;
        let facts = {};
        if (event.type === 'phone.submit' || event.type === 'code.resend') {
          await setPending({ lastSentAt: new Date(+clock - (event.waitSeconds > 0 ? 10_000 : 61_000)) });
          if (event.type === 'phone.submit') facts = event;
          call =
            event.type === 'phone.submit'
              ? () => startPhoneVerification(db, config, actor, { phone, channel: 'sms' }, clock)
              : () => resendCode(db, config, actor, clock);
        } else if (event.type === 'code.submit') {
          const right = await sentCode();
          if (event.result === 'expired') await setPending({ expiresAt: new Date(+clock - 1000) });
          if (event.result === 'maxAttempts') await setPending({ attempts: 5 });
          const code = event.result === 'wrong' ? (right === '000000' ? '000001' : '000000') : right;
          call = () => submitCode(db, config, actor, { code }, clock);
        } else if (event.type === 'code.expire') {
          await setPending({ expiresAt: new Date(+clock - 1000) });
          call = () => trialVerification(db, actor, clock);
        } else {
          facts = event;
          call = () => activateTrial(db, actor, clock);
        }
        if (decision.ok) await withFacts(facts, call);
        else {
          await expect(withFacts(facts, call)).rejects.toMatchObject({
            code: decision.refusal,
            status: REFUSAL_STATUS[decision.refusal ?? ''] ?? 409,
          });
        }
      };

      const expectState = (state: TrialState) => async (s: Snapshot) => {
        const now = await stored();
        expect(now.state).toBe(state);
        if (state === 'codeSent') expect(now.triesLeft).toBe(s.context.triesLeft);
        if (state === 'activated') {
          expect(await userTrial(db, actor, clock)).toMatchObject({ active: true, remainingDays: 7, eligible: false });
          const [t] = await db.select().from(trials).where(eq(trials.userId, actor.userId));
          expect(t).toMatchObject({ phone, accountId: actor.accountId, roomId: room?.id });
          const [s2] = await db
            .select()
            .from(subscriptions)
            .where(eq(subscriptions.id, sub?.id as string));
          expect(s2).toMatchObject({ period: 'trial', status: 'trial' });
        }
      };
      await path.test({
        states: {
          phone: expectState('phone'),
          codeSent: expectState('codeSent'),
          verified: expectState('verified'),
          activated: expectState('activated'),
        },
        events: Object.fromEntries(events.map((e) => [e.type, send])) as never,
      });
      recordWalk(trialVerificationMachine, 'server', path);
    });
  }
});
