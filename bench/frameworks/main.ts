/**
 * `npm run bench:frameworks`: the study that chose Hono (reference: performance-and-reliability.md A1, A-goals 1
 * ratios). The real BFF (Hono on @hono/node-server) against Express 5 and Fastify 5 running the same handler logic
 * (shared.ts) on copies of the same database, measured with autocannon. `npm run bench:http` measures the BFF alone.
 *
 * One server process at a time on core 0, autocannon on core 1. Before measuring, the same probe requests (success,
 * 401, 403, 400 ×2, 413, 415, health) go to every server; status, body and security headers must match the BFF's.
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), DATABASE_URL (optional, else PGlite).
 */
import { autocannon, type Result } from '../lib/load.ts';
import { PIN, type ServerProcess, startBff, startServer } from '../lib/processes.ts';
import { ms, pad, pct, positive, ratio } from '../lib/report.ts';
import { ROUTES } from '../lib/routes.ts';
import { withPrepared } from '../lib/setup.ts';
import { probe, SECURITY_HEADERS } from './parity.ts';

type Framework = 'hono' | 'express' | 'fastify';
const FRAMEWORKS: Framework[] = ['hono', 'express', 'fastify'];
const LABEL: Record<Framework, string> = { hono: 'Hono (Majlis BFF)', express: 'Express 5', fastify: 'Fastify 5' };
const SECONDS = positive(process.env.BENCH_SECONDS, 10);
const CONNECTIONS = positive(process.env.BENCH_CONNECTIONS, 50);
const WARMUP_SECONDS = 2;
const GOAL = { express: 2.5, fastify: 0.8 };
/** Other processes using more than this share of a core during a case make its verdict inconclusive. */
const BUSY_LIMIT = 0.25;

const say = (line = '') => process.stdout.write(`${line}\n`);

await withPrepared(async ({ database, env, session }) => {
  const started = Date.now();
  say('Majlis framework comparison (reference A1 / A-goals 1 ratios)');
  say(`  database:    ${database.label}`);
  say(`  node:        ${process.version}, ${PIN ? 'server on core 0, autocannon on core 1' : 'NOT pinned'}`);
  say(`  load:        autocannon 9, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per case`);
  say('  POST route:  the real POST /api/contact: same ZContactBody strict schema, limits and submitContact() in all');
  say();

  const results = new Map<string, Result>();
  const parity: string[] = [];
  let reference: Map<string, string> | undefined;
  let secureHeaders: Record<string, string> = {};

  for (const fw of FRAMEWORKS) {
    const serverEnv = { ...env, ...(await database.fresh(fw)) };
    let server: ServerProcess;
    if (fw === 'hono') server = await startBff(serverEnv, { core: 0 });
    else {
      // The others send the BFF's own security headers, read from its answers below (nothing copied by hand).
      const headers = { BENCH_SECURE_HEADERS: JSON.stringify(secureHeaders) };
      server = await startServer('bench/frameworks/servers.ts', [fw], { ...serverEnv, ...headers }, { core: 0 });
    }
    try {
      const probed = await probe(server.url, session);
      if (!reference) {
        reference = probed.answers;
        secureHeaders = probed.headers;
      } else {
        for (const [name, value] of probed.answers) {
          if (value !== reference.get(name)) parity.push(`${fw} "${name}": ${value}  (BFF: ${reference.get(name)})`);
        }
      }
      process.stdout.write(pad(LABEL[fw], 18));
      for (const route of ROUTES) {
        const load = { connections: CONNECTIONS, onPostgres: database.onPostgres };
        const warmup = Math.max(1, Math.round(WARMUP_SECONDS * route.share));
        await autocannon(server, route, session, { ...load, seconds: warmup });
        const seconds = Math.max(1, Math.round(SECONDS * route.share));
        const r = await autocannon(server, route, session, { ...load, seconds });
        results.set(`${fw}:${route.id}`, r);
        process.stdout.write(`  ${route.id} ${Math.round(r.rps)}/s`);
      }
      say();
    } finally {
      await server.stop();
      await database.release(fw);
    }
  }

  say();
  const columns: [string, number, (r: Result) => string][] = [
    ['req/s', 9, (r) => r.rps.toFixed(0)],
    ['p50 ms', 8, (r) => ms(r.p50)],
    ['p99 ms', 8, (r) => ms(r.p99)],
    ['failed', 7, (r) => String(r.failed)],
    ['server CPU', 11, (r) => pct(r.serverCpu)],
    ['µs CPU/req', 11, (r) => (r.cpuPerRequest === null ? 'n/a' : r.cpuPerRequest.toFixed(0))],
    ['autocannon CPU', 15, (r) => pct(r.loaderCpu)],
    ['other procs', 12, (r) => pct(r.foreignCpu)],
  ];
  say(`${pad('route', 32)} ${pad('framework', 18)} ${columns.map(([h, w]) => pad(h, w, true)).join(' ')}`);
  for (const route of ROUTES) {
    for (const fw of FRAMEWORKS) {
      const r = results.get(`${fw}:${route.id}`) as Result;
      say(`${pad(route.label, 32)} ${pad(LABEL[fw], 18)} ${columns.map(([, w, f]) => pad(f(r), w, true)).join(' ')}`);
    }
  }

  say();
  say(
    `${pad('Hono ratios', 32)} ${pad('req/s vs Express', 17, true)} ${pad('vs Fastify', 11, true)}  ${pad('CPU/req vs Express', 19, true)} ${pad('vs Fastify', 11, true)}   goal ≥ ${GOAL.express}× Express, ≥ ${GOAL.fastify}× Fastify`,
  );
  const judge = (ex: number, fa: number) =>
    `${ex >= GOAL.express ? 'met' : 'NOT met'} / ${fa >= GOAL.fastify ? 'met' : 'NOT met'}`;
  let busy = false;
  for (const route of ROUTES) {
    const [hono, express, fastify] = FRAMEWORKS.map((fw) => results.get(`${fw}:${route.id}`) as Result) as [
      Result,
      Result,
      Result,
    ];
    const ex = ratio(hono.rps, express.rps);
    const fa = ratio(hono.rps, fastify.rps);
    // Capacity from CPU cost: how many requests Hono serves per CPU-second relative to the other.
    const exCpu = ratio(express.cpuPerRequest ?? Number.NaN, hono.cpuPerRequest ?? Number.NaN);
    const faCpu = ratio(fastify.cpuPerRequest ?? Number.NaN, hono.cpuPerRequest ?? Number.NaN);
    const foreign = Math.max(hono.foreignCpu ?? 0, express.foreignCpu ?? 0, fastify.foreignCpu ?? 0);
    busy ||= foreign > BUSY_LIMIT;
    const note = foreign > BUSY_LIMIT ? ` — INCONCLUSIVE: other processes used up to ${pct(foreign)} of a core` : '';
    const verdict =
      route.id === 'health' ? '(calibration, not a goal)' : `req/s: ${judge(ex, fa)}; CPU/req: ${judge(exCpu, faCpu)}`;
    const x = (v: number) => `${v.toFixed(2)}×`;
    say(
      `${pad(route.label, 32)} ${pad(x(ex), 17, true)} ${pad(x(fa), 11, true)}  ${pad(x(exCpu), 19, true)} ${pad(x(faCpu), 11, true)}   ${verdict}${note}`,
    );
  }
  for (const [key, r] of results) if (r.failures) say(`WARNING ${key}: ${r.failures}`);
  if (busy)
    say(`WARNING: the box was not idle ("other procs" > ${pct(BUSY_LIMIT)} of a core): re-run on a quiet machine.`);
  const missing = SECURITY_HEADERS.filter((h) => !(h in secureHeaders));
  if (missing.length) say(`Note: the BFF sent none of ${missing.join(', ')}.`);
  say(
    parity.length
      ? `Parity check FAILED (answers differ from the BFF's):\n  ${parity.join('\n  ')}`
      : `Parity check: ${reference?.size ?? 0} probe requests answer the same status, body and security headers on all three.`,
  );
  say(
    "Notes: the Hono server is the BFF as deployed (its in-process jobs and socket.io on); the others run only the benched routes, so ratios slightly favour them. Express runs with etag and x-powered-by off (Hono sends neither); Fastify serializes without a response schema. 'CPU/req' ratios compare capacity per CPU-second, which a busy box distorts less than req/s.",
  );
  say(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
}).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`bench:frameworks failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
