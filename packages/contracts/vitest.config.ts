import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions, no globals left behind: one worker runs file after file (a fresh worker per file cost ~3 s of
    // start-up each on a busy 2-core machine). The same pool settings as core's (vitest groups projects that share them).
    isolate: false,
    maxWorkers: 2,
  },
});
