/**
 * What the HTTP benches share before measuring: a temporary database seeded with the demo accounts, one sign-in
 * through the real BFF (every server then starts from a copy of that state, the session included), the server
 * environment, and clean-up on Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@majlis/core/config';
import { DEMO_EMAILS, seedDemo } from '@majlis/core/demo/seed-demo';
import { createRuntime } from '@majlis/core/runtime';
import { type BenchDatabase, benchDatabase } from './database.ts';
import { killAll, startBff } from './processes.ts';
import { type Session, signIn } from './routes.ts';

const PASSWORD = 'Bench-password-2026';
const UNLIMITED = '1000000000';

export interface Prepared {
  database: BenchDatabase;
  /** Environment of every server process (add `database.fresh(name)` to it). */
  env: Record<string, string>;
  session: Session;
}

/** Production mode, errors-only logs, no Redis, rate limits out of the way (they would answer 429 to a bench). */
function serverEnv(): Record<string, string> {
  const limits = [
    'LOGIN_IP',
    'LOGIN_ACCOUNT',
    'REGISTER_IP',
    'RESET_IP',
    'RESET_ACCOUNT',
    'CONTACT_IP',
    'CONTACT_EMAIL',
  ];
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'error',
    REDIS_URL: '',
    ...Object.fromEntries(limits.map((l) => [`RATE_${l}`, UNLIMITED])),
  };
}

/**
 * Runs `bench` with a prepared database and session; removes the temporary folder and databases afterwards, also on
 * SIGINT / SIGTERM (then exits 130).
 */
export async function withPrepared(bench: (prepared: Prepared) => Promise<void>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'majlis-bench-'));
  let database: BenchDatabase | undefined;
  const onSignal = () => {
    killAll();
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
    const env = serverEnv();
    const baseEnv = { ...env, ...database.baseEnv };
    const seedRuntime = await createRuntime(parseConfig(baseEnv));
    await seedDemo(seedRuntime.db, PASSWORD);
    await seedRuntime.close();
    const signInServer = await startBff(baseEnv);
    let session: Session;
    try {
      session = await signIn(signInServer.url, DEMO_EMAILS.solo, PASSWORD);
    } finally {
      await signInServer.stop();
    }
    await bench({ database, env, session });
  } finally {
    killAll();
    await database?.cleanup().catch((err: unknown) => console.error('could not drop the bench databases:', err));
    rmSync(root, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
