import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { DEMO_PASSWORD } from './constants.ts';

/**
 * The scale-out specs' PostgreSQL databases (e2e/lib/scaleout.ts), apart from the Playwright fixtures so the global
 * teardown can drop the run's template.
 */
interface TestServices {
  dropPostgresDatabase(name: string): Promise<void>;
  dropRedisPrefix(prefix: string): Promise<void>;
}

interface CoreDatabase {
  connectDatabase(opts: { url: string }): Promise<{ db: unknown; close(): Promise<void> }>;
}

// Test-only helpers and the core's own start-up steps, loaded by path (they live outside this project's sources).
const load = <T>(path: string) => import(new URL(path, import.meta.url).href) as Promise<T>;
const services = () => load<TestServices>('../../packages/core/test/services.ts');

/**
 * The run's template of a scale-out database: migrated, the price list in, the demo seeded with DEMO_PASSWORD, as the
 * first BFF of a scale-out used to leave a fresh database. Named after the run (E2E_RUN, set by playwright.config.ts,
 * the same in every worker) and dropped by e2e/global-teardown.ts.
 */
export const scaleOutTemplateName = () => `majlis_e2e_tpl_${process.env.E2E_RUN ?? 'local'}`;

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Makes the run's template once, whichever worker asks first (an advisory lock holds the other until it is made), so a
 * scale-out's database is a copy (`create database … template …`, a second) instead of migrations and the demo seed in
 * its first BFF before the second may start.
 */
async function ensureTemplate(): Promise<string> {
  const name = scaleOutTemplateName();
  await onAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (made.rowCount) return;
      await admin.query(`create database ${name}`);
      try {
        const { connectDatabase } = await load<CoreDatabase>('../../packages/core/src/db/connect.ts');
        const { ensureDefaultPrices } = await load<{ ensureDefaultPrices(db: unknown): Promise<unknown> }>(
          '../../packages/core/src/billing/prices.ts',
        );
        const { seedDemo } = await load<{ seedDemo(db: unknown, password: string): Promise<unknown> }>(
          '../../packages/core/src/demo/seed-demo.ts',
        );
        const database = await connectDatabase({ url: databaseUrl(name) });
        try {
          await ensureDefaultPrices(database.db);
          await seedDemo(database.db, DEMO_PASSWORD);
        } finally {
          await database.close();
        }
      } catch (error) {
        await admin.query(`drop database if exists ${name} with (force)`);
        throw error;
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/** A fresh database for one scale-out: a copy of the run's template. */
export async function createScaleOutDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await ensureTemplate();
  const name = `majlis_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onAdmin((admin) => admin.query(`create database ${name} template ${template}`));
  return { url: databaseUrl(name), drop: async () => (await services()).dropPostgresDatabase(name) };
}

export async function dropRedisPrefix(prefix: string): Promise<void> {
  await (await services()).dropRedisPrefix(prefix);
}

/** The global teardown's: the run's template goes with the run. */
export async function dropScaleOutTemplate(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  await onAdmin((admin) => admin.query(`drop database if exists ${scaleOutTemplateName()} with (force)`));
}
