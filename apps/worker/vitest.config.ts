import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Migrated (and seeded) databases made once per run, copied by each suite (packages/core/test/templates.ts).
    globalSetup: ['../../packages/core/test/templates.ts'],
    // The SIGSTOP test holds a worker until another takes its job over (seconds; polled up to 150 s on a loaded machine).
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Suites leave no globals behind (no vi.mock or stubbed env; spies and fake timers are restored where made), so a
    // worker runs file after file without a fresh module graph each time: about 0.5 s less per file.
    isolate: false,
    // Projects that share a run without isolation must agree on it (vitest groups them): as core's and the BFF's.
    maxWorkers: 2,
  },
});
