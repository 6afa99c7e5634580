import { CSRF_HEADER, SESSION_COOKIE, ZBilingual, ZErrorBody } from '@majlis/contracts';
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { type RouteDoc, routeDocs } from './validate.ts';

/** One documented /api route: its handlers' docs merged (the doc() middleware and each validator). */
export interface DocumentedRoute extends RouteDoc {
  method: string;
  /** Hono's pattern, e.g. /api/meetings/:id. */
  path: string;
  /** The same as an anchored regular expression over a request path (no query string). */
  pattern: RegExp;
  /** Every validator of the route, by target. */
  inputs: { target: NonNullable<RouteDoc['target']>; schema: z.ZodType }[];
}

/** Only the route table is read, so any Hono app fits whatever its env and schema types. */
type RouteTable = { routes: readonly RouterRoute[] };

/** The documented /api routes of an app, in registration order (the order Hono tries them in). */
export function documentedRoutes(app: RouteTable): DocumentedRoute[] {
  const byKey = new Map<string, DocumentedRoute>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const meta = routeDocs.get(route.handler);
    if (!meta) continue;
    const key = `${route.method} ${route.path}`;
    let entry = byKey.get(key);
    if (!entry) {
      const source = route.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
      entry = { method: route.method, path: route.path, pattern: new RegExp(`^${source}$`), inputs: [] };
      byKey.set(key, entry);
    }
    const { target, schema, ...rest } = meta;
    Object.assign(entry, rest);
    if (target && schema) entry.inputs.push({ target, schema });
  }
  return [...byKey.values()];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

/** OpenAPI 3.1 document built from the mounted routes and the contract schemas their middleware carry. */
export function buildOpenApi(app: RouteTable) {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const route of documentedRoutes(app)) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      responses: {
        ...Object.fromEntries(
          (route.statuses ?? [200]).map((status) => [
            String(status),
            route.response
              ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
              : { description: 'OK' },
          ]),
        ),
        '4XX': {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      parameters: [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
    };
    if (route.summary) op.summary = route.summary;
    if (route.tags) op.tags = route.tags;
    if (route.public) op.security = [];
    for (const { target, schema } of route.inputs) {
      if (target === 'json') {
        op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(schema, 'input') } } };
      }
      if (target === 'query') {
        const props = (jsonSchema(schema, 'input').properties ?? {}) as Record<string, unknown>;
        op.parameters = [
          ...(op.parameters as unknown[]),
          ...Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema })),
        ];
      }
    }
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Majlis API',
      version: '1.0.0',
      description: 'Bilingual (Arabic / English) online-meetings platform.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
      },
      schemas: { Bilingual: jsonSchema(ZBilingual, 'output'), Error: jsonSchema(ZErrorBody, 'output') },
    },
    security: [{ session: [], csrf: [] }],
    paths,
  };
}
