/**
 * `npm run bench:http`: the Majlis BFF as it runs (`tsx apps/bff/src/main.ts`, production mode) measured with
 * autocannon (reference: performance-and-reliability.md A1, A-goals 1). The comparison with Express and Fastify that
 * chose Hono lives in bench/frameworks (`npm run bench:frameworks`).
 *
 * The BFF runs in its own process pinned to core 0; the load generator in another, pinned to core 1. Routes: signed-in
 * GET /api/user/info, signed-in POST /api/contact with a 1 KB JSON body (CSRF header, strict zod schema,
 * submitContact: one contact row + one outbox row per request), and GET /api/health without a cookie as a
 * no-database calibration. Then each database route at a paced 50% of its maximum, for the p99 goal. Last, issue 14's
 * three CPU-per-request rows, each beside a peer from the same run (lib/goals.ts says which), and what one dashboard
 * load's GETs cost (lib/dashboard.ts).
 *
 * Environment: BENCH_SECONDS (default 10) per measured case, BENCH_CONNECTIONS (default 50), DATABASE_URL (optional:
 * PostgreSQL in a temporary database, else PGlite in a temporary DATA_DIR), BENCH_ROUTES (ids to run, e.g. `get,post`;
 * default all), BENCH_PEER=0 (no Fastify peer for the bare route), BENCH_DASHBOARD=0 (no dashboard load), BENCH_PROFILE=1 (the BFF writes a CPU profile
 * under bench/output/profiles; `npm run bench:profile` prints its top self times), BENCH_RESULTS=<name> (the goal
 * rows also written to bench/output/results/<name>.json, for `npm run bench`'s summary).
 */

import { SECURITY_HEADERS } from './frameworks/parity.ts';
import { DASHBOARD_GETS, type DashboardCost, dashboardCost } from './lib/dashboard.ts';
import { goalResults, goalRows } from './lib/goals.ts';
import { autocannon, type PacedResult, paced, type Result } from './lib/load.ts';
import { PIN, PROFILE_DIR, startBff, startServer } from './lib/processes.ts';
import { ms, pad, pct, positive } from './lib/report.ts';
import { writeResults } from './lib/results.ts';
import { ROUTES, type Route } from './lib/routes.ts';
import { withPrepared } from './lib/setup.ts';

const SECONDS = positive(process.env.BENCH_SECONDS, 10);
const CONNECTIONS = positive(process.env.BENCH_CONNECTIONS, 50);
const WARMUP_SECONDS = 2;
const GOAL_P99_MS = 10;
/** Other processes using more than this share of a core during a case make its verdict inconclusive. */
const BUSY_LIMIT = 0.25;
/** The paced generator (one node process) above this share of its core cannot keep its schedule. */
const LOADER_LIMIT = 0.9;
const ONLY = process.env.BENCH_ROUTES?.split(',');
const routes = ROUTES.filter((r) => !ONLY || ONLY.includes(r.id));
/** BENCH_DASHBOARD=0 leaves out the dashboard load (lib/dashboard.ts). */
const DASHBOARD = process.env.BENCH_DASHBOARD !== '0';
/** BENCH_PEER=0 leaves out Fastify's bare route (the bare row's peer). */
const PEER = process.env.BENCH_PEER !== '0';

const say = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (route: Route, s: number) => Math.max(1, Math.round(s * route.share));

function table(results: Map<Route, Result>, onPostgres: boolean) {
  type Column = [string, number, (r: Result) => string];
  const columns: Column[] = [
    ['req/s', 9, (r) => r.rps.toFixed(0)],
    ['p50 ms', 8, (r) => ms(r.p50)],
    ['p99 ms', 8, (r) => ms(r.p99)],
    ['requests', 9, (r) => String(r.total)],
    ['failed', 7, (r) => String(r.failed)],
    ['server CPU', 11, (r) => pct(r.serverCpu)],
    ['µs CPU/req', 11, (r) => (r.cpuPerRequest === null ? 'n/a' : r.cpuPerRequest.toFixed(0))],
    ['autocannon CPU', 15, (r) => pct(r.loaderCpu)],
    ...(onPostgres ? [['PostgreSQL CPU', 15, (r) => pct(r.postgresCpu)] satisfies Column] : []),
    ['other procs', 12, (r) => pct(r.foreignCpu)],
  ];
  say(`${pad('route', 32)} ${columns.map(([h, w]) => pad(h, w, true)).join(' ')}`);
  for (const [route, r] of results) {
    say(`${pad(route.label, 32)} ${columns.map(([, w, f]) => pad(f(r), w, true)).join(' ')}`);
  }
}

await withPrepared(async ({ database, env, session }) => {
  /**
   * Fastify 5 answering the bare route (bench/frameworks/servers.ts), the peer of the BFF's bare-route row: the same
   * answer with the BFF's own security headers (read from its answer, as bench:frameworks does).
   */
  async function fastifyOn(route: Route): Promise<Result> {
    const headers = { BENCH_SECURE_HEADERS: JSON.stringify(secureHeaders) };
    const peer = await startServer(
      'bench/frameworks/servers.ts',
      ['fastify'],
      { ...env, ...(await database.fresh('fastify')), ...headers },
      { core: 0 },
    );
    try {
      const load = { connections: CONNECTIONS, onPostgres: database.onPostgres };
      await autocannon(peer, route, session, { ...load, seconds: seconds(route, WARMUP_SECONDS) });
      const r = await autocannon(peer, route, session, { ...load, seconds: seconds(route, SECONDS) });
      process.stdout.write(`  Fastify 5 ${route.id} ${Math.round(r.rps)}/s\n`);
      return r;
    } finally {
      await peer.stop();
      await database.release('fastify');
    }
  }

  const started = Date.now();
  say('Majlis HTTP bench: the BFF (reference A1 / A-goals 1)');
  say(`  database:    ${database.label}`);
  say(
    `  node:        ${process.version}, ${PIN ? 'BFF on core 0, load on core 1 (taskset)' : 'taskset unavailable: NOT pinned'}`,
  );
  say(`  load:        autocannon 9, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per case`);
  say();

  const { onPostgres } = database;
  const results = new Map<Route, Result>();
  const atHalf = new Map<Route, { rate: number; r: PacedResult }>();
  let dashboard: DashboardCost | undefined;
  let secureHeaders: Record<string, string> = {};
  const server = await startBff({ ...env, ...(await database.fresh('bff')) }, { core: 0, profile: true });
  try {
    for (const route of routes) {
      const load = { connections: CONNECTIONS, onPostgres };
      await autocannon(server, route, session, { ...load, seconds: seconds(route, WARMUP_SECONDS) });
      const r = await autocannon(server, route, session, { ...load, seconds: seconds(route, SECONDS) });
      results.set(route, r);
      process.stdout.write(`  ${route.id} ${Math.round(r.rps)}/s`);
      if (route.id !== 'health') {
        const rate = r.rps / 2;
        const half = await paced(server, route, session, { ...load, rate, seconds: seconds(route, SECONDS / 2) });
        atHalf.set(route, { rate, r: half });
        process.stdout.write(` (p99 at 50%: ${ms(half.p99)} ms)`);
      }
    }
    say();
    const answer = await fetch(`${server.url}/api/health`);
    await answer.arrayBuffer();
    secureHeaders = Object.fromEntries(
      SECURITY_HEADERS.flatMap((h) => {
        const value = answer.headers.get(h);
        return value === null ? [] : [[h, value]];
      }),
    );
    if (DASHBOARD) dashboard = await dashboardCost(server, session, { rounds: 1000, concurrency: 10 });
  } finally {
    await server.stop();
    await database.release('bff');
  }
  const bare = routes.find((r) => r.id === 'health');
  const fastifyBare = bare && PEER ? await fastifyOn(bare) : null;

  say();
  table(results, onPostgres);
  say();
  for (const line of goalRows(results, fastifyBare, BUSY_LIMIT)) say(line);
  if (dashboard) {
    say();
    say(`One dashboard load, ${DASHBOARD_GETS.length} GETs (BFF CPU per request, 1,000 of each, 10 in flight):`);
    for (const r of dashboard.routes) {
      say(
        `  ${pad(r.path, 34)} ${r.us === null ? `answered ${r.status}, left out` : `${r.us.toFixed(0).padStart(6)} µs`}`,
      );
    }
    say(`  ${pad('the whole load', 34)} ${dashboard.totalUs.toFixed(0).padStart(6)} µs`);
  }
  // For npm run bench's summary (bench/all.ts): BENCH_RESULTS names this run's rows.
  if (process.env.BENCH_RESULTS) {
    const opts = { busyLimit: BUSY_LIMIT, onPostgres, p99GoalMs: GOAL_P99_MS };
    writeResults(process.env.BENCH_RESULTS, goalResults(results, atHalf, fastifyBare, opts));
  }
  say();
  let met = true;
  let busy = false;
  for (const [route, { rate, r }] of atHalf) {
    met &&= r.p99 <= GOAL_P99_MS;
    const foreign = r.foreignCpu ?? 0;
    const loaderBound = (r.loaderCpu ?? 0) > LOADER_LIMIT;
    busy ||= foreign > BUSY_LIMIT || loaderBound;
    const note =
      foreign > BUSY_LIMIT
        ? ` — INCONCLUSIVE: other processes used ${pct(foreign)} of a core`
        : loaderBound
          ? ` — INCONCLUSIVE: the paced generator used ${pct(r.loaderCpu)} of its core (it, not the BFF, set the latencies)`
          : '';
    say(
      `p99 at 50% of max, ${route.label}: p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms at ${Math.round(rate)} req/s paced (${r.rps.toFixed(0)} answered/s, ${r.non2xx + r.errors} failed, ${r.unfinished} unanswered) — goal p99 ≤ ${GOAL_P99_MS} ms: ${r.p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}${note}`,
    );
  }
  for (const r of results.values()) busy ||= (r.foreignCpu ?? 0) > BUSY_LIMIT;
  say(
    `A-goals 1, p99 at half load: ${busy ? `INCONCLUSIVE (box busy; on these figures ${met ? 'met' : 'not met'})` : met ? 'MET' : 'NOT MET'}`,
  );
  for (const [route, r] of results) if (r.failures) say(`WARNING ${route.label}: ${r.failures}`);
  if (busy)
    say(`WARNING: the box was not idle ("other procs" > ${pct(BUSY_LIMIT)} of a core): re-run on a quiet machine.`);
  say(
    "Notes: req/s is autocannon's per-second average; latencies are autocannon's (ms); CPU columns are shares of one core over each case (the load process's life, start-up included); 'µs CPU/req' is the BFF process's CPU time per request (PGlite runs inside it; PostgreSQL's own CPU is not counted). Server CPU near 100% means the BFF's core is the limit; autocannon CPU near 100% means the load generator is. The BFF runs as deployed: its in-process jobs and socket.io are on.",
  );
  if (PROFILE_DIR) say(`CPU profile of the BFF: ${PROFILE_DIR} (npm run bench:profile prints its top self times)`);
  say(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
}).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`bench:http failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
