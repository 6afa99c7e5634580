import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Migrated (and seeded) databases made once per run, copied by each suite (test/templates.ts).
    globalSetup: ['test/templates.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Suites leave no globals behind (no vi.mock or stubbed env; spies and fake timers are restored where made), so a
    // worker runs file after file without a fresh module graph each time: about 0.5 s less per file.
    isolate: false,
    // PGlite and argon2 are CPU-heavy: two files at a time on a 2-core machine.
    maxWorkers: 2,
  },
});
