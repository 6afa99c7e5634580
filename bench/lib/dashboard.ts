/**
 * What one dashboard load costs the BFF: the signed-in spec §7 GETs the client's dashboard makes when it opens (issue
 * 14: "about thirteen … each paying session lookup and queries again"), each sent `rounds` times from this process
 * with `concurrency` in flight, and the BFF process's CPU time per request read from /proc around each route. The
 * load total is their sum. A route that does not answer 2xx is listed with its status and left out of the total.
 */
import { cpuSeconds } from './cpu.ts';
import type { ServerProcess } from './processes.ts';
import type { Session } from './routes.ts';

export const DASHBOARD_GETS = [
  '/api/user/info',
  '/api/user/permission',
  '/api/account/type',
  '/api/account/storage',
  '/api/user/accounts',
  '/api/current-owner',
  '/api/billing',
  '/api/usertrial',
  '/api/cookie-consent',
  '/api/notif/notify',
  '/api/chat/users',
  '/api/chat/message/status/unread',
  '/api/teams',
];

export interface DashboardCost {
  /** Server CPU per request of each route (µs), or the status it answered instead. */
  routes: Array<{ path: string; us: number | null; status: number }>;
  /** Their sum: one dashboard load (µs). */
  totalUs: number;
}

export async function dashboardCost(
  server: ServerProcess,
  session: Session,
  opts: { rounds: number; concurrency: number },
): Promise<DashboardCost> {
  const headers = { cookie: session.cookie };
  const routes: DashboardCost['routes'] = [];
  for (const path of DASHBOARD_GETS) {
    const probe = await fetch(`${server.url}${path}`, { headers });
    await probe.arrayBuffer();
    if (!probe.ok) {
      routes.push({ path, us: null, status: probe.status });
      continue;
    }
    const before = cpuSeconds(server.proc.pid);
    let left = opts.rounds;
    const worker = async () => {
      while (left-- > 0) await (await fetch(`${server.url}${path}`, { headers })).arrayBuffer();
    };
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
    const after = cpuSeconds(server.proc.pid);
    const us = before !== null && after !== null ? ((after - before) * 1e6) / opts.rounds : null;
    routes.push({ path, us, status: probe.status });
  }
  return { routes, totalUs: routes.reduce((sum, r) => sum + (r.us ?? 0), 0) };
}
