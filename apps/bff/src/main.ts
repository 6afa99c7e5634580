import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { loadConfigOrExit } from '@majlis/core/config';
import { DEMO_EMAILS, DEMO_STAFF_EMAILS, seedDemo } from '@majlis/core/demo/seed-demo';
import { runJobsInProcess } from '@majlis/core/jobs/index';
import { configureLogging, logger, loggingFor } from '@majlis/core/log';
import { busPusher } from '@majlis/core/notifications/push-notifications';
import { transportsFor } from '@majlis/core/providers/messaging/transport';
import { createRuntime } from '@majlis/core/runtime';
import { grantOps } from '@majlis/core/users/grant-ops';
import { createApp } from './app.ts';
import { attachRealtime } from './realtime/server.ts';
import { adminRoutes } from './routes/admin.ts';

const config = loadConfigOrExit(process.env, { requireSessionSecret: true });
configureLogging(loggingFor(config, 'bff'));
/** Start-up lines a person or a script waits for, printed whatever LOG_LEVEL says (as before the logger). */
const announce = logger.child({}, { level: 'info' });
const runtime = await createRuntime(config).catch((err: unknown) => {
  const what = config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR (${config.dataDir})`;
  logger.fatal({ err }, `Cannot open the database named by ${what}`);
  process.exit(1);
});

if (config.seedDemo && (await seedDemo(runtime.db, config.DEMO_PASSWORD))) {
  announce.info(
    [
      'Demo data seeded. Sign in with any of these (password: DEMO_PASSWORD, default Majlis-demo-2026):',
      `  individual account      ${DEMO_EMAILS.solo}`,
      `  institution owner       ${DEMO_EMAILS.owner}`,
      `  institution admin       ${DEMO_EMAILS.admin}`,
      `  institution member      ${DEMO_EMAILS.member}`,
      `  more of the institution ${Object.values(DEMO_STAFF_EMAILS).join(', ')} (${DEMO_STAFF_EMAILS.inactive} is switched off)`,
      '  the institution owner sees finished meetings, attendance and two recordings in its reports and recordings',
    ].join('\n'),
  );
}

// Embedded default: the jobs the worker runs in scale-out run here, on timers.
const stopJobs = config.REDIS_URL
  ? () => {}
  : runJobsInProcess(
      {
        db: runtime.db,
        config,
        push: busPusher(runtime.bus),
        transports: transportsFor(config),
        now: () => new Date(),
      },
      (job, err) => logger.error({ err, job }, 'job failed'),
    );

if (config.OPS_EMAILS) await grantOps(runtime.db, config.OPS_EMAILS.split(','));

const clientDist = fileURLToPath(new URL('../../client/dist', import.meta.url));
if (!existsSync(clientDist)) logger.warn(`${clientDist} is missing: run \`npm run build\` to serve the client.`);
const admin = adminRoutes(runtime);
const app = createApp(runtime, { clientDist, admin: admin.app });

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.host }, (info) => {
  const mode = config.embedded ? 'embedded (PGlite, in-process events)' : 'scale-out (PostgreSQL, Redis)';
  announce.info(`Majlis listening on http://${config.host}:${info.port} — ${mode}; public URL ${config.publicUrl}`);
  if (config.embedded && config.host !== '127.0.0.1' && config.host !== 'localhost' && config.host !== '::1') {
    logger.warn(
      `HOST=${config.host}: the embedded default is reachable from the network; its demo accounts share a public password.`,
    );
  }
}) as Server;
const realtime = attachRealtime(runtime, server);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  stopJobs();
  await realtime.close().catch(() => {});
  server.close();
  server.closeAllConnections?.();
  await admin.close().catch(() => {});
  await runtime.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
