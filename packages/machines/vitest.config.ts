import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Machines and their model paths, no globals left behind: one worker runs file after file (a fresh worker per file
    // cost ~3 s of start-up each on a busy 2-core machine). The same pool settings as core's (vitest groups them).
    isolate: false,
    maxWorkers: 2,
  },
});
