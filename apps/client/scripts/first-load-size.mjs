/**
 * Prints the gzip size of the JavaScript each first page loads: what dist/index.html names (the entry script and the
 * modulepreloads of the app and the Arabic catalog: scripts/preload-first-load.ts) plus the page's own route chunk
 * and its static imports (asked for by the entry at once, app/first-pages.ts). The pages are those people arrive on: the landing
 * page, the sign-in page and a meeting's /join link from an invitation. `npm run bench:web` measures the same pages
 * in a browser (Lighthouse), with the scripts they really requested.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** Issue 14's goal for a first page's JavaScript, gzip. */
const GOAL = 110 * 1024;
const FIRST_PAGES = {
  '/': ['src/routes/home.tsx'],
  '/login': ['src/routes/login.tsx'],
  '/join/<number>': ['src/layouts/GuestLayout.tsx', 'src/routes/join.tsx'],
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

for (const [page, sources] of Object.entries(FIRST_PAGES)) {
  const files = new Set(entryFiles);
  for (const source of sources) {
    const key = Object.keys(manifest).find((k) => k.endsWith(source));
    if (key) withImports(key, files);
    else console.log(`warning: ${source} is not in the build's manifest`);
  }
  const total = [...files].reduce((sum, f) => sum + size(f), 0);
  const verdict = total <= GOAL ? 'within' : 'above';
  console.log(
    `first-load JS of ${page} (${files.size} files): ${kb(total)} gzip, ${verdict} the ${kb(GOAL)} goal (issue 14)`,
  );
}
