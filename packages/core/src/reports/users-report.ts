import type { TReportRange, UserReportRow, UsersReport } from '@majlis/contracts/reports';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { type Period, periodView, resolvePeriod } from './period.ts';
import { inReport, staysSql } from './stays.ts';

/**
 * GET /api/reports/users: every membership of the account (owner, admins, members; active or not), owner first, then
 * admins, then members, each by name. In the period (stays.ts says what counts):
 * - hosted: distinct meetings of the account held in the period (with a stay that joined in it) that the user owns
 *   or assists in (an assistant of today counts for the whole period: assistants keep no history);
 * - attended: distinct meetings of the account where a stay carried their user id;
 * - minutes: the minutes of those stays.
 */
interface Row {
  id: string;
  fname: string;
  lname: string;
  role: UserReportRow['role'];
  hosted: number;
  attended: number;
  minutes: number;
}

export async function usersReport(db: Db, actor: Actor, range: TReportRange): Promise<UsersReport> {
  requirePower(actor, 'viewReports');
  return usersOfPeriod(db, actor, resolvePeriod(range, actor.timeZone));
}

export async function usersOfPeriod(db: Db, actor: Actor, period: Period): Promise<UsersReport> {
  requirePower(actor, 'viewReports');
  const stays = staysSql({ accountId: actor.accountId, period });
  const rows = await inReport(db, (tx) =>
    queryRows<Row>(
      tx,
      // One pass over the stays: minutes per (user or guest, meeting); the rest reads that much smaller set.
      sql`with um as materialized (
      select user_id, meeting_id, sum(minutes) as minutes from (${stays}) z group by 1, 2
    ),
    held as (select distinct meeting_id from um),
    hosts as (
      select m.owner_user_id as user_id, m.id as meeting_id from meetings m join held h on h.meeting_id = m.id
      union
      select ma.user_id, ma.meeting_id from meeting_assistants ma join held h on h.meeting_id = ma.meeting_id
    ),
    hosted as (select user_id, count(*)::int as n from hosts group by user_id),
    att as (
      select user_id, count(*)::int as n, sum(minutes)::float8 as minutes from um where user_id is not null
      group by user_id
    )
    select u.id, u.fname, u.lname, ms.role, coalesce(h.n, 0) as hosted, coalesce(a.n, 0) as attended,
      coalesce(a.minutes, 0)::float8 as minutes
    from memberships ms
      join users u on u.id = ms.user_id
      left join hosted h on h.user_id = u.id
      left join att a on a.user_id = u.id
    where ms.account_id = ${actor.accountId}::uuid
    order by case ms.role when 'owner' then 0 when 'admin' then 1 else 2 end, u.fname, u.lname, u.id`,
    ),
  );
  return {
    period: periodView(period),
    users: rows.map((r) => ({ ...r, minutes: Number(r.minutes) })),
  };
}
