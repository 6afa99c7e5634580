import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensureDefaultPrices } from '../src/billing/prices.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { connectDatabase, type Database } from '../src/db/connect.ts';

/**
 * Test services: each run gets its own PostgreSQL database and Redis key prefix, removed afterwards.
 * Without DATABASE_URL / REDIS_URL the suites that need them skip with a message; with REQUIRE_SERVICES=1 they fail.
 */
export const requireServices = process.env.REQUIRE_SERVICES === '1';
export const postgresUrl = process.env.DATABASE_URL;
export const redisUrl = process.env.REDIS_URL;

export function serviceMissing(what: 'DATABASE_URL' | 'REDIS_URL'): string | null {
  if (process.env[what]) return null;
  if (requireServices) throw new Error(`REQUIRE_SERVICES=1 but ${what} is not set`);
  return `skipped: ${what} is not set (set it, or run bash .ci/run)`;
}

export type Driver = 'pglite' | 'postgres';
export const drivers: Driver[] = postgresUrl || requireServices ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresUrl && !requireServices) {
  console.warn('[test] DATABASE_URL is not set: the PostgreSQL half of the database suites is skipped');
}

export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

/** The password of every demo user in a seeded test database. */
export const TEST_PASSWORD = 'Demo-password-1';

/**
 * The seeded test databases' demo users get their password hashed at argon2id's lowest cost (m = 1 MiB, t = 1)
 * instead of the product's OWASP cost (m = 19 MiB, t = 2: ~36 ms of CPU per check). A sign-in verifies with the
 * parameters its stored hash names, so each of the suites' many demo sign-ins takes about a millisecond, through the
 * same login code; hashes the product makes itself (registration, reset, a new user) keep the product's cost.
 */
export async function cheapDemoPasswords(db: Database['db']): Promise<void> {
  const { hash } = await import('@node-rs/argon2');
  const cheap = await hash(TEST_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  await db.execute(sql`update users set password_hash = ${cheap}`);
}

/**
 * What test/templates.ts (the vitest globalSetup of core, bff and worker) made once for the run: PGlite data folders
 * as tar files and PostgreSQL template databases, each migrated, one of each also seeded with the demo.
 */
export interface TestTemplates {
  pglite: { empty: string; seeded: string };
  postgres?: { empty: string; seeded: string };
}
export const TEMPLATES_ENV = 'MAJLIS_TEST_TEMPLATES';

function templates(): TestTemplates | undefined {
  const json = process.env[TEMPLATES_ENV];
  return json ? (JSON.parse(json) as TestTemplates) : undefined;
}

export interface TestDatabaseOptions {
  /** Start from the demo (seedDemo with TEST_PASSWORD) instead of an empty, migrated database. */
  seeded?: boolean;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await onAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
}

/** Makes a new PostgreSQL database: a copy of the run's template when there is one (no migrations to run). */
async function newPostgresDatabase(seeded: boolean): Promise<{ name: string; fromTemplate: boolean }> {
  const name = `majlis_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = templates()?.postgres?.[seeded ? 'seeded' : 'empty'];
  await onAdmin((c) => c.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  return { name, fromTemplate: Boolean(template) };
}

/**
 * Without a template (outside vitest), a new database is migrated here: it gets the price list, as every start adds
 * it (runtime.ts; db/connect seeds nothing), and the demo when asked. A template's copy has both already.
 */
async function prepareUnlessCopied(database: Database, fromTemplate: boolean, opts: TestDatabaseOptions) {
  if (fromTemplate) return;
  await ensureDefaultPrices(database.db);
  if (!opts.seeded) return;
  const { seedDemo } = await import('../src/demo/seed-demo.ts');
  await seedDemo(database.db, TEST_PASSWORD);
  await cheapDemoPasswords(database.db);
}

export async function createTestDatabase(driver: Driver, opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const tar = templates()?.pglite[opts.seeded ? 'seeded' : 'empty'];
    const database = tar
      ? await connectDatabase({ loadDataDir: new Blob([readFileSync(tar)]), migrate: false })
      : await connectDatabase({});
    await prepareUnlessCopied(database, Boolean(tar), opts);
    return { ...database, drop: () => database.close() };
  }
  if (!postgresUrl) throw new Error('REQUIRE_SERVICES=1 but DATABASE_URL is not set');
  const { name, fromTemplate } = await newPostgresDatabase(opts.seeded ?? false);
  const database = await connectDatabase({ url: withDatabase(postgresUrl, name), migrate: !fromTemplate });
  await prepareUnlessCopied(database, fromTemplate, opts);
  return {
    ...database,
    async drop() {
      await database.close();
      await dropPostgresDatabase(name);
    },
  };
}

/**
 * A fresh PostgreSQL database URL (for BFF processes), and its removal. A copy of the run's migrated template (or the
 * seeded one); without templates it is empty (the BFF migrates at start), or migrated and seeded here when asked.
 */
export async function createPostgresDatabase(
  opts: TestDatabaseOptions = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('DATABASE_URL is not set');
  const { name, fromTemplate } = await newPostgresDatabase(opts.seeded ?? false);
  const url = withDatabase(postgresUrl, name);
  if (!fromTemplate && opts.seeded) {
    const database = await connectDatabase({ url });
    await prepareUnlessCopied(database, false, opts).finally(() => database.close());
  }
  return { url, drop: () => dropPostgresDatabase(name) };
}

export function randomRedisPrefix(): string {
  return `majlis-test-${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under a test prefix. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  await redis.quit();
}

/** A config for tests: a temporary data folder, an optional Redis prefix, anything else overridable. */
export function testConfig(env: Record<string, string | undefined> = {}): Config & { cleanup(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'majlis-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    ...env,
  });
  return { ...config, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
export { startWorker } from './start-worker.ts';
