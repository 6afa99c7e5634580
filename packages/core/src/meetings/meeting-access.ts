import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, activeRoleIn } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import { meetingAssistants, meetings, type rooms } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';

/** Who may see and manage a meeting; the first link of the meeting services (it imports none of them). */

export type MeetingRow = typeof meetings.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export interface Ctx {
  db: Db;
  config: Config;
}

/** Owners and admins of the acting account manage every meeting and room in it. */
export const isManager = (actor: Actor) => actor.role === 'owner' || actor.role === 'admin';

export async function isAssistant(db: Db | Tx, meetingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ u: meetingAssistants.userId })
    .from(meetingAssistants)
    .where(and(eq(meetingAssistants.meetingId, meetingId), eq(meetingAssistants.userId, userId)));
  return !!row;
}

/**
 * The meeting's owner, its assistants, and the owner/admins of its account (acting in it) may manage it, each only
 * while an active member of the meeting's account: `ownerUserId` and the assistant rows outlive a removal, and
 * joining by number (join.ts) reaches meetings of accounts the actor is not acting in.
 */
export async function canManageMeeting(db: Db | Tx, actor: Actor | null, m: MeetingRow): Promise<boolean> {
  if (!actor) return false;
  const role = await activeRoleIn(db, actor.userId, m.accountId);
  if (!role) return false;
  if (m.ownerUserId === actor.userId) return true;
  if (actor.accountId === m.accountId && (role === 'owner' || role === 'admin')) return true;
  return isAssistant(db, m.id, actor.userId);
}

/** A meeting the actor may see in the acting account (managers: all; others: their own and those they assist). */
export async function findMeeting(db: Db | Tx, actor: Actor, id: string): Promise<MeetingRow> {
  const [m] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.accountId, actor.accountId)));
  if (!m || m.status === 'deleted') throw notFound();
  if (!(await canManageMeeting(db, actor, m))) throw notFound();
  return m;
}

/** Who is a host here: the meeting's owner, an assistant, or an owner/admin of its account. */
export function visibleTo(actor: Actor): SQL | undefined {
  if (isManager(actor)) return undefined;
  return or(
    eq(meetings.ownerUserId, actor.userId),
    sql`exists (select 1 from ${meetingAssistants} where ${meetingAssistants.meetingId} = ${meetings.id} and ${meetingAssistants.userId} = ${actor.userId})`,
  );
}
