import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, MAIL_DIR } from './lib/constants.ts';
import { startStack } from './lib/stack-process.ts';

/**
 * Before any worker:
 * - the client is built when its sources are newer than apps/client/dist (e2e/build-client.ts), so `npx playwright
 *   test` alone tests the sources as they are, and a run after CI's own build does not build again;
 * - one embedded stack starts on a data dir of the run's (E2E_DATA_TEMPLATE): migrated and seeded with the demo as any
 *   first start is, then stopped. Each worker's stack starts on a copy of it (e2e/stack.ts) instead of migrating and
 *   seeding again, and so does a worker started again after a failure.
 * Without Chromium every spec skips (or fails, with REQUIRE_SERVICES=1): nothing to build or start.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) return;
  await import('./build-client.ts');
  const template = mkdtempSync(join(tmpdir(), 'majlis-e2e-template-'));
  const { stop } = await startStack(`${MAIL_DIR}/template`, { E2E_DATA_DIR: template });
  await stop();
  // Workers inherit the environment of the run.
  process.env.E2E_DATA_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
