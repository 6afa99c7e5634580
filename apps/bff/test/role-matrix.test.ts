import { randomUUID } from 'node:crypto';
import type { AccountKind, Role } from '@majlis/core/auth/actor';
import { hasPower, type Power, requirePower } from '@majlis/core/auth/powers';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, type TestDatabase, testConfig } from '@majlis/core/testing';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../src/app.ts';
import type { Env } from '../src/env.ts';
import { renderError, toAppError } from '../src/http/errors.ts';
import { type DocumentedRoute, documentedRoutes } from '../src/http/openapi.ts';
import { loadSession, requireActor } from '../src/http/session.ts';
import { doc } from '../src/http/validate.ts';
import { TestClient } from './client.ts';
import { apiContract } from './contract.ts';

/**
 * Roles × routes (issue 11, DESIGN §8): every documented route that declares the power it needs (`doc(…, { power })`)
 * is called by each role with a plausible request. A role without the power gets 403 or 404, never anything else; a
 * role with it never gets 403. Routes are read from the route tree, so a route added later is in the matrix the day
 * it lands. The last test runs the same matrix over a route that declares a power and does not check it: it is red.
 */
const PASSWORD = 'Demo-password-1';

interface Player {
  name: string;
  kind: AccountKind;
  role: Role;
  client: TestClient;
}

/** A value for each field name a rule needs more than its JSON Schema says (a phone number, a strong password). */
const NAMED: Record<string, () => unknown> = {
  phone: () => '+201001234567',
  password: () => 'Quite-another-passphrase-77',
  email: () => `matrix-${randomUUID().slice(0, 8)}@example.test`,
  country: () => 'EG',
  timeZone: () => 'Africa/Cairo',
  locale: () => 'ar',
};

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** A plausible value for a JSON Schema (the request schema the route validates with), for the matrix's requests. */
function sample(s: JsonSchema, name = ''): unknown {
  if (NAMED[name]) return NAMED[name]();
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const first = (s[key] as JsonSchema[] | undefined)?.find((x) => x.type !== 'null');
    if (first) return sample(first, name);
  }
  switch (s.type) {
    case 'object': {
      const props = s.properties ?? {};
      const wanted = Object.keys(props).filter((k) => s.required?.includes(k) || NAMED[k]);
      return Object.fromEntries(wanted.map((k) => [k, sample(props[k] as JsonSchema, k)]));
    }
    case 'array':
      return Array.from({ length: Number(s.minItems ?? 0) }, () => sample((s.items ?? {}) as JsonSchema));
    case 'integer':
    case 'number':
      return Number(s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return NAMED.email?.();
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      return 'Matrix sample'.padEnd(Number(s.minLength ?? 0), 'x');
    default:
      return null;
  }
}

function jsonBodyOf(route: DocumentedRoute): unknown {
  const input = route.inputs.find((i) => i.target === 'json');
  if (!input) return undefined;
  return sample(z.toJSONSchema(input.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** The request path: each `:param` an id of the given kind (the acting account's own, or a random one). */
function pathOf(route: DocumentedRoute, ids: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_, param: string) => {
    const section = param === 'id' ? (route.path.split('/')[2] ?? '') : param.replace(/Id$/, 's');
    return ids[section] ?? randomUUID();
  });
}

interface Violation {
  route: string;
  player: string;
  status: number;
  code?: string;
}

/**
 * Calls each route as each player. Without the power, ids are real ones of the demo institution (so a route that
 * forgot its check would act, not 404); with it, ids are random (nothing real is changed by the matrix itself).
 */
async function matrix(routes: DocumentedRoute[], players: Player[], realIds: Record<string, string>) {
  const violations: Violation[] = [];
  let calls = 0;
  for (const route of routes) {
    const power = route.power as Power;
    for (const p of players) {
      const allowed = hasPower(p, power);
      const path = pathOf(route, allowed ? {} : realIds);
      const res = await p.client.request(route.method, path, { body: jsonBodyOf(route) });
      calls++;
      const bad = allowed ? res.status === 403 || res.status === 401 : ![403, 404].includes(res.status);
      if (bad)
        violations.push({
          route: `${route.method} ${route.path}`,
          player: p.name,
          status: res.status,
          code: res.json?.code,
        });
    }
  }
  return { violations, calls };
}

describe('role × route matrix', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1' });
  let players: Player[];
  const realIds: Record<string, string> = {};

  async function signIn(email: string, fetcher = (url: string, init?: RequestInit) => app.request(url, init)) {
    const c = new TestClient(fetcher);
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
    players = [
      { name: 'inst owner', kind: 'inst', role: 'owner', client: await signIn(DEMO_EMAILS.owner) },
      { name: 'inst admin', kind: 'inst', role: 'admin', client: await signIn(DEMO_EMAILS.admin) },
      { name: 'inst member', kind: 'inst', role: 'member', client: await signIn(DEMO_EMAILS.member) },
      { name: 'indv owner', kind: 'indv', role: 'owner', client: await signIn(DEMO_EMAILS.solo) },
    ];
    const [team] = await runtime.db.select().from(schema.teams).where(eq(schema.teams.name, 'فريق التصميم'));
    const [admin] = await runtime.db.select().from(schema.users).where(eq(schema.users.email, DEMO_EMAILS.admin));
    const [room] = await runtime.db
      .select()
      .from(schema.rooms)
      .where(eq(schema.rooms.accountId, team?.accountId as string));
    Object.assign(realIds, { teams: team?.id, users: admin?.id });
    if (room) realIds.rooms = room.id;
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  it('every route that declares a power: 403 or 404 without it, never 403 with it', async () => {
    const routes = apiContract.filter((r) => r.power);
    // Teams (and, as they land, users and the institution's details) declare theirs; an empty list would test nothing.
    expect(routes.length).toBeGreaterThan(3);
    const { violations, calls } = await matrix(routes, players, realIds);
    expect(violations).toEqual([]);
    expect(calls).toBe(routes.length * players.length);
    // Every player is still signed in: no route of the matrix ended a session by the way.
    for (const p of players) expect((await p.client.get('/api/account/type')).status).toBe(200);
  });

  it('every route under /api/ops answers 404 to every role but the operator', async () => {
    const routes = apiContract.filter((r) => r.path.startsWith('/api/ops/'));
    expect(routes.length).toBeGreaterThanOrEqual(2);
    for (const route of routes) {
      for (const p of players) {
        const res = await p.client.request(route.method, pathOf(route, realIds), { body: jsonBodyOf(route) });
        expect(res.status, `${route.method} ${route.path} as ${p.name}`).toBe(404);
      }
    }
  });

  it('is red for a route that declares a power without checking it (and green for one that checks)', async () => {
    const probes = new Hono<Env>()
      .get('/api/probe/forgot', doc('declares, never checks', { power: 'manageUsers' }), (c) => {
        requireActor(c);
        return c.json({ ok: true });
      })
      .get('/api/probe/checks', doc('declares and checks', { power: 'manageUsers' }), (c) => {
        requirePower(requireActor(c), 'manageUsers');
        return c.json({ ok: true });
      });
    const probeApp = new Hono<Env>()
      .use(async (c, next) => {
        c.set('runtime', runtime);
        await next();
      })
      .use(loadSession)
      .route('/', probes);
    probeApp.onError((err, c) => renderError(c, toAppError(err)));
    const probePlayers = players.map((p) => {
      const client = new TestClient((url, init) => probeApp.request(url, init));
      for (const [k, v] of p.client.jar) client.jar.set(k, v);
      return { ...p, client };
    });
    const { violations } = await matrix(documentedRoutes(probeApp), probePlayers, realIds);
    expect(violations).toEqual([
      { route: 'GET /api/probe/forgot', player: 'inst member', status: 200, code: undefined },
      { route: 'GET /api/probe/forgot', player: 'indv owner', status: 200, code: undefined },
    ]);
  });
});
