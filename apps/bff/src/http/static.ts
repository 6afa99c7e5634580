import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { LANG_COOKIE } from '@majlis/contracts/cookies';
import { decideLanguage, type LanguageCode } from '@majlis/machines';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { renderPage } from './page-meta.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
  let template: string | null = null;
  const page = (path: string, language: LanguageCode): string | null => {
    try {
      template ??= readFileSync(join(root, 'index.html'), 'utf8');
    } catch {
      return null;
    }
    return renderPage(template, publicUrl, path, language);
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
    const res = cached(c.html(html), 'no-cache');
    res.headers.set('Vary', 'Cookie');
    return res;
  };
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
