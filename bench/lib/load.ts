/**
 * Load generators, each in its own process pinned to core 1 (the server has core 0): autocannon for the maximum
 * rate, lib/paced.ts for latency at a fixed rate. The CPU the server, the load generator, PostgreSQL and everything
 * else on the box used meanwhile is accounted for, so a busy machine shows in the report instead of in the figures.
 */

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { coreBusy, cpuSeconds, postgresCpu } from './cpu.ts';
import type { ServerProcess } from './processes.ts';
import { pinned, repo, track } from './processes.ts';
import { headersFor, type Route, type Session } from './routes.ts';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const LOADER_CORE = 1;

export interface Load {
  stdout: string;
  /** Seconds the server process spent on CPU during the load. */
  serverSeconds: number | null;
  /** Shares of one core over the load process's whole life (its start-up included). */
  serverCpu: number | null;
  loaderCpu: number | null;
  /** PostgreSQL processes (PostgreSQL mode only). */
  postgresCpu: number | null;
  /** Every other process on the box (both cores summed). */
  foreignCpu: number | null;
  /** The server's first stderr line written meanwhile (5xx are logged there). */
  serverLog: string | undefined;
}

/** Runs one load-generator process on core 1 and accounts for the CPU used meanwhile. */
export async function runLoad(server: ServerProcess, args: string[], onPostgres: boolean): Promise<Load> {
  const [cmd, cmdArgs] = pinned(LOADER_CORE, [process.execPath, ...args]);
  const serverBefore = cpuSeconds(server.proc.pid);
  const pgBefore = onPostgres ? postgresCpu() : new Map<number, number>();
  const logBefore = server.errors().length;
  const busyBefore = coreBusy();
  const started = performance.now();
  const proc = track(spawn(cmd, cmdArgs, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] }));
  let loader: number | null = null;
  // Sampled while it runs: once it has exited, /proc no longer has its CPU time.
  const poll = setInterval(() => {
    loader = cpuSeconds(proc.pid) ?? loader;
  }, 200);
  let stdout = '';
  let stderr = '';
  proc.stdout?.on('data', (d) => {
    stdout += d;
  });
  proc.stderr?.on('data', (d) => {
    stderr += d;
  });
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  clearInterval(poll);
  const wall = (performance.now() - started) / 1000;
  const serverAfter = cpuSeconds(server.proc.pid);
  const busyAfter = coreBusy();
  let pg = 0;
  if (onPostgres) for (const [pid, cpu] of postgresCpu()) pg += cpu - (pgBefore.get(pid) ?? 0);
  if (code !== 0 || !stdout.trim()) throw new Error(`${args[0]} exited with ${code}: ${stderr}`);
  const serverCpu = serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : null;
  const busy = busyAfter.reduce((sum, v, i) => sum + v - (busyBefore[i] ?? v), 0);
  const foreign =
    busyAfter.length && serverCpu !== null && loader !== null ? Math.max(0, busy - serverCpu - loader - pg) : null;
  return {
    stdout,
    serverSeconds: serverCpu,
    serverCpu: serverCpu === null ? null : serverCpu / wall,
    loaderCpu: loader === null ? null : loader / wall,
    postgresCpu: onPostgres ? pg / wall : null,
    foreignCpu: foreign === null ? null : foreign / wall,
    serverLog: server.errors().slice(logBefore).trim().split('\n')[0] || undefined,
  };
}

export interface Result extends Omit<Load, 'stdout' | 'serverLog' | 'serverSeconds'> {
  /** Server CPU per answered request (µs): capacity when the server core is the limit, robust to a busy box. */
  cpuPerRequest: number | null;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failed: number;
  /** What went wrong, when anything did: status codes, errors, timeouts, the server's first log line. */
  failures: string;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** Closed-loop maximum load with autocannon: `connections` keep one request each in flight for `seconds`. */
export async function autocannon(
  server: ServerProcess,
  route: Route,
  session: Session,
  opts: { seconds: number; connections: number; onPostgres: boolean },
): Promise<Result> {
  const args = [autocannonBin, '-c', String(opts.connections), '-d', String(opts.seconds), '-j', '-n'];
  args.push('-m', route.method);
  for (const [k, v] of Object.entries(headersFor(route, session))) args.push('-H', `${k}=${v}`);
  if (route.body) args.push('-b', route.body);
  args.push(`${server.url}${route.path}`);
  const { stdout, serverLog, serverSeconds, ...cpu } = await runLoad(server, args, opts.onPostgres);
  const r = JSON.parse(stdout.trim().split('\n').pop() as string) as AutocannonJson;
  const failures = [
    ...Object.entries(r.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${count}× HTTP ${status}`),
    ...(r.timeouts ? [`${r.timeouts} timeouts (10 s)`] : []),
    ...(r.errors > r.timeouts ? [`${r.errors - r.timeouts} connection errors`] : []),
    ...(serverLog ? [`server log: ${serverLog.slice(0, 200)}`] : []),
  ];
  return {
    ...cpu,
    cpuPerRequest: serverSeconds !== null && r.requests.total ? (serverSeconds * 1e6) / r.requests.total : null,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    failed: r.non2xx + r.errors,
    failures: failures.join(', '),
  };
}

export interface PacedResult {
  count: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  unfinished: number;
  foreignCpu: number | null;
  /** The paced generator's own share of its core: near 100%, it (not the server) set the latencies. */
  loaderCpu: number | null;
}

/** Fixed-rate open-loop load from lib/paced.ts (on core 1), for "p99 at 50% of the maximum rate". */
export async function paced(
  server: ServerProcess,
  route: Route,
  session: Session,
  opts: { rate: number; seconds: number; connections: number; onPostgres: boolean },
): Promise<PacedResult> {
  const options = {
    url: `${server.url}${route.path}`,
    method: route.method,
    headers: headersFor(route, session),
    body: route.body,
    rate: opts.rate,
    seconds: opts.seconds,
    warmupSeconds: 1,
    connections: opts.connections,
  };
  const args = ['--import', 'tsx', 'bench/lib/paced.ts', JSON.stringify(options)];
  const load = await runLoad(server, args, opts.onPostgres);
  const r = JSON.parse(load.stdout.trim().split('\n').pop() as string) as Omit<PacedResult, 'foreignCpu' | 'loaderCpu'>;
  return { ...r, foreignCpu: load.foreignCpu, loaderCpu: load.loaderCpu };
}
