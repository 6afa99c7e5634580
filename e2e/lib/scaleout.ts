import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { DEMO_PASSWORD, REPO } from './constants.ts';
import { createScaleOutDatabase, dropRedisPrefix } from './scaleout-db.ts';

/**
 * Scale-out for the browser: two real BFF processes (Hono + socket.io with the Redis adapter) on a fresh PostgreSQL
 * database and a Redis key prefix of their own, optionally the BullMQ worker, all serving the built client. The
 * embedded BFF of e2e/stack.ts ignores DATABASE_URL / REDIS_URL; these read them from the environment the run got.
 */
export interface ScaleOut {
  a: { url: string };
  b: { url: string };
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  logs(): string;
  stop(): Promise<void>;
}

/** Why the scale-out specs cannot run here (null when they can); with REQUIRE_SERVICES=1 a missing service fails. */
export function scaleOutSkipReason(): string | null {
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((k) => !process.env[k]);
  if (!missing.length) return null;
  const reason = `${missing.join(' and ')} not set (the scale-out specs need PostgreSQL and Redis)`;
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(`REQUIRE_SERVICES=1 but ${reason}`);
  return reason;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function spawnNode(script: string, env: NodeJS.ProcessEnv, log: (s: string) => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => log(String(d)));
  child.stderr?.on('data', (d) => log(String(d)));
  return child;
}

/** How long a process of the scale-out may take to start: its three start side by side, on two busy cores. */
const START_MS = 180_000;

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`BFF exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`BFF at ${url} did not answer within ${START_MS / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function waitWorker(worker: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (!output().includes('Majlis worker')) {
    if (worker.exitCode !== null) throw new Error(`worker exited with ${worker.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`worker did not start within ${START_MS / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startScaleOut(options: { worker?: boolean } = {}): Promise<ScaleOut> {
  const redisUrl = process.env.REDIS_URL as string;
  const database = await createScaleOutDatabase();
  const redisPrefix = `majlis-e2e-${randomBytes(4).toString('hex')}:`;
  const [portA, portB] = [await freePort(), await freePort()];
  const urlA = `http://127.0.0.1:${portA}`;
  const urlB = `http://127.0.0.1:${portB}`;
  let output = '';
  const log = (s: string) => {
    output += s;
  };
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    DEMO_PASSWORD,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ALLOWED_ORIGINS: `${urlA},${urlB}`,
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await database.drop().catch(() => {});
    await dropRedisPrefix(redisPrefix).catch(() => {});
  };
  try {
    // All at once: the database is a migrated and seeded copy, so no instance waits for another's migrations (each
    // start finds them applied and the demo there).
    const a = spawnNode(
      'apps/bff/src/main.ts',
      { ...base, PORT: String(portA), PUBLIC_URL: urlA, SEED_DEMO: '1' },
      log,
    );
    const b = spawnNode(
      'apps/bff/src/main.ts',
      { ...base, PORT: String(portB), PUBLIC_URL: urlB, SEED_DEMO: '0' },
      log,
    );
    children.push(a, b);
    const worker = options.worker ? spawnNode('apps/worker/src/main.ts', base, log) : undefined;
    if (worker) children.push(worker);
    await Promise.all([
      waitHealthy(urlA, a, () => output),
      waitHealthy(urlB, b, () => output),
      worker && waitWorker(worker, () => output),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    a: { url: urlA },
    b: { url: urlB },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    logs: () => output,
    stop,
  };
}

export interface ScaleOutFixtures {
  /** Whether the scale-out also runs the BullMQ worker (`test.use({ scaleOutOptions: { worker: true } })`). */
  scaleOutOptions: { worker?: boolean };
  /** A fresh scale-out for the test, stopped after it; skipped (or failed, with REQUIRE_SERVICES=1) without services. */
  scaleOut: ScaleOut;
  /** A page on one instance, in a context of its own (cookies, storage), Arabic by default, cookies answered. */
  pageOn: (instance: 'a' | 'b') => Promise<Page>;
}

export const test = base.extend<ScaleOutFixtures>({
  scaleOutOptions: [{}, { option: true }],

  scaleOut: async ({ scaleOutOptions }, use, testInfo) => {
    const skip = scaleOutSkipReason();
    testInfo.skip(skip !== null, skip ?? undefined);
    const s = await startScaleOut(scaleOutOptions);
    try {
      await use(s);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('scale-out logs', { body: s.logs(), contentType: 'text/plain' });
        if (process.env.E2E_BFF_LOGS === '1') console.log(s.logs());
      }
      await s.stop();
    }
  },

  // Pages close before the scale-out stops (this fixture depends on it): a socket left open would retry against the
  // stopped instances.
  pageOn: async ({ browser, scaleOut, viewport }, use) => {
    const pages: Page[] = [];
    await use(async (instance) => {
      const baseURL = scaleOut[instance].url;
      const context = await browser.newContext({ baseURL, viewport });
      await context.addCookies([
        { name: 'CookieConsent', value: 'true', url: baseURL },
        // the cookie policy version the choice was made under (contracts COOKIE_POLICY_VERSION)
        { name: 'CookieConsentVersion', value: '1', url: baseURL },
      ]);
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') console.log(`    console error on ${baseURL}: ${m.text()}`);
      });
      pages.push(page);
      return page;
    });
    for (const page of pages) await page.context().close();
  },
});
