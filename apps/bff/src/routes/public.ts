import { ZContactBody, ZContactConfig, ZOk, ZReadiness } from '@majlis/contracts';
import { contactConfig, submitContact } from '@majlis/core/contact/contact';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { RETRY_AFTER_SECONDS } from '../http/errors.ts';
import { doc, jsonBody } from '../http/validate.ts';

export const publicRoutes = new Hono<Env>()
  .get('/config/contact', doc('Support details and social links', { public: true, response: ZContactConfig }), (c) =>
    c.json(contactConfig(c.get('runtime').config)),
  )
  .post(
    '/contact',
    doc('Send a suggestion or complaint to support', { public: true, response: ZOk, statuses: [201] }),
    jsonBody(ZContactBody),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const body = c.req.valid('json');
      // Each message e-mails support: a few per hour per IP and per sender address.
      await limits.consume('contactIp', c.get('ip'));
      await limits.consume('contactEmail', body.email);
      await submitContact(db, config, {
        ...body,
        locale: c.get('locale'),
        userId: c.get('actor')?.userId,
      });
      return c.json({ ok: true }, 201);
    },
  )
  .get('/health', doc('Liveness', { public: true, response: ZOk }), (c) => c.json({ ok: true }))
  /** Readiness: the database answers, and Redis when configured. 503 otherwise. */
  .get(
    '/ready',
    doc('Readiness: database and Redis', { public: true, response: ZReadiness, statuses: [200, 503] }),
    async (c) => {
      const { database, redis } = c.get('runtime');
      const check = async (f: () => Promise<unknown>) => {
        try {
          await Promise.race([f(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
          return 'ok';
        } catch {
          return 'down';
        }
      };
      const checks = {
        database: await check(() => database.ping()),
        redis: redis ? await check(() => redis.ping()) : 'not configured',
      };
      const ok = checks.database === 'ok' && checks.redis !== 'down';
      // Like the 503 of a lost database elsewhere (http/errors.ts): a load balancer or client retries after a while.
      if (!ok) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ ok, driver: database.driver, checks }, ok ? 200 : 503);
    },
  );
