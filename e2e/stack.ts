/**
 * One embedded stack the end-to-end specs run against, started by e2e/fixtures.ts for each Playwright worker (its own
 * port, database and mailbox, so the workers' specs never meet): the BigBlueButton simulator (test-only, never used by
 * `npm start`), a mail catcher writing to E2E_MAIL_DIR, then the real BFF in this process (embedded PGlite in a fresh
 * data dir, serving the built client). Once the BFF answers /api/health it prints the ready line the fixture waits
 * for. SIGTERM, or the end of its stdin (the worker that started it is gone), stops it through the BFF's own shutdown
 * (it ends the process, simulator included).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIL_DIR, REPO } from './lib/constants.ts';
import { startMailCatcher } from './lib/mail-catcher.ts';

if (!existsSync(join(REPO, 'apps/client/dist/index.html'))) {
  console.error(
    'apps/client/dist is missing: run `npm run build` first (the globalSetup of playwright.config.ts does).',
  );
  process.exit(1);
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

// Loaded by path: the simulator is a test fake of packages/core, outside this project's sources.
const { BbbSimulator } = (await import(
  new URL('../packages/core/test/fakes/bbb-simulator.ts', import.meta.url).href
)) as { BbbSimulator: new () => { url: string; secret: string; start(): Promise<unknown> } };
const bbb = new BbbSimulator();
await bbb.start();
// A mailbox of its own, empty: a message of an earlier run (or of the other worker's stack) is never read as this one's.
const mailDir = process.env.E2E_MAIL_DIR ?? MAIL_DIR;
rmSync(mailDir, { recursive: true, force: true });
const mail = await startMailCatcher(mailDir);

const port = await freePort();
// E2E_DATA_DIR: the run's template, made once by the global setup (migrated and seeded) and kept. Otherwise a data dir
// of this stack's own, removed at its exit: a copy of that template when there is one (a worker's stack then skips
// the migrations and the demo seed, half a minute and more each on two busy cores), or empty.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'majlis-e2e-'));
if (!process.env.E2E_DATA_DIR) {
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
// Embedded on purpose: a fresh database per run, whatever the CI exports for the integration tests.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
Object.assign(process.env, {
  PORT: String(port),
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  BBB_URL: bbb.url,
  BBB_SECRET: bbb.secret,
  SMTP_URL: mail.url,
  // Mounts the BFF's test-only hooks (apps/bff/src/routes/test-hooks.ts), never there under `npm start`.
  NODE_ENV: 'test',
});
await import(new URL('../apps/bff/src/main.ts', import.meta.url).href);

const baseURL = `http://127.0.0.1:${port}`;
// The BFF starts listening after its module has run; webServer's timeout bounds this wait.
for (;;) {
  const healthy = await fetch(`${baseURL}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (healthy) break;
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`e2e stack ready: ${baseURL} ${bbb.url}`);
if (process.env.E2E_STACK_STDIN === '1') {
  process.stdin.on('close', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}
