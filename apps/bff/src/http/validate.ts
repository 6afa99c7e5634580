import { notFound } from '@majlis/core';
import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { fromZodError } from './errors.ts';

/** Schemas attached to the middleware that validates them, read back by the OpenAPI generator. */
export const routeDocs = new WeakMap<
  object,
  { summary?: string; tags?: string[]; target?: 'json' | 'query' | 'param'; schema?: z.ZodType; public?: boolean }
>();

/** Validates the JSON body with a strict zod schema (unknown fields → 400); `c.req.valid('json')` is typed. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  const mw = validator('json', (value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw fromZodError(parsed.error);
    return parsed.data as z.output<S>;
  });
  routeDocs.set(mw, { target: 'json', schema });
  return mw;
}

export function queryOf<S extends z.ZodType>(schema: S) {
  const mw = validator('query', (value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw fromZodError(parsed.error);
    return parsed.data as z.output<S>;
  });
  routeDocs.set(mw, { target: 'query', schema });
  return mw;
}

export function paramsOf<S extends z.ZodType>(schema: S) {
  const mw = validator('param', (value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw fromZodError(parsed.error);
    return parsed.data as z.output<S>;
  });
  routeDocs.set(mw, { target: 'param', schema });
  return mw;
}

/** A no-op middleware that carries the route's summary into /api/openapi.json. */
export function doc(summary: string, opts: { tags?: string[]; public?: boolean } = {}): MiddlewareHandler {
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
