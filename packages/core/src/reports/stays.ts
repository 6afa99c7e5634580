import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import type { Period } from './period.ts';

/**
 * The stays a report counts, as one SQL subquery every report builds on. Rules (issue 12):
 *
 * - In the period: a stay counts when its `joined_at` falls in [period.start, period.end); all its minutes count
 *   there, even the part after the period's last midnight.
 * - Its end (`ended`): `left_at` when known (never before the join). A stay still open: if it belongs to the
 *   meeting's latest session (the session of its latest join), now while the meeting is running, else the meeting's
 *   `ended_at`; if it belongs to an older session (its leave and the end were lost), the last instant that session
 *   recorded (latest join or leave of anyone in it), so a lost leave never stretches over the days between sessions.
 *   A row whose join was never seen (`join_seen` false: only the leave arrived, `joined_at` holds the leave time) is an
 *   attendee with 0 minutes.
 * - `still_in`: open, latest session, meeting running: the person is in the meeting now (leftAt null in the views).
 * - `minutes`: (ended − joined) rounded to the nearest whole minute, half a minute up (29 s → 0, 30 s → 1); totals
 *   add these rounded stays, so a meeting's total is the sum of the minutes of its rows.
 * - `person`: who counts once among "distinct people": our user id when the join carried one, else the guest's name
 *   without case or surrounding spaces, so a guest who rejoins counts once. It is a uuid (the user's id, or the md5
 *   of 'guest:<name>'): hashing and comparing uuids is cheaper than text over a year of stays.
 * - `role`: 'moderator' for the provider's MODERATOR (any case) or Zoom's host / co-host, else 'attendee'.
 *
 * The latest session and the session's last event are looked up for open stays only, through the indexes
 * attendance_meeting_idx (meeting_id, joined_at) and attendance_join_key (meeting_id, session, …).
 */
export interface StayFilter {
  accountId: string;
  period: Period;
  /** One meeting (its attendance list). */
  meetingId?: string;
  /** Only these meetings (the page of the meetings report). */
  meetingIds?: string[];
  /** LIKE pattern (already escaped, with its %) on the meeting's name or number. */
  pattern?: string | null;
}

const sessionLastEvent = sql`coalesce((select max(coalesce(x.left_at, x.joined_at)) from attendance x
  where x.meeting_id = b.meeting_id and x.session = b.session), b.joined_at)`;

/** A query of the stays (no trailing semicolon), to be used as `from (${staysSql(f)}) s` or in a CTE. */
export function staysSql(f: StayFilter): SQL {
  const where: SQL[] = [
    sql`m.account_id = ${f.accountId}::uuid`,
    sql`a.joined_at >= ${f.period.start.toISOString()}::timestamptz`,
    sql`a.joined_at < ${f.period.end.toISOString()}::timestamptz`,
  ];
  if (f.meetingId) where.push(sql`a.meeting_id = ${f.meetingId}::uuid`);
  if (f.meetingIds) where.push(sql`a.meeting_id = any(${`{${f.meetingIds.join(',')}}`}::uuid[])`);
  if (f.pattern) where.push(sql`(m.name ilike ${f.pattern} or m.number ilike ${f.pattern})`);
  const filters = sql.join(where, sql` and `);
  // The open stays (a few: a meeting's end closes them) are completed apart, so the lookups of their session run for
  // those rows only and are costed so by the planner (a subquery per stay made plans dear enough to be JIT-compiled).
  // No WITH inside: a plain subquery is flattened into its caller, so the columns a caller leaves out (role, person)
  // are never computed. date_part gives float8 seconds; extract would give numeric, several times slower per stay.
  return sql`select y.*, floor((date_part('epoch', y.ended - y.joined_at) + 30) / 60)::int as minutes
    from (
      select a.id, a.meeting_id, a.session, m.room_id, a.user_id, a.name, a.join_seen, a.joined_at,
        case when lower(a.role) in ('moderator', 'host', 'co-host', 'cohost') then 'moderator' else 'attendee' end
          as role,
        coalesce(a.user_id, md5('guest:' || lower(btrim(a.name)))::uuid) as person,
        case when not a.join_seen then a.joined_at
          else coalesce(o.ended, greatest(a.left_at, a.joined_at)) end as ended,
        coalesce(o.still_in, false) as still_in
      from attendance a
      join meetings m on m.id = a.meeting_id
      left join (
        select b.id, b.status = 'running' and b.session = l.session as still_in,
          case
            when b.session <> l.session then ${sessionLastEvent}
            when b.status = 'running' then greatest(now(), b.joined_at)
            when b.ended_at >= b.joined_at then b.ended_at
            else ${sessionLastEvent}
          end as ended
        from (
          select a.id, a.meeting_id, a.session, a.joined_at, m.status, m.ended_at
          from attendance a join meetings m on m.id = a.meeting_id
          where ${filters} and a.left_at is null and a.join_seen
        ) b
        cross join lateral (select x.session from attendance x where x.meeting_id = b.meeting_id
          order by x.joined_at desc limit 1) l
      ) o on o.id = a.id
      where ${filters}
    ) y`;
}

/**
 * Most people in each meeting at the same moment: a sweep over +1 at each join and −1 at each end, leaves first at
 * equal instants (someone who leaves as another joins is not counted twice), as a running sum in a window. A stay of
 * no length (a leave-only row) adds −1 then +1 at one instant and never raises the peak. `stays` names a relation
 * holding staysSql's rows (the CTE `s` by default).
 */
export function peaksSql(stays: SQL = sql`s`): SQL {
  return sql`select meeting_id, greatest(coalesce(max(running), 0), 0)::int as peak
    from (
      select meeting_id, sum(d) over (partition by meeting_id order by t, d rows unbounded preceding) as running
      from (
        select meeting_id, joined_at as t, 1 as d from ${stays}
        union all
        select meeting_id, ended as t, -1 as d from ${stays}
      ) ev
    ) w
    group by meeting_id`;
}

/** `%`, `_` and `\` typed in the search box are searched for, not used as LIKE wildcards. */
export function likePattern(q: string | undefined): string | null {
  const text = q?.trim();
  return text ? `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
}

/** A timestamptz the driver gave back (a Date on node-postgres and PGlite; a string if ever configured so). */
export const instant = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * Runs a report's queries in one read-only transaction with memory enough to sort and hash a year of stays in RAM
 * (the default 4 MB work_mem spilled 100,000 stays to temporary files) and without JIT compiling (seconds of LLVM
 * work for queries that run in milliseconds). Both settings end with the transaction.
 */
export function inReport<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
    return fn(tx);
  });
}
