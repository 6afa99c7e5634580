import { timingSafeEqual } from 'node:crypto';
import { RECORDING_LINK_TOKEN, type RecordingFormat, type RecordingRow } from '@majlis/contracts/recordings';
import type { Locale } from '@majlis/i18n';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { openAccountSql, requireOpenAccount } from '../accounts/open-account.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db, Tx } from '../db/connect.ts';
import {
  accounts,
  attendance,
  invitations,
  meetingAssistants,
  meetings,
  memberships,
  recordings,
  rooms,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { canManageMeeting, type MeetingRow, type RoomRow } from '../meetings/meeting-access.ts';
import { roomName } from '../wording/room-name.ts';

/**
 * Who may see, manage and download a recording (issue 12). Managers (canManageMeeting: the meeting's owner, its
 * assistants, the owner/admins of its account) see published and unpublished ones; a participant sees a published one
 * when they attended the meeting or were invited to it; anyone holding the share link's token sees a published one.
 * Everything else (unknown, deleted, malformed, forbidden) is the same 404 RECORDING_NOT_FOUND, so nobody learns which.
 */

export type RecordingRecord = typeof recordings.$inferSelect;

/** The one answer for unknown, deleted, unpublished-to-you and forbidden recordings alike. */
export const recordingNotFound = () => new AppError(404, 'RECORDING_NOT_FOUND');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id: malformed is as unknown as missing. */
export function recordingIdOf(id: string): string {
  if (!UUID.test(id)) throw recordingNotFound();
  return id;
}

/** A share token as typed in a link: anything not shaped like one can match nothing, so it is simply absent. */
export const tokenOf = (t: string | undefined): string | null => (t && RECORDING_LINK_TOKEN.test(t) ? t : null);

function sameToken(stored: string | null, given: string): boolean {
  if (!stored || stored.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

/** The user attended the meeting (an attendance row names them). */
export function attendedSql(userId: string): SQL {
  return sql`exists (select 1 from ${attendance} where ${attendance.meetingId} = ${meetings.id} and ${attendance.userId} = ${userId})`;
}

/** The user was invited to the meeting, by user id or by their e-mail. */
export function invitedSql(userId: string, email: string): SQL {
  return sql`exists (select 1 from ${invitations} where ${invitations.meetingId} = ${meetings.id} and (${invitations.userId} = ${userId} or lower(${invitations.email}) = ${email.toLowerCase()}))`;
}

/** A participant's view: published, of a meeting not deleted, in an open account, and attended or invited to. */
export function participantSql(actor: Actor): SQL {
  return and(
    eq(recordings.published, true),
    sql`${meetings.status} <> 'deleted'`,
    openAccountSql(meetings.accountId),
    or(attendedSql(actor.userId), invitedSql(actor.userId, actor.email)),
  ) as SQL;
}

/**
 * canManageMeeting as SQL, per row: an active member of the meeting's account (in an active account) who owns the
 * meeting or assists it, or an owner/admin of the acting account when the meeting is in it.
 */
export function manageSql(actor: Actor): SQL {
  const activeMember = sql`exists (select 1 from ${memberships} join ${accounts} on ${accounts.id} = ${memberships.accountId}
    where ${memberships.userId} = ${actor.userId} and ${memberships.accountId} = ${meetings.accountId}
    and ${memberships.active} and ${accounts.status} = 'active')`;
  const accountManager =
    actor.role === 'owner' || actor.role === 'admin' ? eq(meetings.accountId, actor.accountId) : sql`false`;
  const assists = sql`exists (select 1 from ${meetingAssistants} where ${meetingAssistants.meetingId} = ${meetings.id} and ${meetingAssistants.userId} = ${actor.userId})`;
  return and(activeMember, or(accountManager, eq(meetings.ownerUserId, actor.userId), assists)) as SQL;
}

/** Video is the file a reader can download; presentation is a page to watch. */
export const videoOf = (formats: RecordingFormat[]) => formats.find((f) => f.type === 'video') ?? null;

export const playbackOf = (formats: RecordingFormat[]): RecordingFormat | null =>
  videoOf(formats) ?? formats.find((f) => f.type === 'presentation') ?? null;

export function mayDownload(rec: RecordingRecord, meeting: MeetingRow, canManage: boolean): boolean {
  return !!videoOf(rec.formats) && (canManage || meeting.allowDownload);
}

/** A recording row as its reader sees it. */
export function toRecordingRow(
  r: RecordingRecord,
  m: Pick<MeetingRow, 'id' | 'name' | 'number' | 'allowDownload'>,
  room: Pick<RoomRow, 'id' | 'name'> & { nameKey?: string | null },
  canManage: boolean,
  locale: Locale,
): RecordingRow {
  const duration = r.startTime && r.endTime ? Math.max(0, Math.round((+r.endTime - +r.startTime) / 1000)) : null;
  return {
    id: r.id,
    name: r.name,
    provider: r.provider,
    meeting: { id: m.id, name: m.name, number: m.number },
    room: { id: room.id, name: roomName(room, locale) },
    startTime: r.startTime?.toISOString() ?? null,
    durationSeconds: duration,
    sizeBytes: Number(r.sizeBytes),
    participants: r.participants,
    downloads: r.downloads,
    published: r.published,
    formats: [...new Set(r.formats.map((f) => f.type))],
    canManage,
    canDownload: !!videoOf(r.formats) && (canManage || m.allowDownload),
  };
}

export interface RecordingAccess {
  rec: RecordingRecord;
  meeting: MeetingRow;
  room: RoomRow;
  canManage: boolean;
  canDownload: boolean;
  /** Seen only through the share link (not a manager, attendee or invitee). */
  byLink: boolean;
}

/**
 * The recording with what this reader may do, or 404 RECORDING_NOT_FOUND. `actor` is null for a signed-out visitor;
 * `token` is the share link's `t` (a malformed one counts as none).
 */
export async function accessRecording(
  db: Db | Tx,
  actor: Actor | null,
  id: string,
  token?: string | null,
): Promise<RecordingAccess> {
  const [row] = await db
    .select({ rec: recordings, meeting: meetings, room: rooms })
    .from(recordings)
    .innerJoin(meetings, eq(meetings.id, recordings.meetingId))
    .innerJoin(rooms, eq(rooms.id, recordings.roomId))
    .where(and(eq(recordings.id, recordingIdOf(id)), isNull(recordings.deletedAt)));
  if (!row) throw recordingNotFound();
  const { rec, meeting, room } = row;
  const canManage = await canManageMeeting(db, actor, meeting);
  let byLink = false;
  if (!canManage) {
    if (!rec.published) throw recordingNotFound();
    const participant =
      actor && meeting.status !== 'deleted'
        ? (
            await db
              .select({ one: sql<number>`1` })
              .from(meetings)
              .where(
                and(eq(meetings.id, meeting.id), or(attendedSql(actor.userId), invitedSql(actor.userId, actor.email))),
              )
          ).length > 0
        : false;
    if (!participant) {
      const t = tokenOf(token ?? undefined);
      if (!t || !sameToken(rec.shareToken, t)) throw recordingNotFound();
      byLink = true;
    }
  }
  // Whoever could see it (managers cannot: canManageMeeting asks for an open account) is told why it does not play
  // while its account is suspended or banned; everyone else keeps the same 404.
  await requireOpenAccount(db, meeting.accountId);
  return { rec, meeting, room, canManage, canDownload: mayDownload(rec, meeting, canManage), byLink };
}

/** For the write paths: the recording if this actor manages it, else the same 404. */
export async function manageRecording(db: Db | Tx, actor: Actor, id: string): Promise<RecordingAccess> {
  const access = await accessRecording(db, actor, id);
  if (!access.canManage) throw recordingNotFound();
  return access;
}
