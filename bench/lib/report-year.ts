/**
 * A year of one institution for bench/reports.ts, written by PostgreSQL itself (generate_series, a fixed random seed):
 * USERS users (the first the owner, the next ten admins), ROOMS rooms, MEETINGS meetings, SESSIONS sessions spread
 * over the last 364 days in office hours, STAYS_PER_SESSION stays each (about one in five a guest from a pool of 600
 * names; a user drawn twice in a session is a rejoin), 1% drawn open, 0.5% leave-only rows. Meetings get the
 * first join and last leave of their stays as start and end; every 97th is marked running, so its open stays count
 * until now; in the others, as a meeting's end does, the open stays are closed but one in twenty (lost leaves). A second, small account (an individual) holds 2% more rows, so the account filter has something to leave out.
 */
import type { Db } from '@majlis/core/db/connect';
import { sql } from 'drizzle-orm';

export const YEAR = {
  USERS: 300,
  ROOMS: 40,
  MEETINGS: 800,
  SESSIONS: 4000,
  STAYS_PER_SESSION: 25,
} as const;

export interface SeededYear {
  accountId: string;
  ownerId: string;
  /** The meeting with the most stays (for the attendance report). */
  busiestMeetingId: string;
  attendanceRows: number;
}

const one = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;

export async function seedYear(db: Db, timeZone: string): Promise<SeededYear> {
  const { USERS, ROOMS, MEETINGS, SESSIONS, STAYS_PER_SESSION } = YEAR;
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into users (email, password_hash, fname, lname, phone, time_zone)
    select 'bench-u' || i || '@bench.test', 'x', 'User' || i, 'Bench', '+201000000000', ${timeZone}
    from generate_series(1, ${USERS}) i`);
  const owner = await one<{ id: string }>(db, sql`select id from users where email = 'bench-u1@bench.test'`);
  const account = await one<{ id: string }>(
    db,
    sql`insert into accounts (kind, name, owner_user_id) values ('inst', 'Bench institution', ${owner.id}) returning id`,
  );
  await db.execute(sql`insert into memberships (user_id, account_id, role, active)
    select id, ${account.id}, case when email = 'bench-u1@bench.test' then 'owner'
      when substring(email from 'bench-u(\\d+)@')::int <= 11 then 'admin' else 'member' end,
      substring(email from 'bench-u(\\d+)@')::int % 50 <> 0
    from users where email like 'bench-u%@bench.test'`);
  await db.execute(sql`insert into rooms (account_id, name, type, used_bytes)
    select ${account.id}, 'Room ' || lpad(i::text, 2, '0'), (array['bbb', 'zoom', 'jitsi'])[1 + i % 3],
      (random() * 5e9)::bigint
    from generate_series(1, ${ROOMS}) i`);
  await db.execute(sql`create temp table bench_rooms as
    select row_number() over (order by id) - 1 as n, id from rooms where account_id = ${account.id}`);
  await db.execute(sql`create temp table bench_users as
    select row_number() over (order by u.id) - 1 as n, u.id, u.fname from users u
    join memberships ms on ms.user_id = u.id and ms.account_id = ${account.id}`);
  await db.execute(sql`insert into meetings (account_id, room_id, owner_user_id, number, name, kind, time_zone,
      duration_minutes, status)
    select ${account.id}, r.id, u.id, (70000000 + i)::text, 'Meeting ' || i || case when i % 7 = 0 then ' 100%' else '' end,
      case when i % 4 = 0 then 'scheduled' else 'permanent' end, ${timeZone}, 60, 'finished'
    from generate_series(1, ${MEETINGS}) i
    join bench_rooms r on r.n = i % ${ROOMS}
    join bench_users u on u.n = (i * 7) % 50`);
  await db.execute(sql`insert into meeting_assistants (meeting_id, user_id)
    select m.id, u.id from meetings m join bench_users u on u.n = 50 + (m.number::int % 100)
    where m.account_id = ${account.id} and m.number::int % 3 = 0`);
  await db.execute(sql`create temp table bench_meetings as
    select row_number() over (order by id) - 1 as n, id from meetings where account_id = ${account.id}`);
  // Sessions: a meeting each (skewed: low numbers are held more often), a start in office hours of the last 364 days.
  // Random picks go into temp tables first: a volatile random() inside a join condition is drawn per pair of rows.
  await db.execute(sql`create temp table bench_session_picks as
    select s, floor(power(random(), 1.6) * ${MEETINGS})::int as mn,
      date_trunc('hour', now() - interval '1 day' * floor(random() * 364) - interval '1 hour' * floor(random() * 9))
        as starts, (30 + floor(random() * 90))::int as minutes
    from generate_series(1, ${SESSIONS}) s`);
  await db.execute(sql`create temp table bench_sessions as
    select p.s, m.id as meeting_id, p.starts, p.minutes from bench_session_picks p join bench_meetings m on m.n = p.mn`);
  await db.execute(sql`create temp table bench_stays as
    select bs.*, k, floor(random() * ${USERS})::int as un, random() < 0.2 as guest,
      floor(random() * 600)::int as guest_no, random() as r_seen, random() as r_open, 0.2 + 0.8 * random() as r_len,
      bs.starts + interval '1 minute' * bs.minutes * 0.4 * random() as j
    from bench_sessions bs cross join generate_series(1, ${STAYS_PER_SESSION}) k`);
  await db.execute(sql`insert into attendance (meeting_id, session, provider_user_id, external_user_id, user_id, name,
      role, source, join_seen, joined_at, left_at)
    select x.meeting_id, 'sess-' || x.s, 'p' || x.s || '-' || x.k, case when x.guest then null else u.id::text end,
      case when x.guest then null else u.id end,
      case when x.guest then 'Guest ' || x.guest_no else u.fname end,
      case when x.k = 1 then 'MODERATOR' else 'VIEWER' end, 'provider', x.r_seen > 0.005, x.j,
      case when x.r_open < 0.01 then null else x.j + (x.starts + interval '1 minute' * x.minutes - x.j) * x.r_len end
    from bench_stays x join bench_users u on u.n = x.un`);
  await db.execute(sql`update meetings m set started_at = x.first_join, ended_at = x.last_end
    from (select meeting_id, min(joined_at) as first_join, max(coalesce(left_at, joined_at)) as last_end
      from attendance group by meeting_id) x
    where x.meeting_id = m.id`);
  await db.execute(sql`update meetings set status = 'running', ended_at = null
    where account_id = ${account.id} and number::int % 97 = 0`);
  // A meeting's end closes its open stays (meeting-status.ts): open stays remain in running meetings, plus one in
  // twenty elsewhere as leaves that were lost (they take the older-session rule of reports/stays.ts).
  await db.execute(sql`update attendance a set left_at = a.joined_at + interval '20 minutes'
    from meetings m where m.id = a.meeting_id and m.account_id = ${account.id} and m.status <> 'running'
      and a.left_at is null and a.id % 20 <> 0`);
  // The other account: an individual with one room and meeting and 2% as many rows.
  const solo = await one<{ id: string }>(
    db,
    sql`insert into users (email, password_hash, fname, lname, phone) values ('bench-solo@bench.test', 'x', 'Solo',
      'Bench', '+201000000001') returning id`,
  );
  const soloAccount = await one<{ id: string }>(
    db,
    sql`insert into accounts (kind, name, owner_user_id) values ('indv', 'Solo', ${solo.id}) returning id`,
  );
  await db.execute(
    sql`insert into memberships (user_id, account_id, role) values (${solo.id}, ${soloAccount.id}, 'owner')`,
  );
  await db.execute(sql`with r as (insert into rooms (account_id, name, type) values (${soloAccount.id}, 'Solo room', 'bbb')
      returning id),
    m as (insert into meetings (account_id, room_id, owner_user_id, number, name, kind, time_zone, duration_minutes,
        status) select ${soloAccount.id}, r.id, ${solo.id}, '79999999', 'Solo meeting', 'permanent', ${timeZone}, 60,
        'finished' from r returning id)
    insert into attendance (meeting_id, session, provider_user_id, name, role, joined_at, left_at)
    select m.id, 'solo-' || (i / 20), 'q' || i, 'Guest ' || (i % 50), 'VIEWER',
      now() - interval '1 hour' * i, now() - interval '1 hour' * i + interval '40 minutes'
    from m cross join generate_series(1, ${(SESSIONS * STAYS_PER_SESSION) / 50}) i`);
  await db.execute(sql`analyze`);
  const busiest = await one<{ meeting_id: string }>(
    db,
    sql`select a.meeting_id from attendance a join meetings m on m.id = a.meeting_id
      where m.account_id = ${account.id} group by a.meeting_id order by count(*) desc limit 1`,
  );
  const rows = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from attendance a join meetings m on m.id = a.meeting_id
      where m.account_id = ${account.id}`,
  );
  return { accountId: account.id, ownerId: owner.id, busiestMeetingId: busiest.meeting_id, attendanceRows: rows.n };
}
