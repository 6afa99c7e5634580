import type { RecordingList, TRecordingListQuery } from '@majlis/contracts/recordings';
import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { meetings, recordings, rooms } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { zonedToUtc } from '../meetings/time.ts';
import { roomNameSql } from '../wording/room-name.ts';
import { manageSql, participantSql, toRecordingRow } from './recording-access.ts';

/** `%`, `_` and `\` typed in the search box are searched for, not used as LIKE wildcards. */
const likeEscape = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The first instant of a day in a zone, and of the day after it (days are inclusive). */
function dayBounds(from: string | undefined, to: string | undefined, timeZone: string) {
  const start = from ? zonedToUtc(from, '00:00', timeZone) : null;
  let end: Date | null = null;
  if (to) {
    try {
      end = zonedToUtc(Temporal.PlainDate.from(to).add({ days: 1 }).toString(), '00:00', timeZone);
    } catch {
      end = new Date(Number.NaN);
    }
  }
  const bad: Record<string, string> = {};
  if (start && Number.isNaN(+start)) bad.from = 'field.day';
  if (end && Number.isNaN(+end)) bad.to = 'field.day';
  if (start && end && !bad.from && !bad.to && +end <= +start) bad.to = 'field.day';
  if (Object.keys(bad).length) throw new AppError(400, 'VALIDATION_FAILED', bad);
  return { start, end };
}

/**
 * GET /api/recordings: the acting account's recordings this actor may see (managers: all of their meetings',
 * published or not; others: published ones of meetings they attended or were invited to), plus the published ones of
 * other accounts' meetings they attended or were invited to. Newest first; searched by recording or meeting name.
 */
export async function listRecordings(db: Db, actor: Actor, q: TRecordingListQuery): Promise<RecordingList> {
  const { start, end } = dayBounds(q.from, q.to, actor.timeZone);
  const manage = manageSql(actor);
  const participant = participantSql(actor);
  const term = q.q?.trim();
  const pattern = term ? `%${likeEscape(term)}%` : null;
  const where = and(
    isNull(recordings.deletedAt),
    or(and(eq(recordings.accountId, actor.accountId), or(manage, participant)), participant),
    pattern ? or(ilike(recordings.name, pattern), ilike(meetings.name, pattern)) : undefined,
    start ? gte(recordings.startTime, start) : undefined,
    end ? lt(recordings.startTime, end) : undefined,
    q.meetingId ? eq(recordings.meetingId, q.meetingId) : undefined,
    q.roomId ? eq(recordings.roomId, q.roomId) : undefined,
  ) as SQL;
  const [total] = await db
    .select({ n: count() })
    .from(recordings)
    .innerJoin(meetings, eq(meetings.id, recordings.meetingId))
    .where(where);
  const rows = await db
    .select({
      rec: recordings,
      meeting: { id: meetings.id, name: meetings.name, number: meetings.number, allowDownload: meetings.allowDownload },
      room: { id: rooms.id, name: roomNameSql(actor.locale, rooms.name, rooms.nameKey) },
      canManage: sql<boolean>`coalesce(${manage}, false)`,
    })
    .from(recordings)
    .innerJoin(meetings, eq(meetings.id, recordings.meetingId))
    .innerJoin(rooms, eq(rooms.id, recordings.roomId))
    .where(where)
    .orderBy(sql`${recordings.startTime} desc nulls last`, desc(recordings.createdAt), desc(recordings.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    recordings: rows.map((r) => toRecordingRow(r.rec, r.meeting, r.room, r.canManage === true, actor.locale)),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
