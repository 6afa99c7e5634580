import { defineConfig } from 'vitest/config';

/** Each workspace is a project; server-side ones set their own timeouts in their vitest.config.ts. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
