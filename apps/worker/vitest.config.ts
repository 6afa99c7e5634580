import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The SIGSTOP test holds a worker for 45 s, then polls up to 150 s for the takeover on a loaded machine.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
