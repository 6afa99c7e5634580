/**
 * End-to-end specs: the real BFF (embedded PGlite, fresh data dir) serving the built client, driven in Debian's
 * Chromium. The webServer builds the client, then starts e2e/stack.ts, so `npx playwright test` (or `npm run e2e`) is
 * all it takes. Without /usr/bin/chromium the specs are skipped, or fail with REQUIRE_SERVICES=1 (see e2e/fixtures.ts).
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS } from './e2e/lib/constants.ts';

const showServerLogs = process.env.E2E_BFF_LOGS === '1';

export default defineConfig({
  testDir: 'e2e/specs',
  outputDir: ARTIFACTS,
  // One worker: the specs share the embedded BFF and its demo accounts (one signs in as the admin another switches,
  // the English meetings page sees the Arabic test's meeting), and on two cores a second browser would slow both.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  reporter: [['list'], ['./e2e/reporter.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    // Set by the webServer's ready line (its named groups go to the environment) before the workers load this file.
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    // A failure keeps its trace (DOM snapshots, network, console); the screencast is left out: its frames are encoded
    // through every test, passing or not, on two cores (typography.spec: 1.8 min without, 2.6 with, one busy run each),
    // and the failure picture (`screenshot`) stands in for it.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: { mode: 'only-on-failure', fullPage: true },
  },
  projects: [
    { name: 'embedded', testIgnore: /scale-out\.spec\.ts/ },
    // Two BFFs on PostgreSQL and Redis (plus the worker) per test, started by the spec's fixture: slower to boot.
    { name: 'scale-out', testMatch: /scale-out\.spec\.ts/, timeout: 240_000 },
  ],
  webServer: existsSync(CHROMIUM)
    ? {
        // The client is built first when its sources are newer than apps/client/dist (e2e/build-client.ts), so
        // `npx playwright test` alone tests the sources as they are, and a run after CI's own build does not build again.
        command: 'node --import tsx e2e/build-client.ts && node --import tsx e2e/stack.ts',
        wait: { stdout: /e2e stack ready: (?<e2e_base_url>\S+) (?<e2e_bbb_url>\S+)/ },
        timeout: 120_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        stdout: showServerLogs ? 'pipe' : 'ignore',
        stderr: 'pipe',
      }
    : undefined,
});
