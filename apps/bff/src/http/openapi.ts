import type { Hono } from 'hono';
import { z } from 'zod';
import { routeDocs } from './validate.ts';

const errorSchema = {
  type: 'object',
  required: ['code', 'errorMessage'],
  properties: {
    code: { type: 'string' },
    errorMessage: { $ref: '#/components/schemas/Bilingual' },
    fields: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Bilingual' } },
  },
};

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** OpenAPI 3.1 document built from the mounted routes and the zod schemas their validators hold. */
export function buildOpenApi(app: Hono<any, any, any>) {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const meta = routeDocs.get(route.handler);
    if (!meta) continue;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const method = route.method.toLowerCase();
    const byMethod = paths[path] ?? {};
    paths[path] = byMethod;
    byMethod[method] ??= {
      responses: {
        '200': { description: 'OK' },
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
    const op = byMethod[method];
    if (meta.summary) op.summary = meta.summary;
    if (meta.tags) op.tags = meta.tags;
    if (meta.public) op.security = [];
    if (meta.target === 'json' && meta.schema) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(meta.schema) } } };
    }
    if (meta.target === 'query' && meta.schema) {
      const props = (jsonSchema(meta.schema).properties ?? {}) as Record<string, unknown>;
      op.parameters = [
        ...(op.parameters as unknown[]),
        ...Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema })),
      ];
    }
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
        session: { type: 'apiKey', in: 'cookie', name: 'majlis.sid' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      },
      schemas: {
        Bilingual: {
          type: 'object',
          required: ['ar', 'en'],
          properties: { ar: { type: 'string' }, en: { type: 'string' } },
        },
        Error: errorSchema,
      },
    },
    security: [{ session: [], csrf: [] }],
    paths,
  };
}
