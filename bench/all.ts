/**
 * `npm run bench`: every bench of issue 14 in turn (HTTP on PostgreSQL and on PGlite, chat, jobs, web), then one table
 * of every goal: the figure, the peer measured in the same run, the goal, met or not. Each part prints its own
 * tables as it goes; the summary reads what each wrote to bench/output/results (bench/lib/results.ts).
 * A part that fails is reported and the rest still run. BENCH_ONLY=http,chat runs some of them.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { pad } from './lib/report.ts';
import { met, RESULTS_DIR, type ResultRow, readResults } from './lib/results.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const PARTS: Array<{ bench: string; script: string; env: Record<string, string | undefined> }> = [
  { bench: 'http', script: 'bench:http', env: { DATABASE_URL: POSTGRES, BENCH_RESULTS: 'http' } },
  { bench: 'http-pglite', script: 'bench:http', env: { DATABASE_URL: '', BENCH_RESULTS: 'http-pglite' } },
  { bench: 'chat', script: 'bench:chat', env: {} },
  { bench: 'jobs', script: 'bench:jobs', env: {} },
  { bench: 'web', script: 'bench:web', env: {} },
];

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const chosen = PARTS.filter((p) => !only || only.includes(p.bench));
if (!only) rmSync(RESULTS_DIR, { recursive: true, force: true });

const failed: string[] = [];
for (const part of chosen) {
  process.stdout.write(`\n==== ${part.bench} (npm run ${part.script}) ====\n`);
  const env = { ...process.env };
  for (const [k, v] of Object.entries(part.env)) {
    if (v === undefined || v === '') delete env[k];
    else env[k] = v;
  }
  const run = spawnSync('npm', ['run', '--silent', part.script], { cwd: root, stdio: 'inherit', env });
  if (run.status !== 0) failed.push(part.bench);
}

/** PGlite against PostgreSQL for the same API suite: the worst ratio of paced p99 over the routes both measured. */
function pgliteRow(results: ReturnType<typeof readResults>): ResultRow | null {
  const p99s = (bench: string) =>
    new Map(
      (results.find((r) => r.bench === bench)?.rows ?? [])
        .filter((r) => r.measure.startsWith('p99 '))
        .map((r) => [r.measure, r.figure] as const),
    );
  const pg = p99s('http');
  const lite = p99s('http-pglite');
  const ratios = [...pg].flatMap(([route, p]) =>
    lite.has(route) ? [[route, (lite.get(route) as number) / p] as const] : [],
  );
  if (!ratios.length) return null;
  const [worst, ratio] = ratios.reduce((a, b) => (b[1] > a[1] ? b : a));
  return {
    measure: 'PGlite vs PostgreSQL, the same API suite: p99 ratio (worst route)',
    figure: ratio,
    unit: '×',
    peer: `${worst.replace(/^p99 /, '')}: PostgreSQL ${pg.get(worst)?.toFixed(2)} ms, PGlite ${lite.get(worst)?.toFixed(2)} ms`,
    goal: '≤ 3×',
    target: 3,
  };
}

const results = readResults(PARTS.map((p) => p.bench));
const rows = results.flatMap((r) =>
  r.rows.filter((row) => !row.measure.startsWith('p99 ')).map((row) => ({ ...row, bench: r.bench })),
);
const lite = pgliteRow(results);
if (lite) rows.push({ ...lite, bench: 'http-pglite' });
const show = (r: ResultRow) =>
  `${Number.isInteger(r.figure) ? r.figure.toLocaleString('en') : r.figure.toFixed(r.figure < 10 ? 2 : 0)}${r.unit ? ` ${r.unit}` : ''}`;

process.stdout.write('\n==== issue 14: every goal, figures from this run ====\n');
process.stdout.write(
  `machine: ${cpus().length} cores, load average now ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n\n`,
);
const header = `| ${pad('measure', 62)} | ${pad('figure', 14)} | ${pad('peer in the same run', 70)} | ${pad('goal', 14)} | met |`;
process.stdout.write(`${header}\n|${'-'.repeat(64)}|${'-'.repeat(16)}|${'-'.repeat(72)}|${'-'.repeat(16)}|-----|\n`);
for (const r of rows) {
  const note = r.note ? ` (${r.note})` : '';
  process.stdout.write(
    `| ${pad(r.measure, 62)} | ${pad(show(r), 14)} | ${pad(r.peer + note, 70)} | ${pad(r.goal, 14)} | ${met(r) ? 'yes' : 'no '} |\n`,
  );
}
for (const part of chosen) {
  if (!results.some((r) => r.bench === part.bench)) process.stdout.write(`(${part.bench}: no figures written)\n`);
}
if (failed.length) process.stdout.write(`\nparts that failed: ${failed.join(', ')}\n`);
process.exit(failed.length ? 1 : 0);
