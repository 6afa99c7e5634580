import { zValidator } from '@hono/zod-validator';
import type { Power } from '@majlis/core/auth/powers';
import { notFound } from '@majlis/core/errors';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { fromZodError } from './errors.ts';

type Target = 'json' | 'query' | 'param';

/** What a route tells /api/openapi.json and the API tests' response check (test/contract.ts) about itself. */
export interface RouteDoc {
  summary?: string;
  tags?: string[];
  /** Needs no session (OpenAPI `security: []`). */
  public?: boolean;
  /** The JSON body of its success answer, from @majlis/contracts. */
  response?: z.ZodType;
  /** The power (core/auth/powers.ts) the route requires: the role × route test expects 403/404 without it. */
  power?: Power;
  /** Statuses answered with `response` (default 200); any other 4xx/5xx carries the error shape. */
  statuses?: number[];
  target?: Target;
  schema?: z.ZodType;
}

/**
 * Docs attached to the middleware objects of a route, read back from `app.routes` (which lists every handler of a
 * route) by the OpenAPI generator and the tests. Hono keeps no per-route metadata of its own, and @hono/zod-openapi
 * would mean rewriting every route as createRoute(); a WeakMap keyed by the handler needs neither.
 */
export const routeDocs = new WeakMap<object, RouteDoc>();

/**
 * @hono/zod-validator with the DESIGN §5 failure: the zod issues become a bilingual 400 VALIDATION_FAILED with
 * field messages, thrown to app.onError like every other error (the library's default would answer zod's own JSON).
 */
function validated<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  const mw = zValidator(target, schema, (result) => {
    if (!result.success) throw fromZodError(result.error);
  });
  routeDocs.set(mw, { target, schema });
  return mw;
}

/** The JSON body, by a strict schema (unknown fields → 400); `c.req.valid('json')` is typed. */
export const jsonBody = <S extends z.ZodType>(schema: S) => validated('json', schema);
export const queryOf = <S extends z.ZodType>(schema: S) => validated('query', schema);
export const paramsOf = <S extends z.ZodType>(schema: S) => validated('param', schema);

/** A no-op middleware that carries the route's summary and success answer into /api/openapi.json and the tests. */
export function doc(summary: string, opts: Omit<RouteDoc, 'summary' | 'target' | 'schema'> = {}): MiddlewareHandler {
  const mw: MiddlewareHandler = async (_c, next) => next();
  routeDocs.set(mw, { summary, ...opts });
  return mw;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id: a malformed one is as unknown as a missing one, 404 (never 400 or 500). */
export function idParam(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}
