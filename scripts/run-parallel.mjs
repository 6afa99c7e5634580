// Runs npm scripts side by side (`node scripts/run-parallel.mjs lint typecheck i18n:check`) and fails when any fails.
// Each one's output is printed whole once it ends, in the order given, so logs do not interleave. On 2 cores the
// single-threaded checks (biome's summary, dependency-cruiser, the catalog check) overlap `tsc -b` instead of waiting.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('error', (err) => resolve({ name, code: 1, out: `${out}${err}\n`, ms: Date.now() - started }));
      child.on('close', (code) => resolve({ name, code: code ?? 1, out, ms: Date.now() - started }));
    }),
);
let failed = 0;
for (const run of runs) {
  const { name, code, out, ms } = await run;
  process.stdout.write(
    `${out}\n[${name}] ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${(ms / 1000).toFixed(1)} s\n`,
  );
  if (code !== 0) failed++;
}
process.exit(failed ? 1 : 0);
