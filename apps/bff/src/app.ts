import { AppError } from '@majlis/core/errors';
import { logError, logger } from '@majlis/core/log';
import type { Runtime } from '@majlis/core/runtime';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from './env.ts';
import { renderError, toAppError } from './http/errors.ts';
import { buildOpenApi } from './http/openapi.ts';
import { requestId } from './http/response-headers.ts';
import { securityHeaders } from './http/security-headers.ts';
import { clearSessionCookies, isSignedCallback, loadSession, requireCsrf, SAFE_METHODS } from './http/session.ts';
import { sessionCacheOf } from './http/session-cache.ts';
import { serveClient } from './http/static.ts';
import { loggablePath, rejectMalformedUrl } from './http/url.ts';
import { accountRoutes } from './routes/account.ts';
import { ADMIN_QUEUES_PATH } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { billingRoutes } from './routes/billing.ts';
import { calendarFeedRoutes } from './routes/calendar-feed.ts';
import { chatRoutes } from './routes/chat.ts';
import { devRoutes } from './routes/dev.ts';
import { directoryRoutes } from './routes/directory.ts';
import { domainRoutes } from './routes/domains.ts';
import { institutionMonthRoutes } from './routes/institution-month.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { joinRoutes } from './routes/join.ts';
import { meetingRoutes } from './routes/meetings.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { opsRoutes } from './routes/ops.ts';
import { priceRoutes } from './routes/prices.ts';
import { profileRoutes, RAW_BODY_PATHS } from './routes/profile.ts';
import { publicRoutes } from './routes/public.ts';
import { pushRoutes } from './routes/push.ts';
import { recordingsRoutes } from './routes/recordings.ts';
import { reportsRoutes } from './routes/reports.ts';
import { roomRoutes } from './routes/rooms.ts';
import { ssoRoutes } from './routes/sso.ts';
import { testHookRoutes } from './routes/test-hooks.ts';
import { trialRoutes } from './routes/trial.ts';
import { userRoutes } from './routes/users.ts';
import { webhookRoutes } from './routes/webhooks.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Unsafe requests that carry a body must be JSON: a CORS-safelisted text/plain or form POST never reaches a handler. */
const requireJson: MiddlewareHandler<Env> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (isSignedCallback(c.req.path) || RAW_BODY_PATHS.has(c.req.path)) return next();
  const length = c.req.header('content-length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  const type = c.req.header('content-type') ?? '';
  if ((hasBody || type) && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  await next();
};

const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE');
const bodyLimited = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw payloadTooLarge();
  },
});
/**
 * 1 MB at most, on methods that carry a body. A declared Content-Length is checked without touching the body: what
 * hono's bodyLimit does first, reading `c.req.raw.body`, makes the node adapter build a whole WHATWG Request (abort
 * signal, web stream), where `c.req.json()` reads the socket directly — about a tenth of a JSON POST's CPU
 * (bench:http's profile). Node's parser reads no more than the declared length. A body without one (chunked) is
 * counted as it streams, by bodyLimit. On GET nothing is looked at (the node adapter would build a Request too).
 */
const limitBody: MiddlewareHandler<Env> = (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || RAW_BODY_PATHS.has(c.req.path)) return next();
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return bodyLimited(c, next);
  if (Number.parseInt(length, 10) > MAX_BODY_BYTES) throw payloadTooLarge();
  return next();
};

export interface AppOptions {
  /** Folder of the built client (apps/client/dist); not served when absent. */
  clientDist?: string;
  /** The ops dashboard (routes/admin.ts adminRoutes), mounted at /admin/queues. */
  admin?: Hono<Env>;
}

/**
 * Every /api route, mounted by createApp under /api. Built once at module level (it needs no runtime: handlers read it
 * from the context), so the API tests can read each route's contract without starting an app (test/contract.ts).
 */
export const apiRoutes = new Hono<Env>()
  .use(loadSession)
  .use(requireCsrf)
  .use(requireJson)
  .use(limitBody)
  .route('/', authRoutes)
  .route('/', ssoRoutes)
  .route('/', domainRoutes)
  .route('/', accountRoutes)
  .route('/', profileRoutes)
  .route('/', publicRoutes)
  .route('/', userRoutes)
  .route('/', directoryRoutes)
  .route('/', chatRoutes)
  .route('/', notificationRoutes)
  .route('/', roomRoutes)
  .route('/', trialRoutes)
  .route('/', meetingRoutes)
  .route('/', calendarFeedRoutes)
  .route('/', pushRoutes)
  .route('/', joinRoutes)
  .route('/', recordingsRoutes)
  .route('/', reportsRoutes)
  .route('/', billingRoutes)
  .route('/', institutionMonthRoutes)
  .route('/', invoiceRoutes)
  .route('/', priceRoutes)
  .route('/', webhookRoutes)
  .route('/', opsRoutes);

export function createApp(runtime: Runtime, opts: AppOptions = {}) {
  // Made now, so it hears every bus event (and what this instance publishes) from the first request on.
  sessionCacheOf(runtime);
  const app = new Hono<Env>()
    .use(requestId)
    .use(async (c, next) => {
      c.set('runtime', runtime);
      c.set('logger', logger.child({ req: c.var.requestId }));
      await next();
    })
    // CSP and the other secure headers on every response: API, static files, 404s and errors (security-headers.ts).
    .use(securityHeaders(runtime.config, ADMIN_QUEUES_PATH))
    .use(rejectMalformedUrl)
    .route('/api', apiRoutes);

  app.get('/api/openapi.json', (c) => c.json(buildOpenApi(app)));
  // The outbox viewer exists only in the embedded default (no SMTP there); it answers this machine or ops (dev.ts).
  if (runtime.config.embedded) app.route('/dev', devRoutes);
  // Test-only (e2e/stack.ts): never mounted by `npm start`, whose NODE_ENV is development or production.
  if (runtime.config.embedded && runtime.config.NODE_ENV === 'test') app.route('/test', testHookRoutes);
  if (opts.admin) app.route(ADMIN_QUEUES_PATH, opts.admin);
  app.all('/api/*', () => {
    throw new AppError(404, 'NOT_FOUND');
  });
  if (opts.clientDist) app.use(serveClient(opts.clientDist, { publicUrl: runtime.config.publicUrl }));

  app.notFound((c) => renderError(c, new AppError(404, 'NOT_FOUND')));
  app.onError((err, c) => {
    const appErr = toAppError(err);
    // Never the error object itself: a failed query holds its parameters (password hashes, e-mails) (core log.ts).
    if (appErr.status >= 500) logError(`${c.req.method} ${loggablePath(c.req.path)}`, err, c.var.logger ?? logger);
    // Any 401 clears the session cookie (DESIGN §5), so the browser does not keep a dead session.
    if (appErr.status === 401) clearSessionCookies(c);
    return renderError(c, appErr);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;
