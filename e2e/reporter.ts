/**
 * The closing line CI reads, `e2e: N passed, N failed`, and test-results/e2e.json for scripts/test-summary.mjs.
 * Beside the list reporter, which shows each test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter, Suite, TestError } from '@playwright/test/reporter';
import { REPO } from './lib/constants.ts';

export default class CountsReporter implements Reporter {
  private suite: Suite | undefined;
  /** Errors outside any test (the webServer did not start, a spec file did not load): the run failed all the same. */
  private errors = 0;

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite;
  }

  onError(_error: TestError) {
    this.errors++;
  }

  onEnd(_result: FullResult) {
    let passed = 0;
    let failed = this.errors;
    let skipped = 0;
    const reasons = new Set<string>();
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      else if (outcome === 'unexpected') failed++;
      else {
        skipped++;
        for (const a of [...test.annotations, ...(test.results.at(-1)?.annotations ?? [])])
          if (a.type === 'skip' && a.description) reasons.add(a.description);
      }
    }
    console.log(`e2e: ${passed} passed, ${failed} failed`);
    if (skipped) console.log(`e2e: ${skipped} skipped${reasons.size ? `: ${[...reasons].join('; ')}` : ''}`);
    mkdirSync(join(REPO, 'test-results'), { recursive: true });
    writeFileSync(join(REPO, 'test-results/e2e.json'), JSON.stringify({ passed, failed, skipped }));
  }
}
