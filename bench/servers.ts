/**
 * One benchmark server per process: `node --import tsx bench/servers.ts hono|express|fastify`.
 * Configuration comes from the environment (PORT, HOST, DATA_DIR or DATABASE_URL, SESSION_SECRET, ...), as for the BFF.
 * Prints one JSON line `{"ready":port,"driver":...}` once listening; SIGTERM closes the server and the database.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from '@majlis/bff/app';
import { createRuntime, loadConfigOrExit, type Runtime } from '@majlis/core';
import express, { type NextFunction, type Request, type Response } from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type Auth,
  checkCsrf,
  checkJsonType,
  contact,
  health,
  loadAuth,
  MAX_BODY_BYTES,
  renderFailure,
  SECURE_HEADERS,
  userInfo,
} from './shared.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

type Framework = 'hono' | 'express' | 'fastify';

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function startHono(runtime: Runtime, port: number, host: string): Promise<() => Promise<void>> {
  const app = createApp(runtime);
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(s as Server)) as Server;
  });
  return () => closeServer(server);
}

async function startExpress(runtime: Runtime, port: number, host: string): Promise<() => Promise<void>> {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // Hono computes no ETag either
  const auth = (res: Response) => res.locals.auth as Auth;
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.set(SECURE_HEADERS);
    loadAuth(runtime, {
      cookie: req.headers.cookie,
      acceptLanguage: req.headers['accept-language'],
      forwardedFor: one(req.headers['x-forwarded-for']),
      remoteAddress: req.socket.remoteAddress,
    }).then((a) => {
      res.locals.auth = a;
      if (a.setCookies.length) res.append('set-cookie', a.setCookies);
      next();
    }, next);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    checkCsrf(req.method, auth(res), one(req.headers['x-csrf-token']) ?? one(req.headers['x-xsrf-token']));
    checkJsonType(
      req.method,
      req.headers['content-length'],
      one(req.headers['transfer-encoding']),
      req.headers['content-type'],
    );
    next();
  });
  app.use(express.json({ limit: MAX_BODY_BYTES, type: ['application/json', 'application/*+json'] }));
  app.get('/api/user/info', async (_req: Request, res: Response) => {
    res.json(await userInfo(runtime, auth(res)));
  });
  app.post('/api/contact', async (req: Request, res: Response) => {
    res.status(201).json(await contact(runtime, auth(res), req.body));
  });
  app.get('/api/health', (_req: Request, res: Response) => {
    res.json(health());
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const failure = renderFailure(runtime, err, `${req.method} ${req.path}`);
    res.set(SECURE_HEADERS);
    if (failure.setCookies.length) res.append('set-cookie', failure.setCookies);
    res.status(failure.status).json(failure.body);
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (err) => (err ? reject(err) : resolve(s)));
  });
  return () => closeServer(server);
}

async function startFastify(runtime: Runtime, port: number, host: string): Promise<() => Promise<void>> {
  const app: FastifyInstance = Fastify({ bodyLimit: MAX_BODY_BYTES, logger: false });
  app.decorateRequest('auth', null);
  // onRequest runs before the body is read, as Hono's loadSession/requireCsrf/requireJson do.
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(SECURE_HEADERS);
    const h = req.headers;
    const a = await loadAuth(runtime, {
      cookie: h.cookie,
      acceptLanguage: h['accept-language'],
      forwardedFor: one(h['x-forwarded-for']),
      remoteAddress: req.socket.remoteAddress,
    });
    req.auth = a;
    if (a.setCookies.length) reply.header('set-cookie', a.setCookies);
    checkCsrf(req.method, a, one(h['x-csrf-token']) ?? one(h['x-xsrf-token']));
    checkJsonType(req.method, h['content-length'], one(h['transfer-encoding']), h['content-type']);
  });
  const auth = (req: { auth: Auth | null }) => req.auth as Auth;
  app.get('/api/user/info', async (req) => userInfo(runtime, auth(req)));
  app.post('/api/contact', async (req, reply) => {
    reply.code(201);
    return contact(runtime, auth(req), req.body);
  });
  app.get('/api/health', async () => health());
  app.setErrorHandler((err, req, reply) => {
    const failure = renderFailure(runtime, err, `${req.method} ${req.url}`);
    reply.headers(SECURE_HEADERS);
    if (failure.setCookies.length) reply.header('set-cookie', failure.setCookies);
    reply.code(failure.status).send(failure.body);
  });
  await app.listen({ port, host });
  return () => app.close();
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const framework = process.argv[2] as Framework;
const starters = { hono: startHono, express: startExpress, fastify: startFastify };
if (!(framework in starters)) {
  process.stderr.write('usage: servers.ts hono|express|fastify\n');
  process.exit(2);
}
const config = loadConfigOrExit();
const runtime = await createRuntime(config);
const close = await starters[framework](runtime, config.PORT, config.host);
process.stdout.write(`${JSON.stringify({ ready: config.PORT, driver: runtime.database.driver })}\n`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  await close().catch(() => {});
  await runtime.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
