import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, type TestDatabase, testConfig } from '@majlis/core/testing';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Env } from '../src/env.ts';

/** The CSP as a map directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

/** What every response of ours must carry, whatever produced it. */
function expectSecure(res: Response, what: string) {
  const policy = csp(res);
  expect(policy.get('script-src'), `${what}: script-src`).toEqual(["'self'"]);
  expect(policy.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(policy.get('form-action'), `${what}: form-action`).toEqual(["'self'"]);
  expect(policy.get('base-uri'), `${what}: base-uri`).toEqual(["'none'"]);
  expect(policy.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(policy.get('connect-src'), `${what}: connect-src`).toContain("'self'");
  for (const [name, values] of policy) {
    if (name.startsWith('script')) expect(values, `${what}: ${name}`).not.toContain("'unsafe-inline'");
    expect(values, `${what}: ${name}`).not.toContain("'unsafe-eval'");
  }
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('permissions-policy'), what).toMatch(/camera=\(\).*microphone=\(\)/);
}

describe('secure headers on every response', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  let dist: string;
  const config = testConfig({ PUBLIC_URL: 'http://localhost:3999' });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'majlis-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    database = await createTestDatabase('pglite');
    runtime = await createRuntime(config, { database });
    const admin = new Hono<Env>().get('/', (c) => c.html('<base href="/admin/queues/">'));
    app = createApp(runtime, { clientDist: dist, admin });
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it('API JSON, API errors, malformed URLs, the 404 fallback', async () => {
    const json = await app.request('/api/csrf-token');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/json/);
    expectSecure(json, 'json');
    // socket.io at /event/ is same-origin: ws: of the public URL is named for browsers where 'self' omits it.
    expect(csp(json).get('connect-src')).toEqual(["'self'", 'ws://localhost:3999']);

    const unknown = await app.request('/api/no-such-route');
    expect(unknown.status).toBe(404);
    expectSecure(unknown, 'api 404');

    const refused = await app.request('/api/user/info');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
    expectSecure(refused, 'api 401');

    const malformed = await app.request('/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expectSecure(malformed, 'malformed url');

    const missing = await app.request('/no-such-file.png');
    expect(missing.status).toBe(404);
    expectSecure(missing, 'static 404');
  });

  it('static files and the SPA index.html', async () => {
    const file = await app.request('/assets/app.js');
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('console.log(1)');
    expectSecure(file, 'static file');

    const index = await app.request('/dashboard/calendar', { headers: { accept: 'text/html' } });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expectSecure(index, 'spa index');
    // Not on plain http: a Strict-Transport-Security from http://localhost would pin https on every local port.
    expect(index.headers.get('strict-transport-security')).toBeNull();
  });

  it("/admin/queues keeps the strict policy except base-uri 'self' (bull-board sets <base href>)", async () => {
    const res = await app.request('/admin/queues');
    expect(res.status).toBe(200);
    const policy = csp(res);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('a real server sends the same headers as the app in-process (set on Node’s response there)', async () => {
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const SAME = [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'x-content-type-options',
      'strict-transport-security',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'content-language',
    ];
    try {
      for (const path of [
        '/api/csrf-token',
        '/api/user/info',
        '/api/no-such-route',
        '/%E0%A4%A',
        '/assets/app.js',
        '/admin/queues',
        '/demo/x',
      ]) {
        const [inProcess, overHttp] = [await app.request(path), await fetch(`${base}${path}`)];
        expect(overHttp.status, path).toBe(inProcess.status);
        for (const name of SAME)
          expect(overHttp.headers.get(name), `${path} ${name}`).toBe(inProcess.headers.get(name));
        expect(overHttp.headers.get('x-request-id'), path).toMatch(/^[\w-]+$/);
      }
      expectSecure(await fetch(`${base}/api/csrf-token`), 'over http');
      const echoed = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'trace-42' } });
      expect(echoed.headers.get('x-request-id')).toBe('trace-42');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('Strict-Transport-Security when the public URL is https', async () => {
    const secure = testConfig({ PUBLIC_URL: 'https://majlis.example' });
    const rt = await createRuntime(secure, { database });
    try {
      const res = await createApp(rt).request('/api/csrf-token');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res).get('connect-src')).toEqual(["'self'", 'wss://majlis.example']);
    } finally {
      await rt.close();
      secure.cleanup();
    }
  });
});
