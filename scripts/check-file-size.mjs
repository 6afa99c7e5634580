#!/usr/bin/env node
/**
 * `npm run check:size`: fails, listing them, when a source file is over 400 lines (STYLE.md: split by job, not by
 * banner). Counts .ts/.tsx under apps, packages, bench, e2e and scripts; tests (*.test.ts(x), test/ folders and the
 * e2e specs), generated SQL and catalogs (.po) are left out, as they grow with what they cover.
 * Plain Node with no dependencies, so it runs before anything is built.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const LIMIT = 400;
const ROOTS = ['apps', 'packages', 'bench', 'e2e', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'artifacts', 'test-results', '.tsbuild']);
const repo = fileURLToPath(new URL('..', import.meta.url));

/** Tests and what is not hand-written source. */
function excluded(path) {
  const parts = path.split(sep);
  if (parts.includes('test') || parts.includes('tests') || parts.includes('__tests__')) return true;
  if (parts[0] === 'e2e' && parts[1] === 'specs') return true;
  if (/\.(test|spec)\.tsx?$/.test(path)) return true;
  return false;
}

function* sources(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // a root that does not exist in this checkout
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* sources(full);
    } else if (/\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

const over = [];
for (const root of ROOTS) {
  for (const file of sources(join(repo, root))) {
    const path = relative(repo, file);
    if (excluded(path)) continue;
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > LIMIT) over.push({ path, lines });
  }
}

if (over.length) {
  over.sort((a, b) => b.lines - a.lines);
  console.error(`${over.length} source file(s) over ${LIMIT} lines (split them by job; tests are not counted):`);
  for (const { path, lines } of over) console.error(`  ${String(lines).padStart(5)}  ${path}`);
  process.exit(1);
}
console.log(`check:size: no source file over ${LIMIT} lines.`);
