import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Db } from '@majlis/core/db/connect';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import {
  createTestDatabase,
  type Driver,
  dropRedisPrefix,
  TEST_PASSWORD,
  type TestDatabase,
  type testConfig,
} from '@majlis/core/testing';
import { createApp } from '../src/app.ts';
import { attachRealtime, type Realtime } from '../src/realtime/server.ts';
import { TestClient } from './client.ts';

type TestConfig = ReturnType<typeof testConfig>;

/** Embedded is PGlite, scale-out PostgreSQL (Redis comes with the suite's config); a driver name says the same. */
export type BffMode = 'embedded' | 'scale-out' | Driver;

export interface StartBffOptions {
  mode: BffMode;
  /** The suite's config (it owns it: the harness cleans it up at stop), or one made once the server's URL is known. */
  config: TestConfig | ((url: string) => TestConfig);
  /** Start from the demo (default) or from an empty migrated database. */
  seeded?: boolean;
  /** Attach socket.io (default true). */
  realtime?: boolean;
  /** BFF instances on the one database, each with its own runtime (default 1). */
  instances?: number;
  /** Runs before the first request is served: the place for rows every test expects. */
  prepare?: (db: Db) => Promise<unknown>;
}

export interface TestBff {
  /** The first instance's address. */
  url: string;
  urls: string[];
  runtime: Runtime;
  runtimes: Runtime[];
  /** The first instance's socket.io server, when attached. */
  realtime?: Realtime;
  /** The first instance's app, for `app.request()` beside the real server. */
  app: ReturnType<typeof createApp>;
  db: Db;
  config: TestConfig;
  /** A browser stand-in on an instance (the first by default). */
  client(url?: string): TestClient;
  /** Signs a user in (the demo password by default) and answers its client, user id and own account id. */
  signIn(
    email: string,
    opts?: { password?: string; url?: string },
  ): Promise<{ http: TestClient; userId: string; accountId: string }>;
  /** Closes sockets, servers and runtimes, drops the database and the Redis prefix, removes the config's folder. */
  stop(): Promise<void>;
}

const driverOf = (mode: BffMode): Driver => (mode === 'embedded' || mode === 'pglite' ? 'pglite' : 'postgres');

/**
 * The BFF of a suite, in this process: real HTTP servers on port 0 over one database copied from the run's template
 * (packages/core/test/templates.ts), so a suite pays neither migrations nor the demo seed.
 */
export async function startBff(opts: StartBffOptions): Promise<TestBff> {
  const database: TestDatabase = await createTestDatabase(driverOf(opts.mode), { seeded: opts.seeded ?? true });
  const closers: Array<() => Promise<void>> = [];
  const runtimes: Runtime[] = [];
  const apps: ReturnType<typeof createApp>[] = [];
  const realtimes: Realtime[] = [];
  const urls: string[] = [];
  let config: TestConfig | undefined = typeof opts.config === 'function' ? undefined : opts.config;
  const stop = async () => {
    for (const close of closers) await close();
    await database.drop();
    // only a test's own random prefix (randomRedisPrefix): never keys of a default one
    if (config?.REDIS_URL && config.REDIS_PREFIX.startsWith('majlis-test-')) await dropRedisPrefix(config.REDIS_PREFIX);
    config?.cleanup();
  };
  try {
    if (opts.prepare) await opts.prepare(database.db);
    for (let i = 0; i < (opts.instances ?? 1); i++) {
      // The app needs the runtime, whose config may need the server's address: requests wait for both.
      let app: ReturnType<typeof createApp> | undefined;
      const server = serve({
        fetch: (req) => (app ? app.fetch(req) : new Response('starting', { status: 503 })),
        port: 0,
        hostname: '127.0.0.1',
      }) as Server;
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      let runtime: Runtime | undefined;
      let realtime: Realtime | undefined;
      closers.push(async () => {
        await realtime?.close();
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
        await runtime?.close();
      });
      config ??= (opts.config as (url: string) => TestConfig)(url);
      runtime = await createRuntime(config, { database });
      if (opts.realtime ?? true) {
        realtime = attachRealtime(runtime, server);
        realtimes.push(realtime);
      }
      app = createApp(runtime);
      runtimes.push(runtime);
      apps.push(app);
      urls.push(url);
    }
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  const first = urls[0] as string;
  const client = (url = first) => new TestClient((u, init) => fetch(u, init), url);
  return {
    url: first,
    urls,
    runtime: runtimes[0] as Runtime,
    runtimes,
    realtime: realtimes[0],
    app: apps[0] as ReturnType<typeof createApp>,
    db: database.db,
    config: config as TestConfig,
    client,
    async signIn(email, { password = TEST_PASSWORD, url = first } = {}) {
      const http = client(url);
      const res = await http.login(email, password);
      if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.text}`);
      return { http, userId: res.json.user.id as string, accountId: res.json.user.ownerId as string };
    },
    stop,
  };
}
