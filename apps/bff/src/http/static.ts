import { extname } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client from `root` with Hono's node serveStatic (MIME types, HEAD, ranges, and its own refusal of
 * `..`, `//`, backslashes and percent-escapes in the path: a malformed escape such as `/%E0%A4%A` is "not found",
 * never a throw). Any other GET that accepts HTML and names no file extension gets index.html (the SPA fallback for
 * client routes). Hashed files under /assets/ are cached for a year, everything else (index.html above all) is
 * revalidated. The secure headers and CSP are added afterwards by securityHeaders(), as on every response.
 */
export function serveClient(root: string): MiddlewareHandler {
  // Without onFound: a header set there misses the Response serveStatic has already built (Hono 4.13), so the
  // Cache-Control is put on the returned Response instead.
  const files = serveStatic({ root });
  const index = serveStatic({ root, path: 'index.html' });
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Only a missing file reaches the inner `next`; the SPA fallback decides before the rest of the app does.
    let missing = false;
    const served = await files(c, async () => {
      missing = true;
    });
    if (!missing && served) return cached(served, c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    if (!wantsPage(c)) return next();
    let noIndex = false;
    const page = await index(c, async () => {
      noIndex = true;
    });
    return noIndex || !page ? next() : cached(page, 'no-cache');
  };
}

function cached(res: Response, cacheControl: string): Response {
  res.headers.set('Cache-Control', cacheControl);
  return res;
}

/** A browser navigating to a client route: it accepts HTML and the last path segment has no extension. */
function wantsPage(c: Context): boolean {
  if (!(c.req.header('accept') ?? '').includes('text/html')) return false;
  // Hono decodes c.req.path leniently (a malformed escape stays as typed): nothing here can throw.
  return extname(c.req.path) === '';
}
