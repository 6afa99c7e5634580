import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; index.html is left out: the BFF rewrites it per page (http/page-meta.ts). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt']);
/** Below this, the headers cost about what compression would save. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, which the BFF sends to a browser that
 * accepts them (serveStatic's `precompressed`, http/static.ts). Nothing in front of the BFF compresses (ops/nginx.conf
 * proxies as is), so without these the first page crossed the wire at its raw size, about 4.5 times its gzip size.
 * Done once at build time, at the highest levels, rather than per request: no CPU spent on the server for it.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'majlis-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const files = (await filesUnder(outDir)).filter(
        (f) => COMPRESSIBLE.has(extname(f)) && f !== join(outDir, 'index.html'),
      );
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const raw = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            }),
            gz(raw, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
