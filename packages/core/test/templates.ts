import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDefaultPrices } from '../src/billing/prices.ts';
import { connectDatabase, type Database } from '../src/db/connect.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import {
  cheapDemoPasswords,
  dropPostgresDatabase,
  postgresUrl,
  TEMPLATES_ENV,
  TEST_PASSWORD,
  type TestTemplates,
} from './services.ts';

/**
 * Vitest globalSetup of the database projects (core, bff, worker): migrates and seeds once per run, so a suite copies
 * a database instead of paying the migrations (about 10 s on a busy machine) and the demo seed each time.
 * - PGlite: two dumps of the data folder (migrated; migrated and seeded) that a suite loads into a new in-memory PGlite.
 * - PostgreSQL: two template databases that a suite's `create database … template …` copies.
 * The run's projects share one set: the first setup writes it to the environment (the workers inherit it) and its
 * teardown removes it after the last test.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[TEMPLATES_ENV]) return undefined;
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const folder = mkdtempSync(join(tmpdir(), 'majlis-templates-'));
  const postgres = postgresUrl ? { empty: `majlis_seed_${run}_e`, seeded: `majlis_seed_${run}_s` } : undefined;
  const removePostgres = async () => {
    if (postgres) for (const name of Object.values(postgres)) await dropPostgresDatabase(name);
  };
  try {
    const [pglite] = await Promise.all([pgliteDumps(folder), postgres && postgresTemplates(postgres)]);
    const made: TestTemplates = { pglite, postgres };
    process.env[TEMPLATES_ENV] = JSON.stringify(made);
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    await removePostgres().catch(() => {});
    throw err;
  }
  return async () => {
    delete process.env[TEMPLATES_ENV];
    rmSync(folder, { recursive: true, force: true });
    await removePostgres();
  };
}

async function pgliteDumps(folder: string): Promise<TestTemplates['pglite']> {
  const database = await connectDatabase({});
  const dump = async (name: string) => {
    const tar = await database.dump?.();
    if (!tar) throw new Error('PGlite gave no dump of its data folder');
    const file = join(folder, `${name}.tar`);
    writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
    return file;
  };
  try {
    // the price list, as every start adds it (runtime.ts): db/connect seeds nothing
    await ensureDefaultPrices(database.db);
    const empty = await dump('empty');
    await seedDemo(database.db, TEST_PASSWORD);
    await cheapDemoPasswords(database.db);
    return { empty, seeded: await dump('seeded') };
  } finally {
    await database.close();
  }
}

/** The seeded template is a copy of the migrated one plus the seed; neither keeps a connection (copies need none). */
async function postgresTemplates(names: { empty: string; seeded: string }): Promise<void> {
  const { default: pg } = await import('pg');
  const at = (name: string) => Object.assign(new URL(postgresUrl as string), { pathname: `/${name}` }).toString();
  const using = async (name: string, migrate: boolean, run: (d: Database) => Promise<unknown>) => {
    // PGlite migrates in this same thread meanwhile (WASM, blocking): a transaction may sit idle for long stretches.
    const database = await connectDatabase({
      url: at(name),
      migrate,
      statementTimeoutMs: 300_000,
      idleInTransactionTimeoutMs: 300_000,
    });
    try {
      await run(database);
    } finally {
      await database.close();
    }
  };
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${names.empty}`);
    await using(names.empty, true, (d) => ensureDefaultPrices(d.db));
    await admin.query(`create database ${names.seeded} template ${names.empty}`);
    await using(names.seeded, false, async (d) => {
      await seedDemo(d.db, TEST_PASSWORD);
      await cheapDemoPasswords(d.db);
    });
  } finally {
    await admin.end();
  }
}
