import { existsSync } from 'node:fs';
import { CHROMIUM } from './lib/constants.ts';

/**
 * Before any worker: the client is built when its sources are newer than apps/client/dist (e2e/build-client.ts), so
 * `npx playwright test` alone tests the sources as they are, and a run after CI's own build does not build again.
 * Without Chromium every spec skips (or fails, with REQUIRE_SERVICES=1): nothing to build for.
 */
export default async function globalSetup() {
  if (existsSync(CHROMIUM)) await import('./build-client.ts');
}
