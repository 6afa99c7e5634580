/**
 * Open-loop load at a fixed rate, for "p99 at 50% of max req/s": requests leave on a fixed schedule (not in
 * autocannon's per-second bursts) and latency counts from the scheduled send time, so a stalled server is not hidden
 * (no coordinated omission). Run as a child: `node --import tsx bench/lib/paced.ts '<json options>'`; prints one JSON line.
 */
import { Agent, request } from 'node:http';

interface Options {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

const opts = JSON.parse(process.argv[2] ?? '{}') as Options;
const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
const interval = 1000 / opts.rate;
const warmup = Math.round(opts.warmupSeconds * opts.rate);
const total = warmup + Math.round(opts.seconds * opts.rate);
const latencies: number[] = [];
let non2xx = 0;
let errors = 0;
let unfinished = 0;
let done = 0;
let sent = 0;
let finished = false;
/** Measured requests still waiting for an answer: index → scheduled time. */
const pending = new Map<number, number>();
const start = performance.now();
/** A server that falls behind must not stretch the run: 3 s after the last send, what is left counts as unfinished. */
const deadline = setTimeout(
  () => {
    const now = performance.now();
    for (const scheduled of pending.values()) latencies.push(now - scheduled);
    unfinished = pending.size;
    finish();
  },
  (opts.warmupSeconds + opts.seconds + 3) * 1000,
);

function finish() {
  if (finished) return;
  finished = true;
  clearTimeout(deadline);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  process.stdout.write(
    `${JSON.stringify({ count: sorted.length - unfinished, rps: (sorted.length - unfinished) / opts.seconds, p50: at(0.5), p99: at(0.99), max: at(1), non2xx, errors, unfinished })}\n`,
  );
  agent.destroy();
  process.exit(0);
}

function fire(index: number, scheduled: number) {
  const measured = index >= warmup;
  if (measured) pending.set(index, scheduled);
  const req = request(opts.url, { method: opts.method, headers: opts.headers, agent }, (res) => {
    res.resume();
    res.on('end', () => {
      if (measured && pending.delete(index)) {
        if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300)
          latencies.push(performance.now() - scheduled);
        else non2xx++;
      }
      if (++done === total) finish();
    });
  });
  req.on('error', () => {
    if (measured && pending.delete(index)) errors++;
    if (++done === total) finish();
  });
  req.end(opts.body);
}

function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    fire(sent, start + sent * interval);
    sent++;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}
tick();
