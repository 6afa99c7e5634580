import { AppError } from '@majlis/core/errors';
import type { MiddlewareHandler } from 'hono';

/** A `%` not followed by two hex digits, or escapes that do not decode to UTF-8 (`%E0%A4%A`, `%FF`). */
function decodes(part: string): boolean {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

/**
 * Malformed percent-encoding in the path or the query string is refused up front with 400 and the error shape.
 * Hono decodes leniently (a bad escape stays as typed), but other code decodes strictly and throws
 * (static.ts, URLSearchParams users), and a request that cannot be read as typed is not worth routing.
 * Only URLs holding a `%` are looked at, so the common request pays one indexOf.
 */
export const rejectMalformedUrl: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  if (url.includes('%')) {
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const rest = start < 0 ? '' : url.slice(start);
    const hash = rest.indexOf('#');
    const target = hash < 0 ? rest : rest.slice(0, hash);
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const query = q < 0 ? '' : target.slice(q + 1);
    if (!decodes(path) || !query.split(/[&=]/).every(decodes)) throw new AppError(400, 'MALFORMED_URL');
  }
  await next();
};

/**
 * A request path as a log line may carry it: the secret part of a link (an invitation's token, any other long random
 * segment) is replaced with `…`, so the log never holds a working link. Ids (uuids, 36 characters) stay.
 */
export function loggablePath(path: string): string {
  return path
    .replace(/(\/account-invitations\/)[^/?#]+/, '$1…')
    .split('/')
    .map((part) => (part.length >= 40 && /^[\w%-]+$/.test(part) ? '…' : part))
    .join('/');
}
