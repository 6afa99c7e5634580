import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and argon2 are CPU-heavy: two files at a time on a 2-core machine.
    maxWorkers: 2,
  },
});
