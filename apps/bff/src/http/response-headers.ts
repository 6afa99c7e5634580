import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';

/**
 * Headers that every response of a request carries (the secure headers, X-Request-Id, Content-Language), set the
 * cheap way when the app runs on @hono/node-server: on Node's own response before the handler runs, which
 * `writeHead` merges into whatever the handler answers (its own headers of the same name winning; none of ours sets
 * these). Hono keeps a response's headers in a WHATWG Headers object whose every `set` runs undici's WebIDL checks,
 * and a Headers object at all turns the adapter off its plain-object fast path: with a dozen secure headers, that was
 * about a tenth of a cheap request's CPU (bench:http's profile). Without a Node response (app.request() in tests, any
 * other runtime) the same headers go through Hono.
 */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && !outgoing.headersSent ? outgoing : undefined;
}

/** One header of the response, whatever the handler answers. */
export function responseHeader(c: Context, name: string, value: string): void {
  const outgoing = nodeResponse(c);
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

const REQUEST_ID = 'X-Request-Id';
const REQUEST_ID_MAX = 255;
const REQUEST_ID_UNSAFE = /[^\w\-=]/;

/**
 * hono/request-id's rule, its header set through responseHeader: the caller's X-Request-Id when it is short and
 * plain, else a new UUID; echoed in the response and kept as `c.var.requestId` for the logs.
 */
export const requestId: MiddlewareHandler<Env> = async (c, next) => {
  let id = c.req.header(REQUEST_ID);
  if (!id || id.length > REQUEST_ID_MAX || REQUEST_ID_UNSAFE.test(id)) id = crypto.randomUUID();
  c.set('requestId', id);
  responseHeader(c, REQUEST_ID, id);
  await next();
};
