/**
 * Prints the gzip size of the JavaScript each first page loads: what dist/index.html names (the entry script and the
 * modulepreloads of the app and the Arabic catalog: scripts/preload-first-load.ts) plus the page's own route chunk
 * and its static imports (asked for by the entry at once, app/first-pages.ts). The pages are those people arrive on: the landing
 * page, the sign-in page and a meeting's /join link from an invitation; the build fails when one is over its budget
 * (FIRST_PAGES). `npm run bench:web` measures the same pages in a browser (Lighthouse), with the scripts they really
 * requested.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** Issue 14's (and 28's) goal for a first page's JavaScript, gzip. */
const GOAL = 110 * 1024;
/**
 * Each first page's route modules and its budget (kB gzip): the build fails when a page goes over its budget. The
 * budgets are where the pages stand (issue 28: libphonenumber out of the first load, then the declarative router
 * instead of the data router, -18 kB), a ratchet to lower towards the goal, never to raise without saying why: React
 * DOM (~62 kB), Mantine's base (~17 kB), the router (~15 kB) and the whole Arabic catalog (~18 kB) alone come to
 * ~112 kB, so the goal needs the catalog split per page and the app's state machines (XState, ~12 kB) out of the
 * providers. The prerendered pages (scripts/prerender.mjs) paint before any of it has run.
 */
const FIRST_PAGES = {
  // / and /join +1 kB: the merged catalog (SSO, domains, pushes: ~40 messages) rides on every first page until it is
  // split per page.
  '/': { sources: ['src/routes/home.tsx'], budget: 159 },
  // 171 kB since the sign-in form keeps its two fields in plain state, without @mantine/form's hook (-6 kB gzip).
  '/login': { sources: ['src/routes/login.tsx'], budget: 172 },
  '/join/<number>': { sources: ['src/layouts/GuestLayout.tsx', 'src/routes/join.tsx'], budget: 175 },
};

const fromHtml = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);

/** A manifest chunk and its static imports, transitively. */
function withImports(key, into) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) withImports(dep, into);
  return into;
}

const size = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const entryFiles = new Set(fromHtml);
const entry = [...entryFiles].reduce((sum, f) => sum + size(f), 0);
console.log(`first-load JS, entry + modulepreloads (${entryFiles.size} files): ${kb(entry)} gzip`);

const over = [];
for (const [page, { sources, budget }] of Object.entries(FIRST_PAGES)) {
  const files = new Set(entryFiles);
  for (const source of sources) {
    const key = Object.keys(manifest).find((k) => k.endsWith(source));
    if (key) withImports(key, files);
    else over.push(`${source} is not in the build's manifest`);
  }
  const total = [...files].reduce((sum, f) => sum + size(f), 0);
  const verdict = total <= GOAL ? 'within' : 'above';
  const fits = total <= budget * 1024;
  console.log(
    `first-load JS of ${page} (${files.size} files): ${kb(total)} gzip, budget ${budget} kB ${fits ? 'kept' : 'EXCEEDED'}, ${verdict} the ${kb(GOAL)} goal (issue 14)`,
  );
  if (!fits) over.push(`${page}: ${kb(total)} gzip is over its ${budget} kB budget`);
}
if (over.length > 0) {
  console.error(`first-load budget failed:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
