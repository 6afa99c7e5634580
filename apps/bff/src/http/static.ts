import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@majlis/core';
import type { MiddlewareHandler } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built client from `root`; any other GET that accepts HTML gets index.html (SPA fallback for client
 * routes). Hashed files under /assets/ are cached for a year, index.html never.
 */
export function serveClient(root: string): MiddlewareHandler {
  const index = join(root, 'index.html');
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // app.ts refuses malformed URLs first (http/url.ts); this keeps the middleware safe on its own too.
      throw new AppError(400, 'MALFORMED_URL');
    }
    // Node's fs refuses a path holding NUL (statSync throws); no file of ours has one in its name.
    if (path.includes('\0')) return next();
    const file = normalize(join(root, path));
    const inside = file.startsWith(root + sep);
    if (inside && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('/assets/');
      return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
        headers: {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      });
    }
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (wantsHtml && extname(path) === '' && existsSync(index)) {
      return new Response(Readable.toWeb(createReadStream(index)) as ReadableStream, {
        headers: { 'Content-Type': TYPES['.html'] as string, 'Cache-Control': 'no-cache' },
      });
    }
    return next();
  };
}
