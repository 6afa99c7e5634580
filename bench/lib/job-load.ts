/**
 * The notification-job load of bench/jobs.ts: jobs due at set times put on a BullMQ queue, the same load for the
 * Majlis worker and for its peer (BullMQ alone: a no-op processor over the same queue in the same run), and what the
 * box spent meanwhile (CPU of each side, Redis commands, PostgreSQL commits), so a figure comes with its cost.
 */
import { readFileSync } from 'node:fs';
import { type Job, type Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { coreBusy, cpuSeconds, postgresCpu } from './cpu.ts';
import { percentile } from './report.ts';

export interface BenchJob {
  name: 'send-notification';
  data: {
    accountId: string;
    userId: string;
    type: 'notif';
    titleId: string;
    messageId: string;
    values: { name: string; minutes: number; number: string };
    dedupeKey: string;
  };
  due: number;
}

/**
 * `count` meeting-reminder jobs for one user, numbered from `first` (the number comes back in the rendered message,
 * so an arrival is matched to its due time), due evenly over `spreadMs` from `start` (0: all at once, a burst).
 */
export function makeJobs(
  owner: { user_id: string; account_id: string },
  first: number,
  count: number,
  start: number,
  spreadMs: number,
): BenchJob[] {
  return Array.from({ length: count }, (_, i) => ({
    name: 'send-notification',
    data: {
      accountId: owner.account_id,
      userId: owner.user_id,
      type: 'notif',
      titleId: 'notif.meeting.reminder.title',
      messageId: 'notif.meeting.reminder.message',
      values: { name: 'bench', minutes: 15, number: String(first + i) },
      dedupeKey: `bench:${first + i}`,
    },
    due: Math.round(start + (i * spreadMs) / count),
  }));
}

/** Adds the jobs, delayed to their due times, in slices of 1,000; answers how long it took. */
export async function enqueue(queue: Queue, jobs: BenchJob[]): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < jobs.length; i += 1000) {
    await queue.addBulk(
      jobs.slice(i, i + 1000).map((j) => ({
        name: j.name,
        data: j.data,
        opts: { delay: Math.max(0, j.due - Date.now()), jobId: `bench-${j.data.values.number}` },
      })),
    );
  }
  return performance.now() - t;
}

export interface RunResult {
  /** Jobs seen (once each). */
  seen: number;
  /** Seen again after the first time. */
  repeats: number;
  /** From the first due time to the last arrival. */
  spanMs: number;
  jobsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Counts arrivals of one run by job number (the browser's `notification` events, or the peer's processor calls) and
 * waits until all have come or `timeoutMs` passed.
 */
export class Arrivals {
  private readonly at = new Map<string, number>();
  private repeats = 0;

  seen(number: string): void {
    if (this.at.has(number)) this.repeats++;
    else this.at.set(number, Date.now());
  }

  async result(jobs: BenchJob[], timeoutMs = 60_000): Promise<RunResult> {
    const numbers = new Set(jobs.map((j) => j.data.values.number));
    const mine = () => [...this.at].filter(([n]) => numbers.has(n));
    const deadline = Date.now() + timeoutMs;
    while (mine().length < jobs.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const due = new Map(jobs.map((j) => [j.data.values.number, j.due]));
    const arrived = mine();
    const latencies = arrived.map(([n, at]) => at - (due.get(n) ?? at)).sort((a, b) => a - b);
    const first = Math.min(...jobs.map((j) => j.due));
    const spanMs = Math.max(1, Math.max(...arrived.map(([, at]) => at)) - first);
    return {
      seen: arrived.length,
      repeats: this.repeats,
      spanMs,
      jobsPerSecond: (arrived.length / spanMs) * 1000,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
    };
  }
}

/**
 * The peer: BullMQ alone, a processor that only notes the job, with the Majlis worker's concurrency and completion
 * options, over the same queue; run in this process before the Majlis worker starts, so the two never compete.
 */
export function startPeer(
  queueName: string,
  connection: Redis,
  prefix: string,
  concurrency: number,
  arrivals: Arrivals,
): Worker {
  return new Worker(
    queueName,
    async (job: Job<BenchJob['data']>) => {
      arrivals.seen(job.data.values.number);
    },
    { connection, prefix, concurrency, removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } },
  );
}

/** What the box spent: CPU seconds per side, Redis commands and CPU, PostgreSQL commits of the bench database. */
export interface Spent {
  at: number;
  worker: number;
  bench: number;
  postgres: Map<number, number>;
  redisCpu: number;
  redisCalls: number;
  commits: number;
  cores: number;
}

async function redisInfo(redis: Redis): Promise<{ cpu: number; calls: number }> {
  const text = `${await redis.info('cpu')}\n${await redis.info('commandstats')}`;
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(text)?.[1] ?? 0);
  let calls = 0;
  for (const m of text.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)) calls += Number(m[1]);
  return { cpu: field('used_cpu_user') + field('used_cpu_sys'), calls };
}

export async function spent(
  workerPid: number | undefined,
  redis: Redis,
  commits: () => Promise<number>,
): Promise<Spent> {
  const r = await redisInfo(redis);
  return {
    at: performance.now(),
    worker: cpuSeconds(workerPid) ?? 0,
    bench: cpuSeconds(process.pid) ?? 0,
    postgres: postgresCpu(),
    redisCpu: r.cpu,
    redisCalls: r.calls,
    commits: await commits(),
    cores: coreBusy().reduce((a, b) => a + b, 0),
  };
}

/** Per job: µs of CPU per side, Redis commands, PostgreSQL commits; and the CPU other processes used (share of a core). */
export function perJob(a: Spent, b: Spent, jobs: number) {
  let pg = 0;
  for (const [pid, s] of b.postgres) pg += s - (a.postgres.get(pid) ?? 0);
  const redis = b.redisCpu - a.redisCpu;
  const bench = b.bench - a.bench;
  const worker = b.worker - a.worker;
  const seconds = (b.at - a.at) / 1000;
  const ours = worker + bench + pg + redis;
  const us = (s: number) => ((s / jobs) * 1e6).toFixed(0);
  return {
    worker: us(worker),
    bench: us(bench),
    postgres: us(pg),
    redis: us(redis),
    redisCalls: ((b.redisCalls - a.redisCalls) / jobs).toFixed(1),
    commits: ((b.commits - a.commits) / jobs).toFixed(3),
    otherProcs: Math.max(0, (b.cores - a.cores - ours) / seconds),
  };
}

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
