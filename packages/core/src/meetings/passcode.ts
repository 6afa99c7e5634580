import { randomInt, timingSafeEqual } from 'node:crypto';
import { MEETING_PASSCODE, type MeetingView } from '@majlis/contracts/meetings';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { meetings } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { RateLimits } from '../rate-limit.ts';
import { getMeetingView } from './find-meetings.ts';
import { type Ctx, findMeeting, type MeetingRow } from './meeting-access.ts';
import { syncProvider } from './sync-provider.ts';

/**
 * Meeting passcodes (issue 30): six digits from the CSPRNG, asked on the join page of a meeting that has one. The
 * invitation link and the .ics carry it (`?pwd=`), so invitees never type it; hosts need none. Wrong tries are limited
 * per IP and per meeting (the counts start when a try is made, so parallel guesses cannot overshoot; a right one
 * gives its point back).
 */

/** Six digits, leading zeros kept: 000000–999999, every value equally likely. */
export function newPasscode(): string {
  return String(randomInt(0, 10 ** MEETING_PASSCODE.length)).padStart(MEETING_PASSCODE.length, '0');
}

/** Compares in constant time (both are six ASCII digits once the contract has read the typed one). */
export function passcodeMatches(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The refusal of a blocked IP or meeting, in minutes (and seconds for Retry-After). */
function tooManyTries(err: unknown): never {
  if (err instanceof AppError && err.code === 'RATE_LIMITED') {
    const seconds = Number(err.values?.seconds ?? 60);
    throw new AppError(429, 'MEETING_PASSCODE_TRIES', undefined, { seconds, minutes: Math.ceil(seconds / 60) });
  }
  throw err;
}

/**
 * Lets a guest (or a signed-in non-host) through when the meeting has no passcode or the right one is given; hosts
 * are not asked. No passcode given: 403 MEETING_PASSCODE_REQUIRED (not a guess, not counted). A wrong one: 403
 * MEETING_PASSCODE_WRONG, counted against the IP and the meeting; once either allowance is used up every try is
 * refused (429 MEETING_PASSCODE_TRIES) until its window ends, the right passcode too.
 */
export async function checkPasscode(
  limits: RateLimits | undefined,
  m: Pick<MeetingRow, 'id' | 'passcode'>,
  given: string | undefined,
  ip: string,
): Promise<void> {
  if (!m.passcode) return;
  if (!given) throw new AppError(403, 'MEETING_PASSCODE_REQUIRED', { passcode: 'error.MEETING_PASSCODE_REQUIRED' });
  if (limits) {
    await limits.consume('passcodeIp', ip).catch(tooManyTries);
    await limits.consume('passcodeMeeting', m.id).catch(async (err) => {
      await limits.refund('passcodeIp', ip);
      tooManyTries(err);
    });
  }
  if (!passcodeMatches(m.passcode, given)) {
    throw new AppError(403, 'MEETING_PASSCODE_WRONG', { passcode: 'error.MEETING_PASSCODE_WRONG' });
  }
  if (limits) await Promise.all([limits.refund('passcodeIp', ip), limits.refund('passcodeMeeting', m.id)]);
}

/**
 * A host gives the meeting a new passcode (on: the old one and its links stop working) or turns it off (on: false).
 * The provider is told where it has one (Zoom's meeting passcode; BigBlueButton takes it at its next create).
 */
export async function setMeetingPasscode(
  ctx: Ctx & { limits?: RateLimits },
  actor: Actor,
  id: string,
  on: boolean,
): Promise<MeetingView> {
  const m = await findMeeting(ctx.db, actor, id);
  if (m.status === 'expired' || m.status === 'finished') throw new AppError(409, `MEETING_${m.status.toUpperCase()}`);
  const [saved] = await ctx.db
    .update(meetings)
    .set({ passcode: on ? newPasscode() : null, updatedAt: new Date() })
    .where(eq(meetings.id, m.id))
    .returning();
  // a new passcode is a new secret: the wrong tries against the old one no longer count
  await ctx.limits?.reset('passcodeMeeting', m.id);
  if (saved) await syncProvider(ctx, saved);
  return getMeetingView(ctx, actor, m.id);
}
