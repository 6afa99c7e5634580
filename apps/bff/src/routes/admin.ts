import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { AppError, jobs, type Runtime, safeEqual } from '@majlis/core';
import { Queue } from 'bullmq';
import { Hono, type MiddlewareHandler } from 'hono';
import { Redis } from 'ioredis';
import type { Env } from '../env.ts';
import { loadSession } from '../http/session.ts';

export const ADMIN_QUEUES_PATH = '/admin/queues';

/** Ops only: a signed-in user with the ops role, or OPS_USER / OPS_PASSWORD basic auth. Others get 401 / 403. */
export const requireOps: MiddlewareHandler<Env> = async (c, next) => {
  const { config } = c.get('runtime');
  if (c.get('actor')?.isOps) return next();
  const header = c.req.header('authorization') ?? '';
  if (config.OPS_USER && config.OPS_PASSWORD && header.startsWith('Basic ')) {
    const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    const okUser = safeEqual(user ?? '', config.OPS_USER);
    const okPassword = safeEqual(rest.join(':'), config.OPS_PASSWORD);
    if (okUser && okPassword) return next();
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
  const serverAdapter = new HonoAdapter(serveStatic);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q, { readOnlyMode: false })), serverAdapter });
  serverAdapter.setBasePath(ADMIN_QUEUES_PATH);
  app.route('/', serverAdapter.registerPlugin() as unknown as Hono<Env>);
  return {
    app,
    close: async () => {
      await Promise.allSettled(queues.map((q) => q.close()));
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
