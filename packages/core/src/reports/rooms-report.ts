import type { RoomReportRow, RoomsReport, TReportRange, TrendPoint } from '@majlis/contracts/reports';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { roomNameSql } from '../wording/room-name.ts';
import { bucketIndexSql, bucketOf, bucketStarts, type Period, periodView, resolvePeriod } from './period.ts';
import { inReport, staysSql } from './stays.ts';

/**
 * GET /api/reports/rooms: every room of the account (unused ones with zeros), by name. What counts is stays.ts; a
 * meeting's stays count for the room the meeting is in now.
 * - meetings: sessions held (distinct meeting + provider session with a stay joined in the period);
 * - hours: per session, its first join to its last leave (the stays' ends as stays.ts computes them), added up and
 *   rounded to one decimal;
 * - participants: distinct people (a user once, a guest name once) over the room's stays;
 * - storage: the room's used_bytes / storage_bytes now (not per period);
 * - trend: per bucket (period.ts bucketStarts: every bucket present, zeros included), the sessions whose first join
 *   falls in it and the minutes of the stays that joined in it; the all-rooms trend adds the rooms' trends.
 */

interface Row {
  kind: 'room' | 'trend';
  room_id: string;
  name: string | null;
  type: RoomReportRow['type'] | null;
  used_bytes: number | null;
  storage_bytes: number | null;
  b: number | null;
  sessions: number;
  secs: number | null;
  participants: number | null;
  minutes: number | null;
}

export async function roomsReport(db: Db, actor: Actor, range: TReportRange): Promise<RoomsReport> {
  requirePower(actor, 'viewReports');
  return roomsOfPeriod(db, actor, resolvePeriod(range, actor.timeZone));
}

export async function roomsOfPeriod(db: Db, actor: Actor, period: Period): Promise<RoomsReport> {
  requirePower(actor, 'viewReports');
  const bucket = bucketOf(period);
  const starts = bucketStarts(period, bucket);
  const stays = staysSql({ accountId: actor.accountId, period });
  const rows = await inReport(db, (tx) =>
    queryRows<Row>(
      tx,
      sql`with s as materialized (
      select room_id, meeting_id, session, joined_at, ended, person, minutes from (${stays}) z
    ),
    sess as (
      select room_id, meeting_id, session, min(joined_at) as first_join, max(ended) as last_end
      from s group by room_id, meeting_id, session
    ),
    sess_b as (
      select room_id, ${bucketIndexSql(period, bucket, sql`first_join`)} as b,
        date_part('epoch', last_end - first_join) as secs
      from sess
    ),
    room_tot as (select room_id, count(*)::int as sessions, sum(secs)::float8 as secs from sess_b group by room_id),
    people as (
      select room_id, count(*)::int as participants from (select distinct room_id, person from s) q group by room_id
    ),
    tr_sessions as (select room_id, b, count(*)::int as sessions from sess_b group by room_id, b),
    tr_minutes as (
      select room_id, ${bucketIndexSql(period, bucket, sql`joined_at`)} as b, sum(minutes)::float8 as minutes
      from s group by 1, 2
    )
    select 'room' as kind, r.id as room_id, ${roomNameSql(actor.locale, sql`r.name`, sql`r.name_key`)} as name, r.type, r.used_bytes::float8 as used_bytes,
      r.storage_bytes::float8 as storage_bytes, null::int as b, coalesce(rt.sessions, 0) as sessions,
      coalesce(rt.secs, 0)::float8 as secs, coalesce(p.participants, 0) as participants, null::float8 as minutes
    from rooms r
      left join room_tot rt on rt.room_id = r.id
      left join people p on p.room_id = r.id
    where r.account_id = ${actor.accountId}::uuid
    union all
    select 'trend', coalesce(ts.room_id, tm.room_id), null, null, null, null, coalesce(ts.b, tm.b)::int,
      coalesce(ts.sessions, 0), null, null, coalesce(tm.minutes, 0)::float8
    from tr_sessions ts full join tr_minutes tm on tm.room_id = ts.room_id and tm.b = ts.b`,
    ),
  );
  const empty = (): TrendPoint[] => starts.map((start) => ({ start, sessions: 0, minutes: 0 }));
  const trends = new Map<string, TrendPoint[]>();
  const all = empty();
  for (const r of rows) {
    if (r.kind !== 'trend' || r.b === null) continue;
    const trend = trends.get(r.room_id) ?? empty();
    trends.set(r.room_id, trend);
    const point = trend[r.b];
    const total = all[r.b];
    if (!point || !total) continue; // cannot happen: stays are inside the period
    point.sessions += r.sessions;
    point.minutes += Number(r.minutes);
    total.sessions += r.sessions;
    total.minutes += Number(r.minutes);
  }
  const rooms = rows
    .filter((r) => r.kind === 'room')
    .map(
      (r): RoomReportRow => ({
        id: r.room_id,
        name: r.name ?? '',
        type: r.type ?? 'bbb',
        meetings: r.sessions,
        hours: Math.round(Number(r.secs ?? 0) / 360) / 10,
        participants: r.participants ?? 0,
        storageUsedBytes: Number(r.used_bytes ?? 0),
        storageTotalBytes: Number(r.storage_bytes ?? 0),
        trend: trends.get(r.room_id) ?? empty(),
      }),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { period: periodView(period), bucket, rooms, trend: all };
}
