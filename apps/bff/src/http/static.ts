import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { LANG_COOKIE } from '@majlis/contracts/cookies';
import { decideLanguage, type LanguageCode } from '@majlis/machines';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { fillJoinNumber, joinNumber, renderPage } from './page-meta.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Pages prerendered at build time in each language (issue 28): apps/client/scripts/prerender.mjs writes
 * dist/prerendered/<lang>/<file> and, beside them, pages.json (path → file, and the /join/<number> shell with the
 * placeholder number it was rendered for). They paint before any script runs; any other page route gets index.html.
 */
interface Prerendered {
  pages: Record<string, string>;
  joinShell: string;
  joinPlaceholder: string;
}

/**
 * Serves the built client from `root` with Hono's node serveStatic (MIME types, HEAD, ranges, and its own refusal of
 * `..`, `//`, backslashes and percent-escapes in the path: a malformed escape such as `/%E0%A4%A` is "not found",
 * never a throw). Any other GET that names no file extension is a page route and gets index.html, whatever it
 * accepts: link-preview fetchers of messaging apps send `Accept: *\/*` (the API under /api keeps JSON: app.ts
 * answers it before this). The page's sharing tags name it on `publicUrl` (page-meta.ts). Hashed files under
 * /assets/ are cached for a year, everything else (index.html above all) is revalidated. The secure headers and CSP
 * are added afterwards by securityHeaders(), as on every response. A file the build compressed beforehand is sent
 * compressed to a browser that accepts it (issue 14: the first page was sent at its raw size). The page's `<html lang
 * dir>` follows the reader's language (issue 28, page-meta.ts).
 */
export function serveClient(root: string, opts: { publicUrl?: string } = {}): MiddlewareHandler {
  // Without onFound: a header set there misses the Response serveStatic has already built (Hono 4.13), so the
  // Cache-Control is put on the returned Response instead.
  // precompressed: the build writes .br and .gz beside each text file (apps/client/scripts/precompress.ts); a browser
  // that accepts one gets it (Content-Encoding, Vary: Accept-Encoding), without the server compressing per request.
  const files = serveStatic({
    root,
    precompressed: true,
    rewriteRequestPath: (p) => (p === '/' || p === '/index.html' ? '/-' : p),
  });
  const publicUrl = opts.publicUrl ?? '';
  // Read once each, on first use: a build without prerendered pages (or without one for this path) falls back to
  // index.html, which the client renders from nothing.
  const templates = new Map<string, string | null>();
  const read = (file: string): string | null => {
    if (!templates.has(file)) {
      try {
        templates.set(file, readFileSync(join(root, file), 'utf8'));
      } catch {
        templates.set(file, null);
      }
    }
    return templates.get(file) ?? null;
  };
  const listed = read('prerendered/pages.json');
  const prerenderedPages: Prerendered | null = listed ? JSON.parse(listed) : null;
  const page = (path: string, language: LanguageCode): string | null => {
    const number = joinNumber(path);
    const file = !prerenderedPages
      ? undefined
      : number
        ? prerenderedPages.joinShell
        : prerenderedPages.pages[path === '/index.html' ? '/' : path];
    const prerendered = file ? read(`prerendered/${language}/${file}`) : null;
    const template = prerendered ?? read('index.html');
    if (template === null) return null;
    const html = renderPage(template, publicUrl, path, language);
    return prerendered && number && prerenderedPages
      ? fillJoinNumber(html, number, prerenderedPages.joinPlaceholder)
      : html;
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Only a missing file reaches the inner `next`; the SPA fallback decides before the rest of the app does.
    let missing = false;
    const served = await files(c, async () => {
      missing = true;
    });
    if (!missing && served) return cached(served, c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    if (!isPageRoute(c)) return next();
    // The client's own rule for a page (state/language.tsx): what the browser stored, else Arabic. Not the profile (no
    // session lookup for a page; the client's chart puts it first once it runs) and not Accept-Language, which the
    // client does not read either: a page started in English would turn right to left when its script ran.
    const language = decideLanguage({ stored: getCookie(c, LANG_COOKIE) ?? null });
    const html = page(c.req.path, language);
    if (html === null) return next();
    return cached(pageResponse(html, c.req.header('Accept-Encoding') ?? ''), 'no-cache');
  };
}

/**
 * A page's HTML, compressed when the browser accepts it: a prerendered page carries its markup and Mantine's CSS
 * variables (~25-35 kB raw, ~6 kB compressed), and it differs per path (its sharing tags), so it is compressed per
 * request (well under a millisecond at these settings) rather than at build time.
 */
function pageResponse(html: string, acceptEncoding: string): Response {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=UTF-8', Vary: 'Cookie, Accept-Encoding' });
  if (/\bbr\b/.test(acceptEncoding)) {
    headers.set('Content-Encoding', 'br');
    const body = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return new Response(new Uint8Array(body), { headers });
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    headers.set('Content-Encoding', 'gzip');
    return new Response(new Uint8Array(gzipSync(html, { level: 6 })), { headers });
  }
  return new Response(html, { headers });
}

function cached(res: Response, cacheControl: string): Response {
  res.headers.set('Cache-Control', cacheControl);
  return res;
}

/** A client route: the last path segment has no extension (index.html itself is one too: it is the page). */
function isPageRoute(c: Context): boolean {
  // Hono decodes c.req.path leniently (a malformed escape stays as typed): nothing here can throw.
  return extname(c.req.path) === '' || c.req.path === '/index.html';
}
