import type { TrialVerification, TTrialCodeBody, TTrialPhoneBody } from '@majlis/contracts/billing';
import { TRIAL_CODE } from '@majlis/contracts/billing';
import {
  decideTrial,
  type TrialContext,
  type TrialDecision,
  type TrialState,
  type TrialVerificationEvent,
} from '@majlis/machines';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import { phoneVerifications, trials } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import { type CodeCheck, PhoneCodeError, phoneCodesFor } from '../providers/phone/index.ts';
import { TWILIO_ERRORS } from '../providers/phone/twilio-verify.ts';

/**
 * The free trial (spec §4, §9): a phone number is proven by a code sent over SMS or WhatsApp, then the account gets a
 * 7-day trial room. Every step asks the trialVerification statechart first (decideTrial), feeding it the facts read
 * here, and writes only what it names. Once per user and once per phone number: trials.user_id is the key and
 * trials.phone is unique, so two requests racing for one number cannot both win.
 */

const log = logger.child({ module: 'trial' });
const _DAY_MS = 24 * 3600 * 1000;
const ttlMs = TRIAL_CODE.ttlMinutes * 60_000;
const resendMs = TRIAL_CODE.resendSeconds * 1000;

type VerificationRow = typeof phoneVerifications.$inferSelect;
type TrialRow = typeof trials.$inferSelect;

interface Stored {
  state: TrialState;
  context: TrialContext;
  row: VerificationRow | null;
  trial: TrialRow | null;
}

/** Owners start trials (spec §6: owners buy, admins do not); the trial belongs to the user, the room to the account. */
export function requireOwner(actor: Actor) {
  requirePower(actor, 'manageBilling');
}

export async function trialOf(db: Db | Tx, userId: string): Promise<TrialRow | null> {
  const [row] = await db.select().from(trials).where(eq(trials.userId, userId));
  return row ?? null;
}

export async function latestVerification(db: Db | Tx, userId: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.lastSentAt))
    .limit(1);
  return row ?? null;
}

/**
 * Where the user stands, as stored: the latest verification decides (pending → codeSent, approved → verified, or
 * activated once the trial started; failed, expired or none → phone). A pending code past its ten minutes is still
 * codeSent here: the chart's code.expire (or the check that finds it expired) moves it.
 */
export async function load(db: Db | Tx, userId: string): Promise<Stored> {
  const [row, trial] = await Promise.all([latestVerification(db, userId), trialOf(db, userId)]);
  const context = { triesLeft: Math.max(0, TRIAL_CODE.maxTries - (row?.attempts ?? 0)) };
  if (row?.status === 'pending') return { state: 'codeSent', context, row, trial };
  if (row?.status === 'approved') return { state: trial?.startsAt ? 'activated' : 'verified', context, row, trial };
  return { state: 'phone', context: { triesLeft: TRIAL_CODE.maxTries }, row, trial };
}

/** Whether another user's trial holds this number. */
export async function phoneUsed(db: Db | Tx, userId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: trials.userId })
    .from(trials)
    .where(and(eq(trials.phone, phone), ne(trials.userId, userId)))
    .limit(1);
  return !!row;
}

function waitSeconds(row: VerificationRow | null, now: Date): number {
  if (row?.status !== 'pending') return 0;
  return Math.max(0, Math.ceil((row.lastSentAt.getTime() + resendMs - now.getTime()) / 1000));
}

/** The chart's refusal as the bilingual answer; a resend too early says how long to wait. */
export function refusal(d: TrialDecision, values?: Record<string, number>): AppError {
  switch (d.refusal) {
    case 'TRIAL_ALREADY_USED':
    case 'TRIAL_NOT_NEEDED':
    case 'TRIAL_CODE_EXPIRED':
    case 'TRIAL_TOO_MANY_TRIES':
    case 'TRIAL_TRANSITION':
      return new AppError(409, d.refusal);
    case 'TRIAL_RESEND_TOO_EARLY':
      return new AppError(409, d.refusal, undefined, values);
    case 'TRIAL_CODE_WRONG':
      return new AppError(400, d.refusal, { code: 'error.TRIAL_CODE_WRONG' }, { tries: d.context.triesLeft });
    default:
      return new AppError(409, 'TRIAL_TRANSITION');
  }
}

/** Asks the chart; a refusal that writes nothing is thrown at once (refusals that write are persisted first). */
export function decide(s: Stored, event: TrialVerificationEvent, values?: Record<string, number>): TrialDecision {
  const d = decideTrial(s.state, s.context, event);
  if (!d.ok && d.effects.length === 0) throw refusal(d, values);
  return d;
}

/** A provider failure: a number Twilio refuses is a field error, its send limit a 429, anything else a 503. */
function providerFailure(err: unknown): never {
  if (err instanceof PhoneCodeError) {
    if (err.providerCode === TWILIO_ERRORS.INVALID_PARAMETER) {
      throw new AppError(400, 'VALIDATION_FAILED', { phone: 'field.phone' });
    }
    if (err.providerCode === TWILIO_ERRORS.MAX_SEND_ATTEMPTS || err.status === 429) {
      throw new AppError(429, 'RATE_LIMITED', undefined, { seconds: TRIAL_CODE.ttlMinutes * 60 });
    }
    log.warn({ status: err.status, providerCode: err.providerCode }, 'phone code provider failed');
    throw new AppError(503, 'SERVICE_UNAVAILABLE');
  }
  throw err;
}

/** One user's trial steps run one at a time (a double click sends one code, counts one try). */
export async function lockUser(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trial:${userId}`}))`);
}

function view(s: Stored): TrialVerification {
  const row = s.row;
  const pending = s.state === 'codeSent' && row;
  return {
    state: s.state,
    phone: s.trial?.phone ?? row?.phone ?? null,
    channel: row?.channel ?? null,
    expiresAt: pending ? row.expiresAt.toISOString() : null,
    resendAt: pending ? new Date(row.lastSentAt.getTime() + resendMs).toISOString() : null,
    triesLeft: s.state === 'codeSent' ? s.context.triesLeft : s.state === 'phone' ? TRIAL_CODE.maxTries : 0,
  };
}

/**
 * GET /api/usertrial/verification: where the dialog stands. A pending code past its ten minutes is expired here
 * (the chart's code.expire), so the dialog asks for a new one.
 */
export async function trialVerification(db: Db, actor: Actor, now = new Date()): Promise<TrialVerification> {
  const s = await load(db, actor.userId);
  if (s.state === 'codeSent' && s.row && s.row.expiresAt.getTime() <= now.getTime()) {
    const d = decideTrial(s.state, s.context, { type: 'code.expire' });
    if (d.effects.includes('expireVerification')) {
      await db
        .update(phoneVerifications)
        .set({ status: 'expired' })
        .where(and(eq(phoneVerifications.id, s.row.id), eq(phoneVerifications.status, 'pending')));
      return view({ ...s, state: d.state, context: d.context, row: { ...s.row, status: 'expired' } });
    }
  }
  return view(s);
}

/**
 * POST /api/usertrial/phone: a code to this number by this channel. From codeSent it replaces the pending code (another
 * number, or the same again) once the resend wait is over. Refused when the user or the number had a trial.
 */
export async function startPhoneVerification(
  db: Db,
  config: Config,
  actor: Actor,
  body: TTrialPhoneBody,
  now = new Date(),
): Promise<TrialVerification> {
  requireOwner(actor);
  try {
    return await db.transaction(async (tx) => {
      await lockUser(tx, actor.userId);
      const s = await load(tx, actor.userId);
      const wait = waitSeconds(s.row, now);
      decide(
        s,
        {
          type: 'phone.submit',
          userUsed: !!s.trial?.startsAt,
          phoneUsed: await phoneUsed(tx, actor.userId, body.phone),
          waitSeconds: wait,
        },
        { seconds: wait },
      );
      if (s.row?.status === 'pending') {
        await tx.update(phoneVerifications).set({ status: 'expired' }).where(eq(phoneVerifications.id, s.row.id));
      }
      const sent = await phoneCodesFor(config, tx).start(body.phone, body.channel, actor.locale);
      const [row] = await tx
        .insert(phoneVerifications)
        .values({
          userId: actor.userId,
          phone: body.phone,
          channel: body.channel,
          codeHash: sent.codeHash,
          providerSid: sent.sid,
          lastSentAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
          createdAt: now,
        })
        .returning();
      return view({ state: 'codeSent', context: { triesLeft: TRIAL_CODE.maxTries }, row: row ?? null, trial: s.trial });
    });
  } catch (err) {
    return providerFailure(err);
  }
}

/** POST /api/usertrial/resend: the pending verification's code again (a new one), after the 60 s wait. */
export async function resendCode(db: Db, config: Config, actor: Actor, now = new Date()): Promise<TrialVerification> {
  requireOwner(actor);
  try {
    return await db.transaction(async (tx) => {
      await lockUser(tx, actor.userId);
      const s = await load(tx, actor.userId);
      const wait = waitSeconds(s.row, now);
      decide(s, { type: 'code.resend', waitSeconds: wait }, { seconds: wait });
      const row = s.row as VerificationRow;
      const sent = await phoneCodesFor(config, tx).start(row.phone, row.channel, actor.locale);
      const [next] = await tx
        .update(phoneVerifications)
        .set({
          codeHash: sent.codeHash,
          providerSid: sent.sid ?? row.providerSid,
          sends: row.sends + 1,
          lastSentAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
        })
        .where(eq(phoneVerifications.id, row.id))
        .returning();
      return view({ ...s, row: next ?? row });
    });
  } catch (err) {
    return providerFailure(err);
  }
}

/**
 * The code step alone (code.submit): the port judges the code, the chart says what that does to the verification
 * (a try counted, the verification failed after the fifth, expired, or approved). Refusals are written, then thrown.
 */
export async function submitCode(
  db: Db,
  config: Config,
  actor: Actor,
  body: TTrialCodeBody,
  now = new Date(),
): Promise<TrialVerification> {
  requireOwner(actor);
  let decided: TrialDecision | null = null;
  let result: TrialVerification;
  try {
    result = await db.transaction(async (tx) => {
      await lockUser(tx, actor.userId);
      const s = await load(tx, actor.userId);
      // Not a step here (no code pending, or already verified): the chart names it without asking the port.
      if (s.state !== 'codeSent' || !s.row) {
        decide(s, { type: 'code.submit', result: 'wrong' });
        throw new AppError(409, 'TRIAL_TRANSITION');
      }
      const row = s.row;
      const found: CodeCheck = await phoneCodesFor(config, tx).check(
        row.phone,
        body.code,
        { codeHash: row.codeHash, sid: row.providerSid, attempts: row.attempts, expiresAt: row.expiresAt },
        now,
      );
      decided = decideTrial(s.state, s.context, { type: 'code.submit', result: found });
      const patch: Partial<VerificationRow> = {};
      for (const effect of decided.effects) {
        if (effect === 'countTry') patch.attempts = row.attempts + 1;
        if (effect === 'failVerification') Object.assign(patch, { status: 'failed', attempts: row.attempts + 1 });
        if (effect === 'expireVerification') patch.status = 'expired';
        if (effect === 'markVerified') Object.assign(patch, { status: 'approved', attempts: row.attempts + 1 });
      }
      const [next] = await tx
        .update(phoneVerifications)
        .set(patch)
        .where(eq(phoneVerifications.id, row.id))
        .returning();
      return view({ ...s, state: decided.state, context: decided.context, row: next ?? row });
    });
  } catch (err) {
    return providerFailure(err);
  }
  const d = decided as TrialDecision | null;
  if (d && !d.ok) throw refusal(d);
  return result;
}
