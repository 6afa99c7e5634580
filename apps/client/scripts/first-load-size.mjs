/**
 * Prints the gzip size of the JavaScript the first page loads: the entry script and modulepreloads named in
 * dist/index.html, plus what the home route and the Arabic catalog pull in (lazy chunks fetched before first paint).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

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

const firstPaint = new Set();
for (const key of Object.keys(manifest)) {
  if (key.endsWith('src/routes/home.tsx') || key.endsWith('locales/ar/messages.po')) withImports(key, firstPaint);
}

const size = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const entryFiles = new Set(fromHtml);
const lazyFiles = [...firstPaint].filter((f) => !entryFiles.has(f));
const entry = [...entryFiles].reduce((sum, f) => sum + size(f), 0);
const lazy = lazyFiles.reduce((sum, f) => sum + size(f), 0);

console.log(`first-load JS (entry + modulepreloads, ${entryFiles.size} files): ${kb(entry)} gzip`);
console.log(
  `first-load JS incl. home route + Arabic catalog (${entryFiles.size + lazyFiles.length} files): ${kb(entry + lazy)} gzip`,
);
const budget = 150 * 1024;
if (entry > budget) console.log(`warning: first-load JS is above the ${kb(budget)} gzip budget`);
