/**
 * The embedded stack the end-to-end specs run against, started by playwright.config.ts's `webServer`: the
 * BigBlueButton simulator (test-only, never used by `npm start`), a mail catcher, then the real BFF in this process
 * (embedded PGlite in a fresh data dir, serving the built client). Once the BFF answers /api/health it prints the
 * ready line, whose named groups Playwright copies into the environment of the tests (E2E_BASE_URL, E2E_BBB_URL).
 * Playwright stops it with SIGTERM, which the BFF's own shutdown handles (it ends the process, simulator included).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIL_DIR, REPO } from './lib/constants.ts';
import { startMailCatcher } from './lib/mail-catcher.ts';

if (!existsSync(join(REPO, 'apps/client/dist/index.html'))) {
  console.error('apps/client/dist is missing: run `npm run build` first (the webServer of playwright.config.ts does).');
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
const mail = await startMailCatcher(MAIL_DIR);

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'majlis-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
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
