/**
 * `npm run bench:web`: the web client's first load (issue 14; reference A6 / A-goals 7). Builds the client when its
 * build is missing or older than its sources, starts the BFF as it runs embedded (PGlite in a temporary DATA_DIR,
 * demo data seeded, production mode) serving that build, and runs Lighthouse (npm package, Debian's Chromium, mobile
 * preset) on the landing page `/`, `/login` and `/join/<number>` of a demo meeting: BENCH_WEB_RUNS runs each
 * (default 3), median. Per page: the JS the page requested, as gzip bytes of the built files (the goal's unit) and as
 * bytes on the wire, FCP, LCP, TBT.
 *
 * Peer, from the same run and server: there is no build from before the split to compare with, so the peer is a bare
 * static page the same server sends (`/demo/presentation.html`, 3 kB of HTML and CSS with a 5 kB script, from the
 * client's public/): the floor that the network simulation and Chromium put under any page of this server, which no
 * splitting of the app can go below. (Lighthouse refuses a 404 answer, so the server's 404 cannot be the peer.)
 *
 * Every run's figures and the scripts each page requested (path, bytes on the wire, gzip bytes) are written to
 * bench/output/web/<time>.json (not committed), to see what a page loads; the goal rows go to bench/output/results
 * for `npm run bench`'s table.
 *
 * Environment: BENCH_WEB_RUNS (runs per page), BENCH_WEB_BUILD=1 (build even when the build looks current),
 * CHROME_PATH (default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { gzipOfBuilt, median, type PageRun, runLighthouse, startChromium } from './lib/lighthouse.ts';
import { killAll, repo, startBff } from './lib/processes.ts';
import { pad, positive } from './lib/report.ts';
import { type ResultRow, writeResults } from './lib/results.ts';
import { signIn } from './lib/routes.ts';

const RUNS = positive(process.env.BENCH_WEB_RUNS, 3);
const GOAL_JS_KB = 110;
const GOAL_LCP_MS = 1200;
const DEMO_PASSWORD = 'Bench-web-2026';
const dist = join(repo, 'apps/client/dist');

const say = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sec = (ms: number) => (Number.isNaN(ms) ? '–' : (ms / 1000).toFixed(2));

/** Newest modification time under `dir` (files only; node_modules and dist skipped). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(dir, entry)));
  }
  return latest;
}

/** The client and the packages it bundles, against the build's index.html. */
function buildIsCurrent(): boolean {
  const built = join(dist, 'index.html');
  if (!existsSync(built) || !existsSync(join(dist, '.vite/manifest.json'))) return false;
  const sources = ['apps/client', 'packages/contracts/src', 'packages/machines/src', 'packages/i18n'].map((p) =>
    newest(join(repo, p)),
  );
  return Math.max(...sources) <= statSync(built).mtimeMs;
}

function build() {
  say('Building the client (npm run build)…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`npm run build failed (${res.status})`);
  for (const line of res.stdout.split('\n').filter((l) => l.startsWith('first-load'))) say(`  ${line}`);
}

/** A demo meeting's public number: the demo institution's upcoming series, as an invitation links to it. */
async function demoMeetingNumber(url: string): Promise<string> {
  const session = await signIn(url, DEMO_EMAILS.owner, DEMO_PASSWORD);
  const res = await fetch(`${url}/api/meetings?tab=upcoming`, { headers: { cookie: session.cookie } });
  const page = (await res.json()) as { results?: { number: string }[] };
  const number = page.results?.[0]?.number;
  if (!number) throw new Error(`no upcoming demo meeting (GET /api/meetings: ${res.status})`);
  return number;
}

/**
 * Lighthouse now and then loses a trace on a busy box (NO_NAVSTART, NO_FCP): such a run is run again, up to
 * ATTEMPTS times, rather than ending the whole bench.
 */
const ATTEMPTS = 3;
async function withRetries(run: () => Promise<PageRun>): Promise<PageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
      say(`  (run again: ${(err as Error).message.split('\n')[0]})`);
    }
  }
}

interface PageResult {
  label: string;
  runs: PageRun[];
  jsGzip: number;
  jsWire: number;
  jsFiles: number;
  load: string;
}

function summarize(label: string, runs: PageRun[], load: string): PageResult {
  // The scripts a page asks for do not change between runs; the median-LCP run's list is the one shown.
  const mid = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)] as PageRun;
  const unknown = mid.scripts.filter((s) => gzipOfBuilt(dist, s.path) === null).map((s) => s.path);
  if (unknown.length) say(`  (not files of the build, left out of the gzip sum: ${unknown.join(', ')})`);
  return {
    label,
    runs,
    jsGzip: mid.scripts.reduce((sum, s) => sum + (gzipOfBuilt(dist, s.path) ?? 0), 0),
    jsWire: mid.scripts.reduce((sum, s) => sum + s.transferBytes, 0),
    jsFiles: mid.scripts.length,
    load,
  };
}

function table(results: PageResult[]) {
  type Column = [string, number, (r: PageResult) => string];
  const columns: Column[] = [
    ['JS files', 9, (r) => String(r.jsFiles)],
    ['JS gzip kB', 11, (r) => kb(r.jsGzip)],
    ['JS wire kB', 11, (r) => kb(r.jsWire)],
    ['FCP s', 6, (r) => sec(median(r.runs.map((x) => x.fcpMs)))],
    ['LCP s', 6, (r) => sec(median(r.runs.map((x) => x.lcpMs)))],
    ['LCP runs', 16, (r) => r.runs.map((x) => sec(x.lcpMs)).join(' ')],
    ['TBT ms', 7, (r) => median(r.runs.map((x) => x.tbtMs)).toFixed(0)],
    ['CLS', 6, (r) => median(r.runs.map((x) => x.cls)).toFixed(3)],
    ['load avg', 10, (r) => r.load],
  ];
  say(`${pad('page', 22)} ${columns.map(([h, w]) => pad(h, w, true)).join(' ')}`);
  for (const r of results) say(`${pad(r.label, 22)} ${columns.map(([, w, f]) => pad(f(r), w, true)).join(' ')}`);
  say();
  say('LCP element (median run):');
  for (const r of results) {
    const mid = [...r.runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(r.runs.length / 2)];
    say(`  ${pad(r.label, 20)} ${mid?.lcpElement ?? '?'}`);
  }
}

function goals(pages: PageResult[], peer: PageResult) {
  const peerLcp = median(peer.runs.map((x) => x.lcpMs));
  const row = (measure: string, figure: string, peerText: string, goal: string, met: boolean) =>
    say(
      `${pad(measure, 34)} ${pad(figure, 10, true)}  ${pad(peerText, 26)} ${pad(goal, 10)} ${met ? 'met' : 'NOT met'}`,
    );
  say(`${pad('measure', 34)} ${pad('figure', 10, true)}  ${pad('peer in the same run', 26)} ${pad('goal', 10)} met`);
  for (const p of pages) {
    row(
      `first-load JS gzip, ${p.label}`,
      `${kb(p.jsGzip)} kB`,
      `static page: ${kb(peer.jsGzip)} kB`,
      `≤ ${GOAL_JS_KB} kB`,
      p.jsGzip <= GOAL_JS_KB * 1024,
    );
    const lcp = median(p.runs.map((x) => x.lcpMs));
    row(
      `LCP (mobile), ${p.label}`,
      `${sec(lcp)} s`,
      `static page: ${sec(peerLcp)} s`,
      `≤ ${sec(GOAL_LCP_MS)} s`,
      lcp <= GOAL_LCP_MS,
    );
  }
}

/** The goal rows of `npm run bench`'s table: each page's first-load JS and LCP, the static page beside them. */
function resultRows(pages: PageResult[], peer: PageResult): ResultRow[] {
  const peerLcp = median(peer.runs.map((x) => x.lcpMs));
  const note = `load average ${pages.map((p) => p.load).join(', ')}`;
  return pages.flatMap((p): ResultRow[] => [
    {
      measure: `first-load JS (gzip), ${p.label}`,
      figure: Number(kb(p.jsGzip)),
      unit: 'kB',
      peer: `bare static page, same server: ${kb(peer.jsGzip)} kB`,
      goal: `≤ ${GOAL_JS_KB} kB`,
      target: GOAL_JS_KB,
    },
    {
      measure: `LCP, Lighthouse mobile, ${p.label}`,
      figure: Number(sec(median(p.runs.map((x) => x.lcpMs)))),
      unit: 's',
      peer: `bare static page, same server: ${sec(peerLcp)} s`,
      goal: `≤ ${sec(GOAL_LCP_MS)} s`,
      target: GOAL_LCP_MS / 1000,
      note,
    },
  ]);
}

const dataDir = mkdtempSync(join(tmpdir(), 'majlis-bench-web-'));
const onSignal = () => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(130);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

say('Majlis web bench: first load of the client (issue 14, reference A6 / A-goals 7)');
if (process.env.BENCH_WEB_BUILD === '1' || !buildIsCurrent()) build();
else say('Client build is current (apps/client/dist); BENCH_WEB_BUILD=1 rebuilds.');

const server = await startBff(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: '1',
    DEMO_PASSWORD,
  },
  { timeoutMs: 120_000 },
);
const chrome = await startChromium();
try {
  const number = await demoMeetingNumber(server.url);
  say(`  server:   ${server.url} (embedded: PGlite, demo data), Chromium at ${chrome.port}`);
  say(`  runs:     ${RUNS} per page, median; Lighthouse mobile preset (simulated throttling)`);
  say();
  const measure = async (label: string, path: string): Promise<PageResult> => {
    const runs: PageRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await withRetries(() => runLighthouse(chrome, `${server.url}${path}`)));
    const result = summarize(label, runs, loadavg()[0]?.toFixed(2) ?? '?');
    say(`  ${pad(label, 20)} LCP ${runs.map((r) => sec(r.lcpMs)).join(' ')} s, JS ${kb(result.jsGzip)} kB gzip`);
    return result;
  };
  const pages = [
    await measure('/', '/'),
    await measure('/login', '/login'),
    await measure('/join/<number>', `/join/${number}`),
  ];
  const peer = await measure('peer: static page', '/demo/presentation.html');
  table([...pages, peer]);
  say();
  goals(pages, peer);
  writeResults('web', resultRows(pages, peer));
  const out = join(repo, 'bench/output/web');
  mkdirSync(out, { recursive: true });
  const file = join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const withGzip = (r: PageRun) => ({
    ...r,
    scripts: r.scripts.map((x) => ({ ...x, gzipBytes: gzipOfBuilt(dist, x.path) })),
  });
  const dump = [...pages, peer].map((p) => ({ ...p, runs: p.runs.map(withGzip) }));
  writeFileSync(file, JSON.stringify(dump, null, 2));
  say(`Runs and the scripts each page requested: ${file}`);
  say();
  say('Figures are noisy on a busy box: compare with the load average column, and re-run quiet for the record.');
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
