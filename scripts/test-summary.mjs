// Prints one closing line for the whole run: vitest's JSON report plus the counts e2e/reporter.ts writes.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-results/vitest.json')) {
  const r = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  // A file that fails to load has no failed test but a failed suite.
  if (!r.numFailedTests && r.numFailedTestSuites) failed += r.numFailedTestSuites;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync('test-results/e2e.json')) {
  const r = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
  skipped += r.skipped ?? 0;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
