/**
 * The database a bench's servers get: seeded once, then a fresh copy per server, so the rows one server's POSTs add
 * never favour or burden the next. PGlite (no DATABASE_URL): a copy of the snapshot folder. PostgreSQL: CREATE
 * DATABASE … TEMPLATE the seeded one. Everything is dropped afterwards.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchDatabase {
  label: string;
  onPostgres: boolean;
  /** Environment of the seed / sign-in phase (the base that copies are made from). */
  baseEnv: Record<string, string>;
  /** A fresh copy named `name` (no process may be connected to the base meanwhile): environment overrides. */
  fresh(name: string): Promise<Record<string, string>>;
  release(name: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** `root` is the bench's temporary folder (PGlite data lives there); DATABASE_URL picks PostgreSQL. */
export async function benchDatabase(root: string, adminUrl = process.env.DATABASE_URL): Promise<BenchDatabase> {
  if (!adminUrl) {
    const base = join(root, 'base');
    const copy = (name: string) => join(root, `data-${name}`);
    return {
      label: `PGlite (embedded, inside each server process), temporary folder ${root}`,
      onPostgres: false,
      baseEnv: { DATA_DIR: base, DATABASE_URL: '' },
      fresh: async (name) => {
        rmSync(copy(name), { recursive: true, force: true });
        cpSync(base, copy(name), { recursive: true });
        return { DATA_DIR: copy(name), DATABASE_URL: '' };
      },
      release: async (name) => rmSync(copy(name), { recursive: true, force: true }),
      cleanup: async () => {},
    };
  }
  // Only in PostgreSQL mode: the helper reads DATABASE_URL when it loads.
  const { createPostgresDatabase } = await import('@majlis/core/testing');
  const { default: pg } = await import('pg');
  const base = await createPostgresDatabase();
  const baseName = new URL(base.url).pathname.slice(1);
  const nameOf = (name: string) => `${baseName}_${name.replace(/\W/g, '_')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const made = new Set<string>();
  const release = async (name: string) => {
    if (made.delete(name)) await admin(`drop database if exists ${nameOf(name)} with (force)`);
  };
  return {
    label: `PostgreSQL (DATABASE_URL set) on ${new URL(base.url).host}: temporary database ${baseName}, one copy per server, all dropped afterwards`,
    onPostgres: true,
    baseEnv: { DATABASE_URL: base.url },
    fresh: async (name) => {
      await admin(`create database ${nameOf(name)} template ${baseName}`);
      made.add(name);
      const url = new URL(base.url);
      url.pathname = `/${nameOf(name)}`;
      return { DATABASE_URL: url.toString() };
    },
    release,
    cleanup: async () => {
      for (const name of [...made]) await release(name);
      await base.drop();
    },
  };
}
