/**
 * Child processes of the benches: servers pinned to a core (taskset, when this box allows it), started as the product
 * starts them (`tsx apps/bff/src/main.ts`, never by importing BFF internals), ready once /api/health answers, and all
 * killed if the bench stops half-way.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

/** Whether `taskset` can pin a process to a core here (containers may forbid it). */
export const PIN = spawnSync('taskset', ['-c', '1', 'true']).status === 0;

/** A command line on one core (when taskset works on this box), else the same command unpinned. */
export function pinned(core: number | undefined, args: string[]): [string, string[]] {
  return PIN && core !== undefined ? ['taskset', ['-c', String(core), ...args]] : [args[0] as string, args.slice(1)];
}

export async function freePort(): Promise<number> {
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

/** Every child still running, for killAll() on the way out. */
const children = new Set<ChildProcess>();

export function track(proc: ChildProcess): ChildProcess {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

export function killAll(): void {
  for (const c of children) c.kill('SIGKILL');
}

/**
 * A TypeScript entry point run by node through tsx, on `core` when given; stdout and stderr piped. `nodeArgs` go to
 * node itself (a CPU profile's flags).
 */
export function spawnScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  core?: number,
  nodeArgs: string[] = [],
): ChildProcess {
  const [cmd, cmdArgs] = pinned(core, [process.execPath, ...nodeArgs, '--import', 'tsx', script, ...args]);
  return track(spawn(cmd, cmdArgs, { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** Keeps the last part of a stream: enough for error messages, bounded however long the process runs. */
function collect(stream: NodeJS.ReadableStream | null | undefined): () => string {
  let text = '';
  stream?.on('data', (d) => {
    text += d;
    if (text.length > 20_000) text = text.slice(-10_000);
  });
  return () => text;
}

export interface ServerProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  /** What the server wrote to stderr (warnings and errors, its 5xx among them). */
  errors(): string;
  /** Both streams, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts an HTTP server script with PORT and HOST set and waits until GET /api/health answers 200.
 * `core` pins it; `timeoutMs` bounds the start (migrations on a cold database take a few seconds).
 */
export async function startServer(
  script: string,
  args: string[],
  env: Record<string, string>,
  opts: { core?: number; timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawnScript(script, args, { HOST: '127.0.0.1', ...env, PORT: String(port) }, opts.core, opts.nodeArgs);
  const stdout = collect(proc.stdout);
  const errors = collect(proc.stderr);
  const output = () => `${stdout()}${errors()}`;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited with ${proc.exitCode}:\n${output()}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`${script} did not answer /api/health in time:\n${output()}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, proc, errors, output, stop: () => stop(proc) };
}

/**
 * Where BENCH_PROFILE=1 has node write the BFF's CPU profile (`--cpu-prof`, written when the process exits on
 * SIGTERM): bench/output/profiles/<time>, not committed. `npm run bench:profile <file>` prints its top self times.
 */
export const PROFILE_DIR =
  process.env.BENCH_PROFILE === '1'
    ? join(repo, 'bench/output/profiles', new Date().toISOString().replace(/[:.]/g, '-'))
    : undefined;

/** The real BFF, as `npm start` runs it (defaults: NODE_ENV=test, no demo seeding); `profile` asks for PROFILE_DIR. */
export function startBff(
  env: Record<string, string>,
  opts: { core?: number; timeoutMs?: number; profile?: boolean } = {},
) {
  const nodeArgs = opts.profile && PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  return startServer('apps/bff/src/main.ts', [], { NODE_ENV: 'test', SEED_DEMO: '0', ...env }, { ...opts, nodeArgs });
}

/** SIGTERM, then SIGKILL if the process has not exited within 8 s. */
export function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const kill = setTimeout(() => proc.kill('SIGKILL'), 8000);
    proc.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}
