import { Redis } from 'ioredis';
import { ensureDefaultPrices } from './billing/prices.ts';
import type { ChatPresence } from './chat/away.ts';
import { stopAwayNotifications } from './chat/notify-unread.ts';
import type { Config } from './config.ts';
import { connectDatabase, type Database, type Db } from './db/connect.ts';
import { createMemoryBus, createRedisBus, type EventBus } from './events/bus.ts';
import { createRateLimits, type RateLimits } from './rate-limit.ts';

/** Adapters chosen once, at start-up, from configuration: embedded (PGlite, memory) or scale-out (PostgreSQL, Redis). */
export interface Runtime {
  config: Config;
  database: Database;
  db: Db;
  bus: EventBus;
  /** Present in scale-out; commands fail fast while Redis is away (no offline queue). */
  redis?: Redis;
  limits: RateLimits;
  /** Who is in the chat, set by the process's socket server (the BFF's realtime layer); without it, all are away. */
  chatPresence?: ChatPresence;
  /** TXT look-ups for domain proofs (issue 30): node:dns unless a test hands in its own. */
  resolveTxt?: (name: string) => Promise<string[][]>;
  close(): Promise<void>;
}

/**
 * The configured database, migrated, with the price list's missing rows added: the start-up's to seed, not db/connect's
 * (db is the bottom layer and imports no domain). A database handed in comes from test/services.ts, which adds them.
 */
async function openDatabase(config: Config): Promise<Database> {
  const database = await connectDatabase({
    url: config.DATABASE_URL,
    dataDir: config.embedded ? config.dataDir : undefined,
    poolMax: config.DATABASE_POOL_MAX,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_TX_TIMEOUT_MS,
  });
  await ensureDefaultPrices(database.db);
  return database;
}

export async function createRuntime(config: Config, opts: { database?: Database } = {}): Promise<Runtime> {
  const database = opts.database ?? (await openDatabase(config));
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  if (redis) {
    redis.on('error', () => {});
    await redis.connect().catch(() => {});
  }
  const bus = config.REDIS_URL ? createRedisBus(config.REDIS_URL, `${config.REDIS_PREFIX}bus:`) : createMemoryBus();
  const runtime: Runtime = {
    config,
    database,
    db: database.db,
    bus,
    redis,
    limits: createRateLimits(config, redis),
    async close() {
      await stopAwayNotifications(runtime);
      await bus.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
      if (!opts.database) await database.close();
    },
  };
  return runtime;
}
