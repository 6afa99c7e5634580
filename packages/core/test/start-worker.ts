import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../..', import.meta.url)); // packages/core/test → the repository

/**
 * The scale-out worker as it runs (`apps/worker/src/main.ts`), in its own process, ready once it says so; what it
 * printed is kept for a failure's message. Fails when it exits first, or has not started within `ms`.
 */
export async function startWorker(
  env: Record<string, string>,
  // A cold start compiles the worker's whole graph through tsx: on the shared 2-core machine at load ~30 that passed 60 s.
  ms = 100_000,
): Promise<{ proc: ChildProcess; output: () => string }> {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + ms;
  while (!out.includes('Majlis worker')) {
    if (proc.exitCode !== null) throw new Error(`worker exited: ${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the worker did not start within ${ms} ms: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, output: () => out };
}
