import type {
  AttendanceRow,
  MeetingAttendance,
  MeetingReportRow,
  MeetingsReport,
  TMeetingsReportQuery,
  TReportRange,
} from '@majlis/contracts/reports';
import type { Locale } from '@majlis/i18n';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import { notFound } from '../errors.ts';
import { roomNameSql } from '../wording/room-name.ts';
import { type Period, periodView, resolvePeriod } from './period.ts';
import { inReport, instant, likePattern, peaksSql, type StayFilter, staysSql } from './stays.ts';

/**
 * GET /api/reports/meetings and one meeting's attendance (contract: packages/contracts/src/reports.ts; what counts:
 * stays.ts). A meeting is "held in the period" when at least one stay of it joined in the period; deleted meetings
 * keep their history and are listed too. Rows come newest first (by first join), the id breaking ties.
 * Totals: meetings and sessions add up, attendees are the distinct people over all of them (someone in two
 * meetings counts once), minutes add up.
 */

interface AggRow {
  t_meetings: number;
  t_sessions: number;
  t_attendees: number;
  t_minutes: number;
  meeting_id: string | null;
  name: string;
  number: string;
  room_id: string;
  room_name: string;
  sessions: number;
  first_join: Date | string;
  last_end: Date | string;
  still_in: boolean;
  attendees: number;
  minutes: number;
}

/** Per-meeting aggregates of the period (a page of them, or all up to `limit`) with the totals over all. */
async function meetingAggregates(db: Db | Tx, filter: StayFilter, limit: number, offset: number, locale: Locale) {
  const rows = await queryRows<AggRow>(
    db,
    // Distinct counts by grouping (hash aggregates) rather than count(distinct …), which sorts every stay.
    sql`with s as materialized (
      select meeting_id, session, joined_at, ended, still_in, person, minutes from (${staysSql(filter)}) z
    ),
    sess as (select meeting_id, count(*)::int as n from (select distinct meeting_id, session from s) q group by 1),
    pm as materialized (select meeting_id, person from s group by 1, 2),
    people as (select meeting_id, count(*)::int as n from pm group by 1),
    agg as (
      select g.*, sess.n as sessions, people.n as attendees
      from (
        select meeting_id, min(joined_at) as first_join, max(ended) as last_end, bool_or(still_in) as still_in,
          sum(minutes)::float8 as minutes
        from s group by meeting_id
      ) g
      join sess on sess.meeting_id = g.meeting_id join people on people.meeting_id = g.meeting_id
    ),
    totals as (
      select count(*)::int as t_meetings, coalesce(sum(sessions), 0)::int as t_sessions,
        (select count(*) from (select distinct person from pm) q)::int as t_attendees,
        coalesce(sum(minutes), 0)::float8 as t_minutes
      from agg
    )
    select t.*, p.* from totals t left join lateral (
      select agg.*, m.name, m.number, r.id as room_id, ${roomNameSql(locale, sql`r.name`, sql`r.name_key`)} as room_name
      from agg join meetings m on m.id = agg.meeting_id join rooms r on r.id = m.room_id
      order by agg.first_join desc, agg.meeting_id
      limit ${limit} offset ${offset}
    ) p on true`,
  );
  const first = rows[0];
  const totals = {
    meetings: first?.t_meetings ?? 0,
    sessions: first?.t_sessions ?? 0,
    attendees: first?.t_attendees ?? 0,
    minutes: Number(first?.t_minutes ?? 0),
  };
  return { totals, rows: rows.filter((r) => r.meeting_id !== null) };
}

/** Peak per meeting of the given ones (a page), or of every meeting of the period when `ids` is omitted. */
async function peaksOf(db: Db | Tx, filter: StayFilter, ids?: string[]): Promise<Map<string, number>> {
  if (ids && !ids.length) return new Map();
  const rows = await queryRows<{ meeting_id: string; peak: number }>(
    db,
    sql`with s as materialized (
      select meeting_id, joined_at, ended from (${staysSql({ ...filter, meetingIds: ids })}) z
    ) ${peaksSql()}`,
  );
  return new Map(rows.map((r) => [r.meeting_id, Number(r.peak)]));
}

function toRow(r: AggRow, peaks: Map<string, number>): MeetingReportRow {
  const minutes = Number(r.minutes);
  return {
    id: r.meeting_id as string,
    name: r.name,
    number: r.number,
    room: { id: r.room_id, name: r.room_name },
    sessions: r.sessions,
    firstJoinAt: instant(r.first_join) as string,
    lastLeaveAt: r.still_in ? null : instant(r.last_end),
    attendees: r.attendees,
    peak: peaks.get(r.meeting_id as string) ?? 0,
    totalMinutes: minutes,
    averageMinutes: r.attendees ? Math.round(minutes / r.attendees) : 0,
  };
}

export async function meetingsReport(db: Db, actor: Actor, query: TMeetingsReportQuery): Promise<MeetingsReport> {
  requirePower(actor, 'viewReports');
  const period = resolvePeriod(query, actor.timeZone);
  const filter: StayFilter = { accountId: actor.accountId, period, pattern: likePattern(query.q) };
  const { totals, rows, peaks } = await inReport(db, async (tx) => {
    const found = await meetingAggregates(tx, filter, query.pageSize, (query.page - 1) * query.pageSize, actor.locale);
    const ids = found.rows.map((r) => r.meeting_id as string);
    return { ...found, peaks: await peaksOf(tx, filter, ids) };
  });
  return {
    period: periodView(period),
    meetings: rows.map((r) => toRow(r, peaks)),
    total: totals.meetings,
    page: query.page,
    pageSize: query.pageSize,
    totals,
  };
}

/** Every meeting row of the period (for an export), at most `limit`; `truncated` when there were more. */
export async function allMeetingRows(db: Db, actor: Actor, range: TReportRange & { q?: string }, limit: number) {
  requirePower(actor, 'viewReports');
  const period = resolvePeriod(range, actor.timeZone);
  const filter: StayFilter = { accountId: actor.accountId, period, pattern: likePattern(range.q) };
  const { totals, rows, peaks } = await inReport(db, async (tx) => {
    const found = await meetingAggregates(tx, filter, limit, 0, actor.locale);
    const cut = found.totals.meetings > found.rows.length;
    return {
      ...found,
      peaks: await peaksOf(tx, filter, cut ? found.rows.map((r) => r.meeting_id as string) : undefined),
    };
  });
  return { period, rows: rows.map((r) => toRow(r, peaks)), truncated: totals.meetings > rows.length };
}

interface StayRow {
  id: number;
  user_id: string | null;
  name: string;
  role: 'moderator' | 'attendee';
  person: string;
  joined_at: Date | string;
  ended: Date | string;
  still_in: boolean;
  minutes: number;
}

/** The meeting in the actor's account, or 404 (another account's id is as unknown as a missing one). */
async function meetingOf(db: Db, actor: Actor, id: string) {
  const [m] = await queryRows<{ id: string; name: string; number: string; room_id: string; room_name: string }>(
    db,
    sql`select m.id, m.name, m.number, r.id as room_id, ${roomNameSql(actor.locale, sql`r.name`, sql`r.name_key`)} as room_name
      from meetings m join rooms r on r.id = m.room_id
      where m.id = ${id}::uuid and m.account_id = ${actor.accountId}::uuid`,
  );
  if (!m) throw notFound();
  return { id: m.id, name: m.name, number: m.number, room: { id: m.room_id, name: m.room_name } };
}

/**
 * GET /api/reports/meetings/{id}/attendance: every stay of the meeting that joined in the period, by join time (then
 * row id), at most `limit` (the export's cap; the page has no paging and a meeting's year is a few thousand stays).
 */
export async function meetingAttendanceReport(
  db: Db,
  actor: Actor,
  id: string,
  range: TReportRange,
  limit = 50_000,
): Promise<{ view: MeetingAttendance; period: Period; truncated: boolean }> {
  requirePower(actor, 'viewReports');
  const period = resolvePeriod(range, actor.timeZone);
  const meeting = await meetingOf(db, actor, id);
  const filter: StayFilter = { accountId: actor.accountId, period, meetingId: meeting.id };
  const { rows, peaks } = await inReport(db, async (tx) => ({
    rows: await queryRows<StayRow>(
      tx,
      sql`select id, user_id, name, role, person, joined_at, ended, still_in, minutes from (${staysSql(filter)}) s
        order by joined_at, id limit ${limit + 1}`,
    ),
    peaks: await peaksOf(tx, filter),
  }));
  const truncated = rows.length > limit;
  if (truncated) rows.length = limit;
  const attendance = rows.map(
    (r): AttendanceRow => ({
      name: r.name,
      userId: r.user_id,
      role: r.role,
      joinedAt: instant(r.joined_at) as string,
      leftAt: r.still_in ? null : instant(r.ended),
      minutes: r.minutes,
    }),
  );
  const view: MeetingAttendance = {
    period: periodView(period),
    meeting,
    attendance,
    attendees: new Set(rows.map((r) => r.person)).size,
    peak: peaks.get(meeting.id) ?? 0,
    totalMinutes: rows.reduce((n, r) => n + r.minutes, 0),
  };
  return { view, period, truncated };
}
