/**
 * End-to-end specs: the real BFF (embedded PGlite, fresh data dir) serving the built client, driven in Debian's
 * Chromium. The global setup builds the client when it is stale; each worker then starts its own embedded stack
 * (e2e/stack.ts, by the `stack` fixture of e2e/fixtures.ts), so `npx playwright test` (or `npm run e2e`) is all it
 * takes. Without /usr/bin/chromium the specs are skipped, or fail with REQUIRE_SERVICES=1 (see e2e/fixtures.ts).
 */
import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import type { WorkerFixtures } from './e2e/fixtures.ts';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS } from './e2e/lib/constants.ts';

// One name for this run in every worker (the workers inherit it): the scale-out specs' template database is named so.
process.env.E2E_RUN ??= `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

export default defineConfig<unknown, WorkerFixtures>({
  testDir: 'e2e/specs',
  outputDir: ARTIFACTS,
  // Two workers, each with a stack of its own (its demo accounts are its own: one spec signs in as the admin another
  // switches, the English meetings page sees the Arabic test's meeting), a spec file's tests in order in one worker.
  // On two cores the second worker fills the first's waits (page loads, the socket, the simulator, the scale-out
  // boots); E2E_WORKERS=1 runs them one after the other.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Two workers share the two cores, so a test runs about a fifth slower than alone (one busy run each way).
  timeout: 120_000,
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  reporter: [['list'], ['./e2e/reporter.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    // baseURL is the worker's own stack (the `stack` fixture of e2e/fixtures.ts).
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
    { name: 'scale-out', testMatch: /scale-out\.spec\.ts/, timeout: 360_000, use: { embeddedStack: false } },
  ],
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
});
