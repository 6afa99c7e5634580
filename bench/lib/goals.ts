/**
 * Issue 14's rows that bench:http measures: the BFF's server CPU per request (µs), each beside a peer measured in
 * the same run on the same box, so a busy machine moves both. The bare route's peer is Fastify 5 answering the same
 * route (bench/frameworks/servers.ts: no database, the BFF's security headers); the two database routes' peer is
 * the BFF's own bare route, the calibration of what the framework and its middleware cost here today (Fastify's
 * copy of the handler logic in bench/frameworks is not the BFF's cached session lookup, so it is not a like peer).
 */

import type { PacedResult, Result } from './load.ts';
import { pad, pct } from './report.ts';
import type { ResultRow } from './results.ts';
import type { Route } from './routes.ts';

interface Goal {
  id: Route['id'];
  label: string;
  /** Server CPU per request, µs, at most. */
  goalUs: number;
}

export const HTTP_GOALS: Goal[] = [
  { id: 'get', label: 'signed-in GET /api/user/info, CPU/req', goalUs: 300 },
  { id: 'post', label: 'POST /api/contact 1 KB, CPU/req', goalUs: 700 },
  { id: 'health', label: 'bare route (no database), CPU/req', goalUs: 90 },
];

const us = (v: number | null | undefined) => (v === null || v === undefined ? 'n/a' : `${v.toFixed(0)} µs`);

/**
 * The goal rows: figure | peer in the same run | goal | met or not. `busyLimit`: other processes above this share
 * of a core during a case make its verdict inconclusive (re-run quiet).
 */
export function goalRows(results: Map<Route, Result>, fastifyBare: Result | null, busyLimit: number): string[] {
  const byId = new Map([...results].map(([route, r]) => [route.id, r]));
  const bare = byId.get('health');
  const lines = [
    `${pad('issue 14 row', 40)} ${pad('figure', 9, true)}  ${pad('peer in the same run', 34)} ${pad('goal', 9, true)}  verdict`,
  ];
  for (const goal of HTTP_GOALS) {
    const r = byId.get(goal.id);
    if (!r) continue;
    const peer =
      goal.id === 'health'
        ? `Fastify 5 bare route ${us(fastifyBare?.cpuPerRequest)}`
        : `BFF bare route ${us(bare?.cpuPerRequest)} (calibration)`;
    const figure = r.cpuPerRequest;
    const busy = (r.foreignCpu ?? 0) > busyLimit;
    const verdict =
      figure === null
        ? 'n/a'
        : `${figure <= goal.goalUs ? 'met' : 'NOT met'}${busy ? ` (box busy: other procs ${pct(r.foreignCpu)})` : ''}`;
    lines.push(
      `${pad(goal.label, 40)} ${pad(us(figure), 9, true)}  ${pad(peer, 34)} ${pad(`≤ ${goal.goalUs} µs`, 9, true)}  ${verdict}`,
    );
  }
  return lines;
}

/**
 * The same rows for `npm run bench`'s summary (bench/lib/results.ts), plus each paced case's p99 (measure
 * `p99 <route>`, which the summary leaves out of its table and uses for PGlite against PostgreSQL). The CPU rows are
 * written for PostgreSQL only: the issue's goals are PostgreSQL's, and with PGlite its work is the BFF's own CPU.
 */
export function goalResults(
  results: Map<Route, Result>,
  atHalf: Map<Route, { r: PacedResult }>,
  fastifyBare: Result | null,
  opts: { busyLimit: number; onPostgres: boolean; p99GoalMs: number },
): ResultRow[] {
  const byId = new Map([...results].map(([route, r]) => [route.id, r]));
  const bare = byId.get('health');
  const busyNote = (foreign: number | null) =>
    (foreign ?? 0) > opts.busyLimit ? `box busy: other processes used ${pct(foreign)} of a core` : undefined;
  const rows: ResultRow[] = [];
  for (const goal of opts.onPostgres ? HTTP_GOALS : []) {
    const r = byId.get(goal.id);
    if (r?.cpuPerRequest == null) continue;
    const peer =
      goal.id === 'health'
        ? `Fastify 5 bare route: ${us(fastifyBare?.cpuPerRequest)}`
        : `BFF bare route (calibration): ${us(bare?.cpuPerRequest)}`;
    const note = busyNote(r.foreignCpu);
    rows.push({
      measure: `${goal.label.replace(', CPU/req', '')}, server CPU per request (PostgreSQL)`,
      figure: r.cpuPerRequest,
      unit: 'µs',
      peer,
      goal: `≤ ${goal.goalUs} µs`,
      target: goal.goalUs,
      ...(note ? { note } : {}),
    });
  }
  for (const [route, { r }] of atHalf) {
    const note = busyNote(r.foreignCpu);
    rows.push({
      measure: `p99 ${route.label}`,
      figure: r.p99,
      unit: 'ms',
      peer: `p50 ${r.p50.toFixed(2)} ms`,
      goal: `≤ ${opts.p99GoalMs} ms at half load`,
      target: opts.p99GoalMs,
      ...(note ? { note } : {}),
    });
  }
  return rows;
}
