/**
 * The Express 5 and Fastify 5 servers of the framework comparison, one per process:
 * `node --import tsx bench/frameworks/servers.ts express|fastify`. Configuration comes from the environment (PORT,
 * HOST, DATA_DIR or DATABASE_URL, SESSION_SECRET, ...), as for the BFF; SIGTERM closes the server and the database.
 * The Hono side of the comparison is the real BFF (apps/bff/src/main.ts), started by main.ts.
 */
import type { Server } from 'node:http';
import { loadConfigOrExit } from '@majlis/core/config';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import express, { type NextFunction, type Request, type Response } from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type Auth,
  CSRF_HEADERS,
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

type Headers = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const csrfToken = (h: Headers) => CSRF_HEADERS.map((name) => one(h[name])).find(Boolean);

async function startExpress(runtime: Runtime, port: number, host: string): Promise<() => Promise<void>> {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // Hono computes no ETag either
  const auth = (res: Response) => res.locals.auth as Auth;
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.set(SECURE_HEADERS);
    const facts = {
      cookie: req.headers.cookie,
      acceptLanguage: req.headers['accept-language'],
      remoteAddress: req.socket.remoteAddress,
    };
    loadAuth(runtime, facts).then((a) => {
      res.locals.auth = a;
      if (a.setCookies.length) res.append('set-cookie', a.setCookies);
      next();
    }, next);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const h = req.headers;
    checkCsrf(req.method, auth(res), csrfToken(h));
    checkJsonType(req.method, h['content-length'], one(h['transfer-encoding']), h['content-type']);
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
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const failure = renderFailure(runtime, err);
    res.set(SECURE_HEADERS);
    if (failure.setCookies.length) res.append('set-cookie', failure.setCookies);
    res.status(failure.status).json(failure.body);
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (err) => (err ? reject(err) : resolve(s)));
  });
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

async function startFastify(runtime: Runtime, port: number, host: string): Promise<() => Promise<void>> {
  const app: FastifyInstance = Fastify({ bodyLimit: MAX_BODY_BYTES, logger: false });
  app.decorateRequest('auth', null);
  // onRequest runs before the body is read, as the BFF's loadSession / requireCsrf / requireJson do.
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(SECURE_HEADERS);
    const h = req.headers;
    const a = await loadAuth(runtime, {
      cookie: h.cookie,
      acceptLanguage: h['accept-language'],
      remoteAddress: req.socket.remoteAddress,
    });
    req.auth = a;
    if (a.setCookies.length) reply.header('set-cookie', a.setCookies);
    checkCsrf(req.method, a, csrfToken(h));
    checkJsonType(req.method, h['content-length'], one(h['transfer-encoding']), h['content-type']);
  });
  const auth = (req: { auth: Auth | null }) => req.auth as Auth;
  app.get('/api/user/info', async (req) => userInfo(runtime, auth(req)));
  app.post('/api/contact', async (req, reply) => {
    reply.code(201);
    return contact(runtime, auth(req), req.body);
  });
  app.get('/api/health', async () => health());
  app.setErrorHandler((err, _req, reply) => {
    const failure = renderFailure(runtime, err);
    reply.headers(SECURE_HEADERS);
    if (failure.setCookies.length) reply.header('set-cookie', failure.setCookies);
    reply.code(failure.status).send(failure.body);
  });
  await app.listen({ port, host });
  return () => app.close();
}

const starters = { express: startExpress, fastify: startFastify };
const framework = process.argv[2] as keyof typeof starters;
if (!(framework in starters)) {
  process.stderr.write('usage: servers.ts express|fastify\n');
  process.exit(2);
}
const config = loadConfigOrExit();
const runtime = await createRuntime(config);
const close = await starters[framework](runtime, config.PORT, config.host);

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
