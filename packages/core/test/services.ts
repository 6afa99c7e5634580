import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await connectDatabase({});
    await ensureDefaultPrices(database.db);
    return { ...database, drop: () => database.close() };
  }
  if (!postgresUrl) throw new Error('REQUIRE_SERVICES=1 but DATABASE_URL is not set');
  const name = `majlis_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await connectDatabase({ url: withDatabase(postgresUrl, name) });
  // the price list, as every start adds it (runtime.ts): db/connect seeds nothing
  await ensureDefaultPrices(database.db);
  return {
    ...database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A fresh PostgreSQL database URL (for BFF processes), and its removal. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('DATABASE_URL is not set');
  const name = `majlis_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(postgresUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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
