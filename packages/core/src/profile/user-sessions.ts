import { createHash } from 'node:crypto';
import type { SessionView } from '@majlis/contracts/profile';
import { joinParts } from '@majlis/i18n';
import { and, eq, ne } from 'drizzle-orm';
import { sessionsOfUser } from '../auth/sessions.ts';
import type { Db, Tx } from '../db/connect.ts';
import { sessions } from '../db/schema/index.ts';
import { publishSessionEnded, type SessionEndReason } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';

/** A short readable device from a user agent: "Chrome — Windows", "Safari — iOS"; '' when nothing is recognised. */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iPadOS may say "Macintosh".
  const browser =
    [
      [/Edg(e|A|iOS)?\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser\//, 'Samsung Internet'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? '';
  const os =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? '';
  return joinParts([String(browser), String(os)]);
}

/** A stable id for a session that reveals nothing usable: a hash of the stored hash, shortened. */
const viewId = (idHash: string) => createHash('sha256').update(idHash).digest('base64url').slice(0, 16);

/** The user's live sessions, the one asking first, then the most recently seen. */
export async function listUserSessions(db: Db, userId: string, currentHash: string | null): Promise<SessionView[]> {
  const rows = await sessionsOfUser(db, userId);
  const now = Date.now();
  return rows
    .filter((r) => r.expiresAt.getTime() > now)
    .map((r) => ({
      id: viewId(r.idHash),
      device: deviceOf(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.idHash === currentHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Deletes every session of the user but `keepHash` (inside the caller's transaction); returns the ended hashes. */
export async function deleteOtherSessions(tx: Db | Tx, userId: string, keepHash: string | null): Promise<string[]> {
  const where = keepHash
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash))
    : eq(sessions.userId, userId);
  const ended = await tx.delete(sessions).where(where).returning({ idHash: sessions.idHash });
  return ended.map((e) => e.idHash);
}

/** After the commit: the ended sessions' sockets are cut on every instance. */
export async function announceEnded(bus: EventBus | undefined, hashes: string[], reason: SessionEndReason) {
  for (const sessionHash of hashes) await publishSessionEnded(bus, { sessionHash, reason });
}

/** "Sign out the others": every session of the user except the one asking. */
export async function endOtherSessions(db: Db, bus: EventBus | undefined, userId: string, currentHash: string | null) {
  const ended = await db.transaction((tx) => deleteOtherSessions(tx, userId, currentHash));
  await announceEnded(bus, ended, 'logout');
  return ended.length;
}
