import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { sessions } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** Anonymous sessions only carry a CSRF token; they live a day at most. */
const ANONYMOUS_SECONDS = 24 * 3600;
/** lastSeenAt is written at most this often, so reads do not turn every request into a write. */
const TOUCH_SECONDS = 60;

export function sessionCookieName(config: Pick<Config, 'secure'>): string {
  return config.secure ? '__Host-majlis.sid' : 'majlis.sid';
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
  init: { userId?: string | null; accountId?: string | null; ip?: string | null; userAgent?: string | null },
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
    })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return { id, row };
}

/** The live session for a cookie value, or null when unknown, idle too long or past its absolute lifetime. */
export async function findSession(db: Db, config: Config, id: string | undefined): Promise<SessionRow | null> {
  if (!id || id.length > 100) return null;
  const idHash = hashToken(config.sessionSecret, id);
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const now = Date.now();
  const idleMs = (row.userId ? config.SESSION_IDLE_SECONDS : ANONYMOUS_SECONDS) * 1000;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now) {
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

export async function destroySession(db: Db, config: Config, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(config.sessionSecret, id)));
}

/** Ends every session of a user (password reset, deactivation), optionally sparing one. */
export async function destroyUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export async function sessionsOfUser(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId)));
}
