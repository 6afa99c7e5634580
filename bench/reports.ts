/**
 * `npm run bench:reports`: the report queries (packages/core/src/reports) over a year of one institution, 100,000
 * attendance rows (bench/lib/report-year.ts), on PostgreSQL. Goal (issue 12): each report under 300 ms.
 *
 * Each case runs the core function as the institution's owner (no HTTP: the query and the row shaping), BENCH_RUNS
 * times after two warm-up calls, for the full year (366 days: the longest period allowed) and the last 30 days (the
 * default). Beside each figure, the same calls on the same data in the same run with index scans turned off
 * (`SET enable_indexscan = off; SET enable_bitmapscan = off`): what the indexes buy. The pool has one connection,
 * so the setting holds for every query of the case.
 *
 * The box's load average is printed with the figures, and each case's CPU ms per call (the PostgreSQL backend's from
 * /proc plus this process's): on a shared machine the wall-clock times include waiting for a core, the CPU does not.
 *
 * Environment: DATABASE_URL (an admin URL of the server; default postgres://postgres@127.0.0.1:5432/test), BENCH_RUNS
 * (default 20), BENCH_KEEP=1 (keep the database afterwards, to EXPLAIN by hand). Creates the database
 * majlis_bench_reports (dropped first if a killed run left it) and drops it at the end.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { Actor } from '@majlis/core/auth/actor';
import { connectDatabase, type Database } from '@majlis/core/db/connect';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { exportMeetings } from '@majlis/core/reports/exports';
import { meetingAttendanceReport, meetingsReport } from '@majlis/core/reports/meetings-report';
import { roomsReport } from '@majlis/core/reports/rooms-report';
import { usersReport } from '@majlis/core/reports/users-report';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { cpuSeconds } from './lib/cpu.ts';
import { ms, pad, percentile, positive } from './lib/report.ts';
import { seedYear, YEAR } from './lib/report-year.ts';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'majlis_bench_reports';
const RUNS = positive(process.env.BENCH_RUNS, 20);
const GOAL_MS = 300;
const TIME_ZONE = 'Africa/Cairo';
const KEEP = process.env.BENCH_KEEP === '1';
const SEED_ONLY = process.env.BENCH_SEED_ONLY === '1';

const say = (line = '') => process.stdout.write(`${line}\n`);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Timing {
  median: number;
  p95: number;
  /** CPU ms per call of the PostgreSQL backend and of this process: what the case costs, whatever else runs. */
  cpu: number;
}

async function timed(fn: () => Promise<unknown>, backendPid: () => Promise<number>): Promise<Timing> {
  for (let i = 0; i < 2; i++) await fn();
  const pid = await backendPid();
  const pgBefore = cpuSeconds(pid) ?? Number.NaN;
  const nodeBefore = process.cpuUsage();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const node = process.cpuUsage(nodeBefore);
  const pgSeconds = (cpuSeconds(pid) ?? Number.NaN) - pgBefore;
  times.sort((a, b) => a - b);
  return {
    median: percentile(times, 50),
    p95: percentile(times, 95),
    cpu: ((pgSeconds * 1000 + (node.user + node.system) / 1000) / RUNS) as number,
  };
}

const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
await admin(`drop database if exists ${NAME} with (force)`);
await admin(`create database ${NAME}`);
let database: Database | undefined;
try {
  database = await connectDatabase({ url: url.toString(), poolMax: 1, statementTimeoutMs: 120_000 });
  const { db } = database;
  const t0 = performance.now();
  const year = await seedYear(db, TIME_ZONE);
  const seedSeconds = (performance.now() - t0) / 1000;
  const [server] = (
    (await db.execute(sql`select version() as v`)) as unknown as {
      rows: { v: string }[];
    }
  ).rows;
  const actor: Actor = {
    userId: year.ownerId,
    accountId: year.accountId,
    role: 'owner',
    kind: 'inst',
    isOps: false,
    fname: 'User1',
    lname: 'Bench',
    email: 'bench-u1@bench.test',
    picture: null,
    locale: 'ar',
    timeZone: TIME_ZONE,
  };
  if (SEED_ONLY) {
    // Seed only (implies keeping the database): for EXPLAIN ANALYZE by hand.
    say(`seeded ${year.attendanceRows} rows in ${seedSeconds.toFixed(1)} s, kept ${NAME}: ${JSON.stringify(year)}`);
    await database.close();
    process.exit(0);
  }
  const today = todayIn(TIME_ZONE);
  const periods = [
    { label: 'year (366 d)', range: { from: addDays(today, -365), to: today } },
    { label: '30 days', range: { from: addDays(today, -29), to: today } },
  ];
  const cases = periods.flatMap(({ label, range }) => [
    { label: `meetings, page 1 · ${label}`, run: () => meetingsReport(db, actor, { ...range, page: 1, pageSize: 20 }) },
    {
      label: `meetings, q=100% · ${label}`,
      run: () => meetingsReport(db, actor, { ...range, page: 1, pageSize: 20, q: '100%' }),
    },
    {
      label: `attendance, busiest · ${label}`,
      run: () => meetingAttendanceReport(db, actor, year.busiestMeetingId, range),
    },
    { label: `rooms + trend · ${label}`, run: () => roomsReport(db, actor, range) },
    { label: `users · ${label}`, run: () => usersReport(db, actor, range) },
    {
      label: `meetings export csv · ${label}`,
      run: () => exportMeetings(db, actor, { ...range, format: 'csv' }, 'ar'),
    },
  ]);

  say('Majlis reports bench (issue 12): the report queries over one institution’s year');
  say(`  database:  ${server?.v.split(',')[0]} at ${url.host}, database ${NAME} (dropped at the end)`);
  say(
    `  data:      ${year.attendanceRows.toLocaleString('en')} attendance rows of the institution (+2% in another account), ` +
      `${YEAR.SESSIONS} sessions, ${YEAR.MEETINGS} meetings, ${YEAR.ROOMS} rooms, ${YEAR.USERS} users + guests; seeded in ${seedSeconds.toFixed(1)} s`,
  );
  say(`  runs:      ${RUNS} per case after 2 warm-up calls; core functions called directly (no HTTP), one connection`);
  say(`  peer:      the same calls with SET enable_indexscan = off; SET enable_bitmapscan = off (no index scans)`);
  say();
  const backendPid = async () =>
    ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]?.pid ??
    0;
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  const results: { label: string; indexed: Timing; noIndex?: Timing }[] = [];
  for (const c of cases) results.push({ label: c.label, indexed: await timed(c.run, backendPid) });
  await db.execute(sql`set enable_indexscan = off`);
  await db.execute(sql`set enable_bitmapscan = off`);
  for (const [i, c] of cases.entries()) (results[i] as { noIndex?: Timing }).noIndex = await timed(c.run, backendPid);
  await db.execute(sql`reset enable_indexscan`);
  await db.execute(sql`reset enable_bitmapscan`);

  say(`  load average (1, 5, 15 min) before ${loadBefore}, after ${load()} on ${cpus().length} cores`);
  say('  CPU ms: per call, the PostgreSQL backend plus this process (from /proc): the cost whatever else runs');
  say();
  say(
    `${pad('case', 40)} ${pad('median ms', 10, true)} ${pad('p95 ms', 8, true)} ${pad('CPU ms', 8, true)} ` +
      `${pad('goal', 5, true)} | ${pad('no index: median', 17, true)} ${pad('p95', 7, true)} ${pad('CPU ms', 8, true)}`,
  );
  let missed = 0;
  for (const r of results) {
    const ok = r.indexed.p95 < GOAL_MS;
    if (!ok) missed++;
    const n = r.noIndex as Timing;
    say(
      `${pad(r.label, 40)} ${pad(ms(r.indexed.median), 10, true)} ${pad(ms(r.indexed.p95), 8, true)} ` +
        `${pad(ms(r.indexed.cpu), 8, true)} ${pad(ok ? 'ok' : 'MISS', 5, true)} | ${pad(ms(n.median), 17, true)} ` +
        `${pad(ms(n.p95), 7, true)} ${pad(ms(n.cpu), 8, true)}`,
    );
  }
  say();
  say(missed ? `${missed} case(s) over ${GOAL_MS} ms at p95` : `every case under ${GOAL_MS} ms at p95`);
  process.exitCode = missed ? 1 : 0;
} finally {
  await database?.close();
  if (KEEP) say(`kept: database ${NAME}`);
  else await admin(`drop database if exists ${NAME} with (force)`);
}
