import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sessionCookieName as sessionCookieOf } from '@majlis/contracts/cookies';
import { decideSession, type StoredSession, sessionDeadlineOf } from '@majlis/machines';
import { eq, lt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { sessions } from '../db/schema/index.ts';
import { publishSessionEnded, type SessionEndReason } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** Anonymous sessions only carry a CSRF token; they live a day at most. */
const ANONYMOUS_SECONDS = 24 * 3600;
/** lastSeenAt is written at most this often, so reads do not turn every request into a write. */
export const TOUCH_SECONDS = 60;

export function sessionCookieName(config: Pick<Config, 'secure'>): string {
  return sessionCookieOf(config.secure);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface NewSession {
  /** The cookie value (256 random bits); only its HMAC is stored. */
  id: string;
  row: SessionRow;
}

export async function createSession(
  db: Db,
  config: Config,
  init: {
    userId?: string | null;
    accountId?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    /** The institution's provider's session id, for a sign-in through it (its back-channel logout names it). */
    ssoSid?: string | null;
  },
): Promise<NewSession> {
  const id = randomToken();
  const seconds = init.userId ? config.SESSION_ABSOLUTE_SECONDS : ANONYMOUS_SECONDS;
  const [row] = await db
    .insert(sessions)
    .values({
      idHash: hashToken(config.sessionSecret, id),
      userId: init.userId ?? null,
      accountId: init.accountId ?? null,
      csrfToken: randomToken(),
      expiresAt: new Date(Date.now() + seconds * 1000),
      ip: init.ip ?? null,
      userAgent: init.userAgent?.slice(0, 300) ?? null,
      ssoSid: init.ssoSid?.slice(0, 200) ?? null,
    })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return { id, row };
}

/** The live session for a cookie value, or null when unknown, or ended by the idle or absolute limit (decideSession). */
export async function findSession(db: Db, config: Config, id: string | undefined): Promise<SessionRow | null> {
  if (!id || id.length > 100) return null;
  return findSessionByHash(db, config, hashToken(config.sessionSecret, id));
}

/** The same by the stored HMAC (what a socket keeps, so the cookie value need not stay in memory or cross Redis). */
export async function findSessionByHash(db: Db, config: Config, idHash: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const now = Date.now();
  if (!decideSession(storedSessionOf(config, row), now).valid) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_SECONDS * 1000) {
    const lastSeenAt = new Date(now);
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.idHash, idHash));
    row.lastSeenAt = lastSeenAt;
  }
  return row;
}

/** A row as the session machine reads it: its absolute end, when it was last seen, and its idle allowance (ms). */
export function storedSessionOf(
  config: Pick<Config, 'SESSION_IDLE_SECONDS'>,
  row: Pick<SessionRow, 'userId' | 'expiresAt' | 'lastSeenAt'>,
): StoredSession {
  return {
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
    idleMs: (row.userId ? config.SESSION_IDLE_SECONDS : ANONYMOUS_SECONDS) * 1000,
  };
}

/** When a session ends unless it is seen again: its absolute expiry or the end of its idle allowance (epoch ms). */
export function sessionDeadline(
  config: Pick<Config, 'SESSION_IDLE_SECONDS'>,
  row: Pick<SessionRow, 'userId' | 'expiresAt' | 'lastSeenAt'>,
): number {
  return sessionDeadlineOf(storedSessionOf(config, row));
}

/**
 * Ends one session. With the bus, its sockets on every instance are cut at once (session.ended); every caller that
 * ends a signed-in session passes it (a bench or a script may not).
 */
export async function destroySession(
  db: Db,
  config: Config,
  id: string,
  ended?: { bus: EventBus; reason: SessionEndReason },
): Promise<void> {
  const sessionHash = hashToken(config.sessionSecret, id);
  await db.delete(sessions).where(eq(sessions.idHash, sessionHash));
  if (ended) await publishSessionEnded(ended.bus, { sessionHash, reason: ended.reason });
}

/** Ends every session of a user (password reset, deactivation) and, with the bus, their sockets on every instance. */
export async function destroyUserSessions(
  db: Db,
  userId: string,
  ended?: { bus: EventBus; reason: SessionEndReason },
): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  if (ended) await publishSessionEnded(ended.bus, { userId, reason: ended.reason });
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export async function sessionsOfUser(db: Db, userId: string): Promise<SessionRow[]> {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}
