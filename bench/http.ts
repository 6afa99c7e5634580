/**
 * `npm run bench:http`: the real Majlis BFF (Hono on @hono/node-server) against Express 5 and Fastify 5 running the
 * same handler logic on the same database, measured with autocannon (reference: performance-and-reliability.md A1,
 * A-goals 1).
 *
 * Each server runs alone in its own process pinned to core 0; autocannon runs in another process pinned to core 1.
 * Routes: signed-in GET /api/user/info, signed-in POST /api/contact with a 1 KB JSON body (CSRF header, strict zod
 * schema, submitContact: one contact row + one outbox row per request), and GET /api/health without a cookie as a
 * no-database calibration of the bare framework cost.
 *
 * Environment: BENCH_SECONDS (default 10) per measured case, BENCH_CONNECTIONS (default 50), DATABASE_URL (optional:
 * PostgreSQL in a temporary database, else PGlite in a temporary DATA_DIR).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRuntime, DEMO_EMAILS, parseConfig, seedDemo } from '@majlis/core';
import { BODY_BYTES, benchBody, SECURE_HEADERS } from './shared.ts';

type Framework = 'hono' | 'express' | 'fastify';
const FRAMEWORKS: Framework[] = ['hono', 'express', 'fastify'];
const LABEL: Record<Framework, string> = { hono: 'Hono (Majlis BFF)', express: 'Express 5', fastify: 'Fastify 5' };

type RouteId = 'get' | 'post' | 'health';
interface Route {
  id: RouteId;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  signedIn: boolean;
  body?: string;
  /** Fraction of BENCH_SECONDS measured (the calibration route runs shorter to keep the whole run short). */
  share: number;
}

const SECONDS = positive(process.env.BENCH_SECONDS, 10);
const CONNECTIONS = positive(process.env.BENCH_CONNECTIONS, 50);
const WARMUP_SECONDS = 2;
const PASSWORD = 'Bench-password-2026';
const GOAL = { express: 2.5, fastify: 0.8, p99Ms: 10 };
/** Other processes using more than this share of a core during a case make its verdict inconclusive. */
const BUSY_LIMIT = 0.25;

const ROUTES: Route[] = [
  { id: 'get', label: 'GET /api/user/info', method: 'GET', path: '/api/user/info', signedIn: true, share: 1 },
  {
    id: 'post',
    label: `POST /api/contact (${BODY_BYTES} B JSON)`,
    method: 'POST',
    path: '/api/contact',
    signedIn: true,
    body: benchBody(),
    share: 1,
  },
  { id: 'health', label: 'GET /api/health (no DB)', method: 'GET', path: '/api/health', signedIn: false, share: 0.5 },
];

const repo = fileURLToPath(new URL('..', import.meta.url));
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function canPin(): boolean {
  const r = spawnSync('taskset', ['-c', '1', 'true']);
  return r.status === 0;
}
const PIN = canPin();
/** A command line on one core (when taskset works on this box). */
function pinned(core: number, args: string[]): [string, string[]] {
  return PIN ? ['taskset', ['-c', String(core), ...args]] : [args[0] as string, args.slice(1)];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** utime + stime of a live process, in seconds (null once it is gone). */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/** Busy seconds of each core so far (user, nice, system, irq, softirq, steal), from /proc/stat. */
function coreBusy(): number[] {
  try {
    return readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .filter((l) => /^cpu\d+ /.test(l))
      .map((l) => {
        const f = l.split(/\s+/).slice(1).map(Number);
        return ((f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0) + (f[5] ?? 0) + (f[6] ?? 0) + (f[7] ?? 0)) / clockTicks;
      });
  } catch {
    return [];
  }
}

const children = new Set<ChildProcess>();

interface ServerProcess {
  url: string;
  proc: ChildProcess;
  driver: string;
  /** What the server wrote to stderr (its 5xx log lines among them). */
  output(): string;
  stop(): Promise<void>;
}

async function startServer(framework: Framework, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const [cmd, args] = pinned(0, [process.execPath, '--import', 'tsx', 'bench/servers.ts', framework]);
  const proc = spawn(cmd, args, {
    cwd: repo,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  let out = '';
  proc.stderr?.on('data', (d) => {
    out += d;
    if (out.length > 20_000) out = out.slice(-10_000);
  });
  const driver = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`${framework} did not start in 60 s:\n${out}`)), 60_000);
    proc.stdout?.on('data', (d) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { driver: string }).driver);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${framework} exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    driver,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const kill = setTimeout(() => proc.kill('SIGKILL'), 8000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

interface Session {
  cookie: string;
  csrf: string;
}

function mergeCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** Signs in through the real BFF, as the client does: GET /api/csrf-token, then POST /api/login. */
async function signIn(url: string): Promise<Session> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const first = await fetch(`${url}/api/csrf-token`);
  mergeCookies(jar, first);
  const { getCsrfToken } = (await first.json()) as { getCsrfToken: string };
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { cookie: cookieHeader(), 'x-csrf-token': getCsrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAILS.solo, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  mergeCookies(jar, login);
  const csrf = jar.get('XSRF-TOKEN');
  if (!csrf) throw new Error('login set no XSRF-TOKEN cookie');
  return { cookie: cookieHeader(), csrf };
}

function headersFor(route: Route, session: Session): Record<string, string> {
  const h: Record<string, string> = {};
  if (route.signedIn) h.cookie = session.cookie;
  if (route.method === 'POST') {
    h['x-csrf-token'] = session.csrf;
    h['content-type'] = 'application/json';
  }
  return h;
}

/** Same requests to every server; status, body and security headers must match Hono's. */
function parityProbes(session: Session) {
  const json = { 'content-type': 'application/json' };
  const auth = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  return [
    { name: 'user/info signed in', path: '/api/user/info', init: { headers: { cookie: session.cookie } } },
    { name: 'user/info anonymous → 401', path: '/api/user/info', init: {} },
    {
      name: 'contact 1 KB → 201',
      path: '/api/contact',
      init: { method: 'POST', headers: { ...auth, ...json }, body: benchBody() },
    },
    {
      name: 'contact without CSRF → 403',
      path: '/api/contact',
      init: { method: 'POST', headers: { cookie: session.cookie, ...json }, body: benchBody() },
    },
    {
      name: 'contact unknown field → 400',
      path: '/api/contact',
      init: { method: 'POST', headers: { ...auth, ...json }, body: benchBody({ extra: 1 }) },
    },
    {
      name: 'contact bad JSON → 400',
      path: '/api/contact',
      init: { method: 'POST', headers: { ...auth, ...json }, body: '{"name":' },
    },
    {
      name: 'contact text/plain → 415',
      path: '/api/contact',
      init: { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: benchBody() },
    },
    {
      name: 'contact 1.1 MB → 413',
      path: '/api/contact',
      init: {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({
          name: 'Bench User',
          email: 'bench@example.com',
          kind: 'suggestion',
          message: 'x'.repeat(1_100_000),
        }),
      },
    },
    { name: 'health', path: '/api/health', init: {} },
  ] satisfies { name: string; path: string; init: RequestInit }[];
}

async function probe(url: string, session: Session): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of parityProbes(session)) {
    const res = await fetch(`${url}${p.path}`, p.init);
    const text = await res.text();
    const missing = Object.entries(SECURE_HEADERS)
      .filter(([k, v]) => res.headers.get(k) !== v)
      .map(([k]) => k);
    out.set(p.name, JSON.stringify({ status: res.status, body: text ? JSON.parse(text) : null, missing }));
  }
  return out;
}

/** CPU seconds of every PostgreSQL process on the box (its backends serve the bench in PostgreSQL mode). */
function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const cpu = cpuSeconds(Number(pid));
      if (cpu !== null) out.set(Number(pid), cpu);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

interface Load {
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
async function runLoad(server: ServerProcess, args: string[], onPostgres: boolean): Promise<Load> {
  const [cmd, cmdArgs] = pinned(1, [process.execPath, ...args]);
  const serverBefore = cpuSeconds(server.proc.pid);
  const pgBefore = onPostgres ? postgresCpu() : new Map<number, number>();
  const logBefore = server.output().length;
  const busyBefore = coreBusy();
  const started = performance.now();
  const proc = spawn(cmd, cmdArgs, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(proc);
  let loader: number | null = null;
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
  children.delete(proc);
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
    serverLog: server.output().slice(logBefore).trim().split('\n')[0] || undefined,
  };
}

interface Result extends Omit<Load, 'stdout' | 'serverLog' | 'serverSeconds'> {
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

async function autocannon(
  server: ServerProcess,
  route: Route,
  session: Session,
  seconds: number,
  onPostgres: boolean,
): Promise<Result> {
  const args = [autocannonBin, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-n', '-m', route.method];
  for (const [k, v] of Object.entries(headersFor(route, session))) args.push('-H', `${k}=${v}`);
  if (route.body) args.push('-b', route.body);
  args.push(`${server.url}${route.path}`);
  const { stdout, serverLog, serverSeconds, ...cpu } = await runLoad(server, args, onPostgres);
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

interface PacedResult {
  count: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  unfinished: number;
  foreignCpu: number | null;
}

/** Fixed-rate open-loop load from bench/paced.ts (on core 1), for the p99-at-50%-load goal. */
async function paced(
  server: ServerProcess,
  route: Route,
  session: Session,
  rate: number,
  seconds: number,
  onPostgres: boolean,
): Promise<PacedResult> {
  const options = {
    url: `${server.url}${route.path}`,
    method: route.method,
    headers: headersFor(route, session),
    body: route.body,
    rate,
    seconds,
    warmupSeconds: 1,
    connections: CONNECTIONS,
  };
  const load = await runLoad(server, ['--import', 'tsx', 'bench/paced.ts', JSON.stringify(options)], onPostgres);
  const r = JSON.parse(load.stdout.trim().split('\n').pop() as string) as Omit<PacedResult, 'foreignCpu'>;
  return { ...r, foreignCpu: load.foreignCpu };
}

function pad(s: string, n: number, right = false) {
  return right ? s.padStart(n) : s.padEnd(n);
}
const pct = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v * 100)}%`);
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(2));
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

/**
 * The database each server gets: the same seeded and signed-in state, fresh for every framework, so the rows the
 * POST route adds (and what they do to the database) never favour the framework that runs first.
 * PGlite: a copy of the snapshot folder. PostgreSQL: CREATE DATABASE ... TEMPLATE the snapshot database.
 */
interface BenchDatabase {
  label: string;
  /** Environment of the seed/sign-in phase. */
  baseEnv: Record<string, string>;
  /** Call once the base is seeded and signed in, with no process connected. */
  snapshot(): Promise<void>;
  /** A fresh copy for one framework: environment overrides. */
  fresh(framework: Framework): Promise<Record<string, string>>;
  release(framework: Framework): Promise<void>;
  cleanup(): Promise<void>;
}

async function benchDatabase(root: string): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const base = join(root, 'base');
    const data = join(root, 'data');
    return {
      label: `PGlite (embedded, inside each server process), temporary folder ${root}`,
      baseEnv: { DATA_DIR: base, DATABASE_URL: '' },
      snapshot: async () => {},
      fresh: async () => {
        rmSync(data, { recursive: true, force: true });
        cpSync(base, data, { recursive: true });
        return { DATA_DIR: data, DATABASE_URL: '' };
      },
      release: async () => rmSync(data, { recursive: true, force: true }),
      cleanup: async () => {},
    };
  }
  const { createPostgresDatabase } = await import('@majlis/core/testing');
  const { default: pg } = await import('pg');
  const base = await createPostgresDatabase();
  const baseName = new URL(base.url).pathname.slice(1);
  const nameOf = (fw: Framework) => `${baseName}_${fw}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const made = new Set<Framework>();
  const release = async (fw: Framework) => {
    if (made.delete(fw)) await admin(`drop database if exists ${nameOf(fw)} with (force)`);
  };
  return {
    label: `PostgreSQL (DATABASE_URL set) on ${new URL(base.url).host}: temporary database ${baseName}, one copy per framework, all dropped afterwards`,
    baseEnv: { DATABASE_URL: base.url },
    snapshot: async () => {},
    fresh: async (fw) => {
      await admin(`create database ${nameOf(fw)} template ${baseName}`);
      made.add(fw);
      const url = new URL(base.url);
      url.pathname = `/${nameOf(fw)}`;
      return { DATABASE_URL: url.toString() };
    },
    release,
    cleanup: async () => {
      for (const fw of [...made]) await release(fw);
      await base.drop();
    },
  };
}

async function main() {
  const started = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'majlis-bench-'));
  let database: BenchDatabase | undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'error',
    RATE_LOGIN_IP: '1000000',
    RATE_LOGIN_ACCOUNT: '1000000',
    RATE_REGISTER_IP: '1000000',
    RATE_RESET_IP: '1000000',
    RATE_RESET_ACCOUNT: '1000000',
    REDIS_URL: '',
  };
  const stopChildren = () => {
    for (const c of children) c.kill('SIGKILL');
  };
  const onSignal = () => {
    stopChildren();
    void (database?.cleanup() ?? Promise.resolve())
      .catch(() => {})
      .finally(() => {
        rmSync(root, { recursive: true, force: true });
        process.exit(130);
      });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    database = await benchDatabase(root);
    const baseEnv = { ...env, ...database.baseEnv };
    const seedRuntime = await createRuntime(parseConfig(baseEnv));
    await seedDemo(seedRuntime.db, PASSWORD);
    await seedRuntime.close();
    // Sign in once through the real BFF; every framework then starts from a copy of this state.
    const signInServer = await startServer('hono', baseEnv);
    let session: Session;
    try {
      session = await signIn(signInServer.url);
    } finally {
      await signInServer.stop();
    }
    await database.snapshot();

    console.log('Majlis HTTP bench (reference A1 / A-goals 1)');
    console.log(`  database:    ${database.label}`);
    console.log(
      `  node:        ${process.version}, ${PIN ? 'server on core 0, autocannon on core 1 (taskset)' : 'taskset unavailable: NOT pinned'}`,
    );
    console.log(
      `  load:        autocannon 9, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per case (health: half of each), one server process at a time`,
    );
    console.log(
      '  POST route:  the real POST /api/contact (no bench-only route): same ZContactBody strict schema and submitContact() in all three',
    );
    console.log('');

    const onPostgres = Boolean(process.env.DATABASE_URL);
    const results = new Map<string, Result>();
    const p99AtHalf = new Map<RouteId, { rate: number; r: PacedResult }>();
    const parity: string[] = [];
    let honoProbe: Map<string, string> | undefined;

    for (const fw of FRAMEWORKS) {
      const server = await startServer(fw, { ...env, ...(await database.fresh(fw)) });
      try {
        const probed = await probe(server.url, session);
        if (!honoProbe) {
          honoProbe = probed;
          const bad = [...probed].filter(([, v]) => (JSON.parse(v) as { missing: string[] }).missing.length);
          if (bad.length) parity.push(`hono: security headers differ from SECURE_HEADERS on ${bad.map(([k]) => k)}`);
        } else {
          for (const [name, value] of probed) {
            if (value !== honoProbe.get(name)) parity.push(`${fw} "${name}": ${value}  (Hono: ${honoProbe.get(name)})`);
          }
        }
        process.stdout.write(`${pad(LABEL[fw], 18)} (${server.driver})`);
        for (const route of ROUTES) {
          await autocannon(server, route, session, Math.max(1, Math.round(WARMUP_SECONDS * route.share)), onPostgres);
          const seconds = Math.max(1, Math.round(SECONDS * route.share));
          const r = await autocannon(server, route, session, seconds, onPostgres);
          results.set(`${fw}:${route.id}`, r);
          process.stdout.write(`  ${route.id} ${Math.round(r.rps)}/s`);
          if (fw === 'hono' && route.id !== 'health') {
            const rate = r.rps / 2;
            const half = await paced(server, route, session, rate, Math.max(1, Math.round(SECONDS / 2)), onPostgres);
            p99AtHalf.set(route.id, { rate, r: half });
            process.stdout.write(` (p99 at 50%: ${ms(half.p99)} ms)`);
          }
        }
        process.stdout.write('\n');
      } finally {
        await server.stop();
        await database.release(fw);
      }
    }

    console.log('');
    const columns: [string, number, (r: Result) => string][] = [
      ['req/s', 9, (r) => r.rps.toFixed(0)],
      ['p50 ms', 8, (r) => ms(r.p50)],
      ['p99 ms', 8, (r) => ms(r.p99)],
      ['requests', 9, (r) => String(r.total)],
      ['failed', 7, (r) => String(r.failed)],
      ['server CPU', 11, (r) => pct(r.serverCpu)],
      ['µs CPU/req', 11, (r) => (r.cpuPerRequest === null ? 'n/a' : r.cpuPerRequest.toFixed(0))],
      ['autocannon CPU', 15, (r) => pct(r.loaderCpu)],
      ...(onPostgres
        ? [['PostgreSQL CPU', 15, (r: Result) => pct(r.postgresCpu)] as [string, number, (r: Result) => string]]
        : []),
      ['other procs', 12, (r) => pct(r.foreignCpu)],
    ];
    console.log(`${pad('route', 32)} ${pad('framework', 18)} ${columns.map(([h, w]) => pad(h, w, true)).join(' ')}`);
    for (const route of ROUTES) {
      for (const fw of FRAMEWORKS) {
        const r = results.get(`${fw}:${route.id}`) as Result;
        console.log(
          `${pad(route.label, 32)} ${pad(LABEL[fw], 18)} ${columns.map(([, w, f]) => pad(f(r), w, true)).join(' ')}`,
        );
      }
    }

    console.log('');
    console.log(
      `${pad('Hono ratios', 32)} ${pad('req/s vs Express', 17, true)} ${pad('vs Fastify', 11, true)}  ${pad('CPU/req vs Express', 19, true)} ${pad('vs Fastify', 11, true)}   goal ≥ ${GOAL.express}× Express, ≥ ${GOAL.fastify}× Fastify`,
    );
    const busyNote = (foreign: number) =>
      foreign > BUSY_LIMIT ? ` — INCONCLUSIVE: other processes used up to ${pct(foreign)} of a core meanwhile` : '';
    const judge = (ex: number, fa: number) =>
      `${ex >= GOAL.express ? 'met' : 'NOT met'} / ${fa >= GOAL.fastify ? 'met' : 'NOT met'}`;
    let allMet = true;
    let cpuMet = true;
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
      const scored = route.id !== 'health';
      if (scored) {
        allMet &&= ex >= GOAL.express && fa >= GOAL.fastify;
        cpuMet &&= exCpu >= GOAL.express && faCpu >= GOAL.fastify;
        busy ||= foreign > BUSY_LIMIT;
      }
      const verdict = scored
        ? `req/s: ${judge(ex, fa)}; CPU/req: ${judge(exCpu, faCpu)}${busyNote(foreign)}`
        : `(calibration, not a goal)${busyNote(foreign)}`;
      const x = (v: number) => `${v.toFixed(2)}×`;
      console.log(
        `${pad(route.label, 32)} ${pad(x(ex), 17, true)} ${pad(x(fa), 11, true)}  ${pad(x(exCpu), 19, true)} ${pad(x(faCpu), 11, true)}   ${verdict}`,
      );
    }
    for (const [id, { rate, r }] of p99AtHalf) {
      const route = ROUTES.find((x) => x.id === id) as Route;
      allMet &&= r.p99 <= GOAL.p99Ms;
      busy ||= (r.foreignCpu ?? 0) > BUSY_LIMIT;
      console.log(
        `p99 at 50% of max, Hono, ${route.label}: p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms at ${Math.round(rate)} req/s paced (${r.rps.toFixed(0)} answered/s, ${r.non2xx + r.errors} failed, ${r.unfinished} unanswered at the end) — goal p99 ≤ ${GOAL.p99Ms} ms: ${r.p99 <= GOAL.p99Ms ? 'met' : 'NOT met'}${busyNote(r.foreignCpu ?? 0)}`,
      );
    }
    console.log(
      busy
        ? `A-goals 1 overall: INCONCLUSIVE by req/s and p99 (box busy; on these figures ${allMet ? 'met' : 'not met'}); by server CPU per request the ratio goals are ${cpuMet ? 'met' : 'NOT met'}`
        : `A-goals 1 overall: ${allMet ? 'MET' : 'NOT MET'} (by server CPU per request the ratio goals are ${cpuMet ? 'met' : 'not met'})`,
    );

    for (const [key, r] of results) {
      if (r.failures) console.log(`WARNING ${key}: ${r.failures}`);
    }
    if (busy) {
      console.log(
        `WARNING: the box was not idle (column "other procs" > ${pct(BUSY_LIMIT)} of a core): re-run on a quiet machine before freezing numbers.`,
      );
    }
    console.log(
      parity.length
        ? `Parity check FAILED (responses differ from Hono's):\n  ${parity.join('\n  ')}`
        : `Parity check: ${parityProbes(session).length} probe requests (success, 401, 403, 400 x2, 413, 415, health) answer the same status, body and security headers on all three.`,
    );
    console.log(
      "Notes: req/s is autocannon's per-second average; latencies are autocannon's (ms); CPU columns are shares of one core over each case (the load process's life, start-up included); 'µs CPU/req' is the server process's CPU time per request (PGlite runs inside it; PostgreSQL's own CPU is not counted), and 'CPU/req' ratios compare capacity per CPU-second, which a busy box distorts less than req/s (though shared cores and caches still slow every instruction). Server CPU near 100% means the server core is the limit; autocannon CPU near 100% means the load generator is. Express runs with etag and x-powered-by off (Hono sends neither); Fastify serializes without a response schema (plain JSON.stringify, as the others).",
    );
    console.log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  } finally {
    stopChildren();
    await database?.cleanup().catch((err: unknown) => console.error('could not drop the bench databases:', err));
    rmSync(root, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error(`bench:http failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
