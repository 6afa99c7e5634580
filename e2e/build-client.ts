/**
 * The webServer's first step (playwright.config.ts): builds the client, unless apps/client/dist is newer than every
 * file it could be built from. CI builds before its e2e step, and a local run after a build need not wait for a second
 * one (half a minute on two busy cores); a fresh clone has no dist and builds, an edited source builds again.
 * E2E_BUILD=1 builds whatever the dates say.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './lib/constants.ts';

const BUILT = join(REPO, 'apps/client/dist/index.html');
/** What the bundle is made of: the client and every package (more than it imports: a needless build, never a stale one). */
const SOURCES = ['apps/client', 'packages', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', '.tsbuild']);

/** The newest modification time under `path` (a file or a folder), build outputs and dependencies left out. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

function stale(): string | null {
  if (process.env.E2E_BUILD === '1') return 'E2E_BUILD=1';
  if (!existsSync(BUILT)) return 'no apps/client/dist yet';
  const built = statSync(BUILT).mtimeMs;
  const changed = SOURCES.map((s) => join(REPO, s)).find((s) => existsSync(s) && newest(s) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = stale();
if (reason) {
  console.log(`e2e: building the client (${reason})`);
  execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
} else {
  console.log('e2e: apps/client/dist is newer than its sources, not built again');
}
