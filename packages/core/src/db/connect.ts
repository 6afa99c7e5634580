import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tar, for `loadDataDir` (the test template, made once per run). */
  dump?(): Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface ConnectOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string;
  /** PGlite data folder; omitted → in memory. */
  dataDir?: string;
  /** PGlite: start from this dump of a data folder (`dumpDataDir()`), so tests skip migrating and seeding anew. */
  loadDataDir?: Blob;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
  /** Run forward-only migrations (default true). */
  migrate?: boolean;
  /** PostgreSQL: wait at most this long for a connection, new or pooled (default 5 s). */
  connectTimeoutMs?: number;
  /** PostgreSQL statement_timeout (default 15 s); the client itself gives up 5 s after it (a silent network). */
  statementTimeoutMs?: number;
  /** PostgreSQL idle_in_transaction_session_timeout (default 10 s, below the statement timeout: config.ts says why). */
  idleInTransactionTimeoutMs?: number;
}

/**
 * Opens PGlite or PostgreSQL and brings the schema up to date with the same migration files. The rows a start adds
 * (the price list) are the runtime's and the test databases' to add (runtime.ts, test/services.ts): db is the bottom
 * layer and imports no domain.
 */
export async function connectDatabase(opts: ConnectOptions): Promise<Database> {
  const migrate = opts.migrate ?? true;
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const statementTimeout = opts.statementTimeoutMs ?? 15_000;
    // Every wait on PostgreSQL is bounded, so a database that goes away answers 503 in seconds instead of hanging
    // requests: the pool's wait for a connection, the server's own statement and idle-transaction limits, and a
    // client-side read limit a little past the statement one for a network that drops packets without a reset.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 5000,
      idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs ?? 10_000,
      keepAlive: true,
    });
    pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    if (migrate) {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      await run(db as never, { migrationsFolder });
    }
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dir: string | undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    dir = join(opts.dataDir, 'pgdata');
  }
  const client = new PGlite({ dataDir: dir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Db;
  if (migrate) {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as never, { migrationsFolder });
  }
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    dump: async () => client.dumpDataDir('none'),
  };
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
