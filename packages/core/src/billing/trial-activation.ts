import type { UserTrial } from '@majlis/contracts/account';
import type { TTrialCodeBody } from '@majlis/contracts/billing';
import { TRIAL_DAYS } from '@majlis/contracts/billing';
import { t } from '@majlis/i18n/server';
import type { TrialDecision } from '@majlis/machines';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { hasPower } from '../auth/powers.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import { rooms, subscriptions, trials } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import {
  decide,
  latestVerification,
  load,
  lockUser,
  phoneUsed,
  refusal,
  requireOwner,
  submitCode,
  trialOf,
} from './trial.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The trial's last step and its state: which room gets the 7 days (activateTrial, after the code was approved) and what
 * GET /api/usertrial answers. Split from trial.ts (the phone and code steps), which it builds on.
 */

/**
 * Which room gets the trial. The rule: the account's oldest room that is not in force (never bought — 'unpaid' — or
 * whose plan ended) gets it; with none, an institution gets a new room, and an individual account, which holds one
 * room (spec §5, §9), gets a new room only if it has none: its one room being paid or on trial, the trial is refused
 * with TRIAL_NOT_NEEDED ("Your room is already paid").
 */
async function trialRoom(
  tx: Db | Tx,
  actor: Actor,
  now: Date,
): Promise<{ roomId: string | null; subscriptionId: string | null; paid: boolean }> {
  const owned = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.accountId, actor.accountId))
    .orderBy(asc(rooms.createdAt), asc(rooms.id));
  if (!owned.length) return { roomId: null, subscriptionId: null, paid: false };
  const subs = await tx
    .select()
    .from(subscriptions)
    .where(
      inArray(
        subscriptions.roomId,
        owned.map((r) => r.id),
      ),
    );
  for (const room of owned) {
    const sub = subs.filter((s) => s.roomId === room.id).sort((a, b) => +b.renewsAt - +a.renewsAt)[0];
    if (!sub || !inForce(sub, now))
      return { roomId: room.id, subscriptionId: sub?.status === 'unpaid' ? sub.id : null, paid: false };
  }
  return { roomId: null, subscriptionId: null, paid: actor.kind === 'indv' };
}

function inForce(sub: typeof subscriptions.$inferSelect, now: Date): boolean {
  if (sub.status === 'unpaid' || sub.status === 'expired') return false;
  // A daily plan has days in hand until they are all taken; the others run until renewsAt.
  if (sub.period === 'daily') return sub.daysLeft > 0 || (!!sub.dayEndsAt && sub.dayEndsAt > now);
  return sub.renewsAt > now;
}

/**
 * trial.activate: in one transaction, the room (found or created) gets a 7-day trial subscription and the trials row
 * records the phone, the room and the days. The per-account room lock is createRoom's, so the one-room rule holds.
 */
export async function activateTrial(db: Db, actor: Actor, now = new Date()): Promise<UserTrial> {
  requireOwner(actor);
  let decided: TrialDecision | null = null;
  try {
    await db.transaction(async (tx) => {
      await lockUser(tx, actor.userId);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rooms:${actor.accountId}`}))`);
      const s = await load(tx, actor.userId);
      const phone = s.row?.phone ?? '';
      const target = await trialRoom(tx, actor, now);
      decided = decide(s, {
        type: 'trial.activate',
        userUsed: !!s.trial?.startsAt,
        phoneUsed: s.state === 'verified' ? await phoneUsed(tx, actor.userId, phone) : false,
        roomPaid: target.paid,
      });
      if (!decided.effects.includes('activateTrial') || !s.row) return;
      const endsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
      let roomId = target.roomId;
      if (!roomId) {
        const [room] = await tx
          .insert(rooms)
          .values({
            accountId: actor.accountId,
            name: t(actor.locale, 'trial.roomName'),
            // named by the product: each reader reads it in their own language (issue 26)
            nameKey: 'trial.roomName',
            type: 'jitsi',
            participants: 10,
          })
          .returning({ id: rooms.id });
        roomId = room?.id ?? null;
      }
      if (!roomId) throw new Error('trial room insert failed');
      const trialPlan = { period: 'trial', status: 'trial', startsAt: now, renewsAt: endsAt } as const;
      if (target.subscriptionId) {
        await tx.update(subscriptions).set(trialPlan).where(eq(subscriptions.id, target.subscriptionId));
      } else {
        await tx.insert(subscriptions).values({ accountId: actor.accountId, roomId, ...trialPlan });
      }
      // The verification row keeps no approval time; the trial starts in the request that approves the code.
      const record = { phone, phoneVerifiedAt: now, startsAt: now, endsAt, accountId: actor.accountId, roomId };
      await tx
        .insert(trials)
        .values({ userId: actor.userId, ...record })
        .onConflictDoUpdate({ target: trials.userId, set: record, where: sql`${trials.startsAt} is null` });
    });
  } catch (err) {
    // Two users racing for one number: the unique index on trials.phone decides.
    if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') {
      throw new AppError(409, 'TRIAL_ALREADY_USED');
    }
    throw err;
  }
  const d = decided as TrialDecision | null;
  if (d && !d.ok) throw refusal(d);
  return userTrial(db, actor, now);
}

/**
 * POST /api/usertrial/verify: the code, then the trial. Once the phone is verified (a trial refused because the room
 * was paid meanwhile, say) the code is not asked again: the activation alone is tried.
 */
export async function verifyCode(
  db: Db,
  config: Config,
  actor: Actor,
  body: TTrialCodeBody,
  now = new Date(),
): Promise<UserTrial> {
  requireOwner(actor);
  const s = await load(db, actor.userId);
  if (s.state !== 'verified') await submitCode(db, config, actor, body, now);
  return activateTrial(db, actor, now);
}

/**
 * GET /api/usertrial: the user's trial as the trials table has it. `eligible`: never had one, owns the acting account
 * (only owners start one) and the account can take it (see trialRoom); `active` while now is within its days.
 */
export async function userTrial(db: Db, actor: Actor, now = new Date()): Promise<UserTrial> {
  const [trial, row] = await Promise.all([trialOf(db, actor.userId), latestVerification(db, actor.userId)]);
  const started = !!trial?.startsAt;
  // a trial room bought before its days ran out is on its paid plan: the trial has ended there
  const [roomPlan] = trial?.roomId
    ? await db
        .select({ period: subscriptions.period })
        .from(subscriptions)
        .where(eq(subscriptions.roomId, trial.roomId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1)
    : [];
  const active =
    started &&
    !!trial?.endsAt &&
    (trial.startsAt as Date) <= now &&
    trial.endsAt.getTime() > now.getTime() &&
    (!roomPlan || roomPlan.period === 'trial');
  // Not offered where activation would refuse it (an individual account's one room already paid): no code is sent
  // for nothing. Activation still decides, so a room paid meanwhile is refused there.
  const mayStart = !started && hasPower(actor, 'manageBilling') && !(await trialRoom(db, actor, now)).paid;
  return {
    eligible: mayStart,
    active,
    startsAt: trial?.startsAt?.toISOString() ?? null,
    endsAt: trial?.endsAt?.toISOString() ?? null,
    remainingDays: active && trial?.endsAt ? Math.ceil((trial.endsAt.getTime() - now.getTime()) / DAY_MS) : 0,
    phoneVerified: !!trial?.phoneVerifiedAt || row?.status === 'approved',
  };
}
