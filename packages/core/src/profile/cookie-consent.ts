import type { CookieConsent, TCookieConsentBody } from '@majlis/contracts/cookie-consent';
import { COOKIE_POLICY_VERSION } from '@majlis/contracts/cookies';
import { decideConsent, decideConsentChange } from '@majlis/machines';
import { eq, ne } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { cookieConsents } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

type Row = typeof cookieConsents.$inferSelect;

const inputOf = (row: Row | undefined) => ({
  stored: row?.choice ?? null,
  storedVersion: row?.policyVersion ?? null,
  policyVersion: COOKIE_POLICY_VERSION,
});

/** The record as the cookieConsent machine reads it: a choice of an older policy is none (the banner asks again). */
function view(row: Row | undefined): CookieConsent {
  const state = decideConsent(inputOf(row));
  if (!row || state === 'unknown') return { choice: null, version: row?.policyVersion ?? null, decidedAt: null };
  return { choice: state, version: row.policyVersion, decidedAt: row.decidedAt.toISOString() };
}

/** GET /api/cookie-consent: the signed-in user's cookie choice. */
export async function getCookieConsent(db: Db, actor: Actor): Promise<CookieConsent> {
  const [row] = await db.select().from(cookieConsents).where(eq(cookieConsents.userId, actor.userId));
  return view(row);
}

/**
 * PUT /api/cookie-consent: the machine's ACCEPT or DECLINE from where the stored record stands. A choice already made
 * under today's policy is not made again (409 CONSENT_DECIDED), also when two devices answer the banner at once.
 */
export async function saveCookieConsent(db: Db, actor: Actor, body: TCookieConsentBody): Promise<CookieConsent> {
  const [row] = await db.select().from(cookieConsents).where(eq(cookieConsents.userId, actor.userId));
  const decided = decideConsentChange(inputOf(row), { type: body.choice === 'accepted' ? 'ACCEPT' : 'DECLINE' });
  if (!decided.ok || decided.state === 'unknown') throw new AppError(409, 'CONSENT_DECIDED');
  const values = { choice: decided.state, policyVersion: COOKIE_POLICY_VERSION, decidedAt: new Date() };
  const [saved] = await db
    .insert(cookieConsents)
    .values({ userId: actor.userId, ...values })
    .onConflictDoUpdate({
      target: cookieConsents.userId,
      set: values,
      // Only over a choice of an older policy: one made meanwhile under this one stands.
      setWhere: ne(cookieConsents.policyVersion, COOKIE_POLICY_VERSION),
    })
    .returning();
  if (!saved) throw new AppError(409, 'CONSENT_DECIDED');
  return view(saved);
}
