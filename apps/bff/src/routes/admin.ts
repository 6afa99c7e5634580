import { createHash, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { safeEqual } from '@majlis/core/auth/sessions';
import { AppError } from '@majlis/core/errors';
import { jobs } from '@majlis/core/jobs/index';
import type { Runtime } from '@majlis/core/runtime';
import { Queue } from 'bullmq';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { Redis } from 'ioredis';
import type { Env } from '../env.ts';
import { loadSession } from '../http/session.ts';

export const ADMIN_QUEUES_PATH = '/admin/queues';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Compares in time that depends on neither value, their lengths included (both are hashed to 32 bytes first). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether the request carries valid OPS_USER / OPS_PASSWORD basic credentials. Each try takes one of the IP's
 * opsBasicIp allowance up front (parallel guesses cannot overshoot) and a right one gives it back: only wrong
 * guesses use it up, and once it is used up every try from that IP, right or wrong, is a 429 with Retry-After.
 */
async function basicOps(c: Context<Env>): Promise<boolean> {
  const { config, limits } = c.get('runtime');
  const header = c.req.header('authorization') ?? '';
  if (!config.OPS_USER || !config.OPS_PASSWORD || !/^basic /i.test(header)) return false;
  const ip = c.get('ip');
  await limits.consume('opsBasicIp', ip);
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  const okUser = sameSecret(user ?? '', config.OPS_USER);
  const okPassword = sameSecret(rest.join(':'), config.OPS_PASSWORD);
  if (okUser && okPassword) await limits.refund('opsBasicIp', ip);
  return okUser && okPassword;
}

/**
 * Ops only: a signed-in user with the ops role, or OPS_USER / OPS_PASSWORD basic auth. Others get 401 / 403.
 *
 * Changing jobs (retry, clean, promote, pause …) needs the ops session, its CSRF token (X-CSRF-Token, or the
 * X-XSRF-TOKEN that bull-board's axios copies from the XSRF-TOKEN cookie) and an Origin of ours. Basic auth is
 * read-only: a browser re-sends cached basic credentials on any site's form POST, and nothing in that request can
 * tell it from the operator's own.
 */
export const requireOps: MiddlewareHandler<Env> = async (c, next) => {
  const { config } = c.get('runtime');
  const safe = SAFE_METHODS.has(c.req.method);
  if (c.get('actor')?.isOps) {
    if (!safe) {
      const origin = c.req.header('origin');
      if (!origin || !config.allowedOrigins.includes(origin)) throw new AppError(403, 'FORBIDDEN');
      const token = c.req.header('x-csrf-token') ?? c.req.header('x-xsrf-token');
      const expected = c.get('session')?.csrfToken;
      if (!token || !expected || !safeEqual(token, expected)) throw new AppError(403, 'CSRF_INVALID');
    }
    return next();
  }
  if (await basicOps(c)) {
    if (!safe) throw new AppError(403, 'QUEUES_READ_ONLY');
    return next();
  }
  if (c.get('actor')) throw new AppError(403, 'FORBIDDEN');
  if (config.OPS_USER) c.header('WWW-Authenticate', 'Basic realm="Majlis ops", charset="UTF-8"');
  throw new AppError(401, 'UNAUTHENTICATED');
};

/**
 * bull-board over the queues the worker consumes (scale-out). In the embedded default the jobs run in-process on
 * timers and there are no queues to show: the page says so.
 */
export function adminRoutes(runtime: Runtime) {
  const app = new Hono<Env>().use(loadSession).use(requireOps);
  const { config } = runtime;
  if (!config.REDIS_URL) {
    app.all('*', () => {
      throw new AppError(404, 'QUEUES_EMBEDDED');
    });
    return { app, close: async () => {} };
  }
  const connection = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  connection.on('error', () => {});
  const prefix = `${config.REDIS_PREFIX}bull`;
  const queues = [...new Set(jobs.map((j) => j.queue))].map((name) => new Queue(name, { connection, prefix }));
  // Two boards over the same queues: the ops session gets the full one, basic auth the read-only one (no buttons
  // for what requireOps would refuse anyway). bull-board fixes readOnlyMode per queue adapter, not per request.
  const board = (readOnlyMode: boolean) => {
    const serverAdapter = new HonoAdapter(serveStatic);
    createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q, { readOnlyMode })), serverAdapter });
    serverAdapter.setBasePath(ADMIN_QUEUES_PATH);
    return new Hono().route(ADMIN_QUEUES_PATH, serverAdapter.registerPlugin());
  };
  const full = board(false);
  const readOnly = board(true);
  app.all('*', (c) => (c.get('actor')?.isOps ? full : readOnly).fetch(c.req.raw));
  return {
    app,
    close: async () => {
      await Promise.allSettled(queues.map((q) => q.close()));
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
