import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { attendance, meetings } from '../db/schema/index.ts';
import type { MeetingRow } from './meeting-access.ts';

/**
 * Attendance: one row per stay (join → leave), exact whatever the order and repetition of the provider's reports.
 * Our join path writes a 'majlis' row when it hands out a join URL; the provider's join (matched on the id we gave it,
 * `externalUserId`) turns that row into its own; a leave closes the latest open stay; a leave before its join is kept
 * (`joinSeen` false) until the join completes it; a meeting that ends closes what is still open at its end time.
 * Every change runs in one transaction holding a per-meeting advisory lock, so two BFF processes applying reports
 * for the same meeting take turns.
 */

/** How far apart our join and the provider's may be to be the same stay. */
export const OWN_JOIN_WINDOW_MS = 15 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our user id when the id the provider echoes is one (guests have `guest-…`). */
const ourUser = (id: string | undefined) => (id && UUID.test(id) ? id : null);

export async function lockMeetingAttendance(tx: Tx, meetingId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance:${meetingId}`}))`);
}

/** When the meeting's last run ended, if it is over (a running meeting's endedAt is an earlier run's). */
async function endedAt(tx: Tx, meetingId: string): Promise<Date | null> {
  const [m] = await tx
    .select({ status: meetings.status, endedAt: meetings.endedAt })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  return m && m.status !== 'running' ? m.endedAt : null;
}

export interface OwnJoin {
  session: string;
  /** The userID given to the provider: our user id or `guest-…`. */
  externalUserId: string;
  userId: string | null;
  name: string;
  role: 'MODERATOR' | 'VIEWER';
  at?: Date;
}

/**
 * Our join path handed out a join URL: a 'majlis' row (the only record on Jitsi). A signed-in user who asks again
 * while their previous link is still unconfirmed keeps one row (refreshed), not one per click.
 */
export async function recordOwnJoin(db: Db, m: Pick<MeetingRow, 'id'>, j: OwnJoin): Promise<void> {
  const at = j.at ?? new Date();
  await db.transaction(async (tx) => {
    await lockMeetingAttendance(tx, m.id);
    const [pending] = await tx
      .select({ id: attendance.id })
      .from(attendance)
      .where(
        and(
          eq(attendance.meetingId, m.id),
          eq(attendance.source, 'majlis'),
          eq(attendance.session, j.session),
          eq(attendance.externalUserId, j.externalUserId),
          isNull(attendance.leftAt),
          gte(attendance.joinedAt, new Date(+at - OWN_JOIN_WINDOW_MS)),
        ),
      )
      .orderBy(desc(attendance.joinedAt))
      .limit(1);
    if (pending) {
      await tx
        .update(attendance)
        .set({ joinedAt: at, name: j.name, role: j.role })
        .where(eq(attendance.id, pending.id));
      return;
    }
    await tx
      .insert(attendance)
      .values({
        meetingId: m.id,
        session: j.session,
        providerUserId: j.externalUserId,
        externalUserId: j.externalUserId,
        userId: j.userId,
        name: j.name,
        role: j.role,
        source: 'majlis',
        joinedAt: at,
      })
      .onConflictDoNothing();
  });
}

export interface ProviderJoin {
  session: string;
  providerUserId: string;
  /** The id we passed at join, as the provider echoes it (BBB external-user-id, Zoom customer_key). */
  externalUserId?: string;
  name: string;
  role: string;
  at: Date;
}

/**
 * A provider's join. Stays of one provider user never overlap, so whatever order the reports come in:
 * - the same join again changes nothing;
 * - a leave kept before its join (the earliest one after this join, with no other join between) is this stay's end;
 * - a join inside a closed stay means that stay's own leave is still to come: it reopens, and this stay takes its end;
 * - else our own row for this join (the id we gave the provider, within 15 minutes) becomes the provider's, or a new
 *   row is added (closed at the meeting's end when the meeting is already over). Without the id (Zoom's web client
 *   does not echo one), our row is found by the name we gave the provider.
 */
export async function providerJoined(db: Db, meetingId: string, e: ProviderJoin): Promise<void> {
  const key = and(
    eq(attendance.meetingId, meetingId),
    eq(attendance.session, e.session),
    eq(attendance.providerUserId, e.providerUserId),
  );
  const ext = e.externalUserId || null;
  await db.transaction(async (tx) => {
    await lockMeetingAttendance(tx, meetingId);
    const [seen] = await tx
      .select({ id: attendance.id })
      .from(attendance)
      .where(and(key, eq(attendance.joinedAt, e.at), eq(attendance.joinSeen, true)));
    if (seen) return;
    // our own row for this join: by the id we gave the provider; a provider that does not echo it (Zoom's web client)
    // by the name we gave it (Zoom's uname), as typed, ignoring case and surrounding spaces
    const name = e.name.trim();
    const [own] =
      ext || name
        ? await tx
            .select({ id: attendance.id, userId: attendance.userId })
            .from(attendance)
            .where(
              and(
                eq(attendance.meetingId, meetingId),
                eq(attendance.source, 'majlis'),
                ext ? eq(attendance.externalUserId, ext) : sql`lower(btrim(${attendance.name})) = lower(${name})`,
                gte(attendance.joinedAt, new Date(+e.at - OWN_JOIN_WINDOW_MS)),
                lte(attendance.joinedAt, new Date(+e.at + OWN_JOIN_WINDOW_MS)),
              ),
            )
            .orderBy(desc(attendance.joinedAt))
            .limit(1)
        : [];
    const fields = {
      meetingId,
      session: e.session,
      providerUserId: e.providerUserId,
      externalUserId: ext,
      userId: own?.userId ?? ourUser(ext ?? undefined),
      name: e.name,
      role: e.role,
      source: 'provider' as const,
      joinSeen: true,
      joinedAt: e.at,
    };
    const dropOwn = async () => {
      if (own) await tx.delete(attendance).where(eq(attendance.id, own.id));
    };
    // the stays of this provider user from this join on, in time order: a kept leave first in line is this stay's end
    const [next] = await tx
      .select({ id: attendance.id, joinSeen: attendance.joinSeen })
      .from(attendance)
      .where(
        and(key, sql`coalesce(${attendance.leftAt}, ${attendance.joinedAt}) >= ${e.at.toISOString()}::timestamptz`),
      )
      .orderBy(asc(attendance.joinedAt))
      .limit(1);
    if (next && !next.joinSeen) {
      await tx.update(attendance).set(fields).where(eq(attendance.id, next.id));
      return dropOwn();
    }
    const meetingEnd = await endedAt(tx, meetingId);
    const [around] = await tx
      .select({ id: attendance.id, leftAt: attendance.leftAt })
      .from(attendance)
      .where(and(key, eq(attendance.joinSeen, true), lt(attendance.joinedAt, e.at), gt(attendance.leftAt, e.at)))
      .orderBy(desc(attendance.joinedAt))
      .limit(1);
    if (around?.leftAt && (!meetingEnd || +around.leftAt !== +meetingEnd)) {
      await tx.update(attendance).set({ leftAt: null }).where(eq(attendance.id, around.id));
      await tx
        .insert(attendance)
        .values({ ...fields, leftAt: around.leftAt })
        .onConflictDoNothing();
      return dropOwn();
    }
    const leftAt = meetingEnd && +meetingEnd >= +e.at ? meetingEnd : null;
    if (own) {
      await tx
        .update(attendance)
        .set({ ...fields, leftAt })
        .where(eq(attendance.id, own.id));
      return;
    }
    await tx
      .insert(attendance)
      .values({ ...fields, leftAt })
      .onConflictDoNothing();
  });
}

export interface ProviderLeave {
  session: string;
  providerUserId: string;
  externalUserId?: string;
  name?: string;
  role?: string;
  at: Date;
}

/**
 * A provider's leave closes the latest open stay that began by then. Else, by the latest stay that began by then:
 * the same leave again changes nothing; a stay the meeting's end closed takes this earlier time; a stay closed later
 * than this leave was closed by the next stay's leave (whose join is still to come): it ends here, and that later
 * leave is kept on its own; otherwise the join has not come yet, and the leave is kept as a stay whose join is unseen.
 */
export async function providerLeft(db: Db, meetingId: string, e: ProviderLeave): Promise<void> {
  const key = and(
    eq(attendance.meetingId, meetingId),
    eq(attendance.session, e.session),
    eq(attendance.providerUserId, e.providerUserId),
  );
  const ext = e.externalUserId || null;
  const kept = (at: Date) => ({
    meetingId,
    session: e.session,
    providerUserId: e.providerUserId,
    externalUserId: ext,
    userId: ourUser(ext ?? undefined),
    name: e.name ?? '',
    role: e.role || 'VIEWER',
    source: 'provider' as const,
    joinSeen: false,
    joinedAt: at,
    leftAt: at,
  });
  await db.transaction(async (tx) => {
    await lockMeetingAttendance(tx, meetingId);
    const [open] = await tx
      .select({ id: attendance.id })
      .from(attendance)
      .where(and(key, isNull(attendance.leftAt), lte(attendance.joinedAt, e.at)))
      .orderBy(desc(attendance.joinedAt))
      .limit(1);
    if (open) {
      await tx.update(attendance).set({ leftAt: e.at }).where(eq(attendance.id, open.id));
      return;
    }
    const [last] = await tx
      .select({ id: attendance.id, leftAt: attendance.leftAt, joinSeen: attendance.joinSeen })
      .from(attendance)
      .where(and(key, lte(attendance.joinedAt, e.at)))
      .orderBy(desc(attendance.joinedAt), desc(attendance.leftAt))
      .limit(1);
    const left = last?.leftAt ? +last.leftAt : null;
    if (left === +e.at) return; // the same leave again
    const meetingEnd = await endedAt(tx, meetingId);
    if (last && left !== null && meetingEnd && left === +meetingEnd) {
      // closed by the meeting's end: an earlier leave is the truer end; a later one (after the end) adds nothing
      if (+e.at < left) await tx.update(attendance).set({ leftAt: e.at }).where(eq(attendance.id, last.id));
      return;
    }
    if (last?.joinSeen && left !== null && left > +e.at) {
      await tx.update(attendance).set({ leftAt: e.at }).where(eq(attendance.id, last.id));
      await tx
        .insert(attendance)
        .values(kept(new Date(left)))
        .onConflictDoNothing();
      return;
    }
    await tx.insert(attendance).values(kept(e.at)).onConflictDoNothing();
  });
}

/**
 * The meeting ended at `endedAt` (its status already saved): every stay still open closes then (kept leaves are closed
 * already). Under the meeting's lock, so a join being applied meanwhile is either closed here or sees the end itself.
 */
export async function closeOpenAttendance(db: Db, meetingId: string, endedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMeetingAttendance(tx, meetingId);
    await tx
      .update(attendance)
      .set({ leftAt: sql`greatest(${attendance.joinedAt}, ${endedAt.toISOString()}::timestamptz)` })
      .where(and(eq(attendance.meetingId, meetingId), isNull(attendance.leftAt)));
  });
}
