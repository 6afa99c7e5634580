import { API_ANSWERS, type ApiAnswer, apiAnswerSchema, apiRouteOf } from '@majlis/contracts/api-answers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiContract } from './contract.ts';

/** A schema as the wire sees it: two schemas that give the same JSON Schema accept the same answers. */
const shapeOf = (schema: z.ZodType | null | undefined) =>
  schema ? z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) : null;

/**
 * contracts/api-answers.ts is what the client's fake BFF holds its answers to: it must say what the routes say, or a
 * client test could again pass on an answer the BFF never sends (issue 27).
 */
describe('the answer table in @majlis/contracts matches the routes', () => {
  const table: Record<string, ApiAnswer> = API_ANSWERS;

  it('names every documented route, in the order Hono tries them', () => {
    expect(Object.keys(table)).toEqual(apiContract.map((r) => `${r.method} ${r.path}`));
  });

  it('gives each route the schema and statuses of its doc(…, { response, statuses })', () => {
    const parted = apiContract
      .map((r) => ({ key: `${r.method} ${r.path}`, route: r, entry: table[`${r.method} ${r.path}`] }))
      .filter(
        ({ route, entry }) =>
          !entry ||
          JSON.stringify(shapeOf(entry.schema)) !== JSON.stringify(shapeOf(route.response)) ||
          JSON.stringify(entry.statuses ?? null) !== JSON.stringify(route.statuses ?? null),
      )
      .map(({ key }) => key);
    expect(parted).toEqual([]);
  });

  it('finds a route as Hono does and picks the error shape for an undeclared failure', () => {
    expect(apiRouteOf('GET', '/api/rooms/types')).toBe('GET /api/rooms/types');
    expect(apiRouteOf('GET', '/api/rooms/0b0e8a2e-8f8a-4a8e-9a53-5a6c3c3f6d10')).toBe('GET /api/rooms/:id');
    expect(apiRouteOf('GET', '/api/nowhere')).toBeUndefined();
    expect(apiAnswerSchema('GET /api/ready', 503)).toBe(API_ANSWERS['GET /api/ready'].schema);
    expect(apiAnswerSchema('GET /api/usertrial', 404)?.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
    expect(apiAnswerSchema('GET /api/meetings/:id/ics', 200)).toBeUndefined();
  });
});
