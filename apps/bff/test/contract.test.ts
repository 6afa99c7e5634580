import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/app.ts';
import { buildOpenApi } from '../src/http/openapi.ts';
import { apiContract, checkAnswer, routeOf } from './contract.ts';

const ROOM = '0b0e8a2e-8f8a-4a8e-9a53-5a6c3c3f6d10';
const JSON_TYPE = 'application/json; charset=UTF-8';
const room = {
  id: ROOM,
  name: 'Room',
  nameKey: null,
  type: 'jitsi',
  participants: 10,
  storageBytes: 0,
  usedBytes: 0,
  status: 'active',
  meetingsCount: 0,
  assignedUser: null,
  subscription: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const notFound = { code: 'NOT_FOUND', errorMessage: { ar: 'غير موجود', en: 'Not found' } };

/** Routes that answer without a JSON body of their own: BBB's plain-text callbacks, the .ics file, pictures, exports. */
const WITHOUT_RESPONSE_SCHEMA = new Set([
  'GET /api/webhooks/bbb/end',
  'POST /api/webhooks/bbb/recording-ready',
  'GET /api/meetings/:id/ics',
  'GET /api/calendar/feed/:userId/:file',
  'GET /api/users/:id/picture',
  'GET /api/reports/meetings/export',
  'GET /api/reports/meetings/:id/attendance/export',
  'GET /api/reports/rooms/export',
  'GET /api/reports/users/export',
  'GET /api/billing/invoices/:id/pdf',
  // the browser's return from Paymob: a 303 to the order's payment page
  'GET /api/billing/paymob/return',
  // sign-in through an institution's provider: 302s to the provider, and back to the dashboard or /login
  'GET /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
]);

describe('the API test client holds answers to the contract', () => {
  it('passes an answer that fits and fails one that does not', () => {
    expect(() => checkAnswer('GET', `/api/rooms/${ROOM}`, 200, JSON_TYPE, room)).not.toThrow();
    expect(() => checkAnswer('GET', `/api/rooms/${ROOM}`, 200, JSON_TYPE, { ...room, participants: '10' })).toThrow(
      /GET \/api\/rooms\/:id/,
    );
    // A field the contract does not name (a leaked column) fails too: views are strict.
    expect(() => checkAnswer('GET', `/api/rooms/${ROOM}`, 200, JSON_TYPE, { ...room, passwordHash: 'x' })).toThrow();
    // Registration order decides, as in Hono: /rooms/types is not taken for a room id.
    expect(routeOf('GET', '/api/rooms/types')?.path).toBe('/api/rooms/types');
    expect(() => checkAnswer('GET', '/api/rooms/types', 200, JSON_TYPE, room)).toThrow(/rooms\/types/);
  });

  it('holds every error answer to the error shape, and a declared non-2xx status to the route schema', () => {
    expect(() => checkAnswer('GET', `/api/rooms/${ROOM}`, 404, JSON_TYPE, notFound)).not.toThrow();
    expect(() => checkAnswer('GET', '/api/nowhere', 404, JSON_TYPE, { error: 'Not found' })).toThrow(/error shape/);
    expect(() => checkAnswer('POST', '/api/login', 401, JSON_TYPE, { ...notFound, code: 'NOPE' })).toThrow();
    const down = { ok: false, driver: 'postgres', checks: { database: 'down', redis: 'not configured' } };
    expect(() => checkAnswer('GET', '/api/ready', 503, JSON_TYPE, down)).not.toThrow();
    expect(() => checkAnswer('GET', '/api/ready', 503, JSON_TYPE, notFound)).toThrow(/api\/ready/);
  });

  it('leaves non-JSON answers and paths outside /api alone', () => {
    expect(() => checkAnswer('GET', `/api/meetings/${ROOM}/ics`, 200, 'text/calendar', undefined)).not.toThrow();
    expect(() => checkAnswer('GET', '/dev/outbox', 200, JSON_TYPE, [{ any: 'thing' }])).not.toThrow();
  });
});

describe('the contract of every /api route', () => {
  it('every route declares the schema of its answer', () => {
    const missing = apiContract
      .filter((r) => !r.response)
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !WITHOUT_RESPONSE_SCHEMA.has(key));
    expect(missing).toEqual([]);
  });

  it('/api/openapi.json carries the response schemas', () => {
    const doc = buildOpenApi(new Hono().route('/api', apiRoutes));
    const answer = (schema: object) => ({ content: { 'application/json': { schema } } });
    expect(doc.paths['/api/rooms']?.get).toMatchObject({ responses: { '200': answer({ required: ['rooms'] }) } });
    expect(doc.paths['/api/meetings']?.post).toMatchObject({
      responses: { '201': answer({ properties: { nextOccurrence: expect.anything() } }) },
      requestBody: expect.anything(),
    });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['code', 'errorMessage'] });
  });
});
