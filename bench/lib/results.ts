import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One row of the issue-14 table (`npm run bench` prints them all at the end): the figure, a peer measured in the same
 * run (what it is, and its figure), the goal and whether the figure meets it. Each bench writes its rows to
 * bench/output/results/<bench>.json (not committed), so the summary can read what each part measured.
 */
export interface ResultRow {
  measure: string;
  figure: number;
  unit: string;
  /** What the figure is compared with in the same run, e.g. "Fastify 5, same logic: 1,284 µs". */
  peer: string;
  goal: string;
  /** Lower is better unless `higherIsBetter`. */
  target: number;
  higherIsBetter?: boolean;
  /** Anything that makes the figure less telling (the machine was busy, a case was skipped). */
  note?: string;
}

export const RESULTS_DIR = fileURLToPath(new URL('../output/results/', import.meta.url));

export const met = (r: ResultRow): boolean =>
  Number.isFinite(r.figure) && (r.higherIsBetter ? r.figure >= r.target : r.figure <= r.target);

/** Writes a bench's rows (replacing what an earlier run of that bench wrote). */
export function writeResults(bench: string, rows: ResultRow[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    join(RESULTS_DIR, `${bench}.json`),
    `${JSON.stringify({ bench, at: new Date().toISOString(), rows }, null, 2)}\n`,
  );
}

/** Every bench's rows from their last runs, in the order given (others after). */
export function readResults(order: string[]): Array<{ bench: string; at: string; rows: ResultRow[] }> {
  let files: string[] = [];
  try {
    files = readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const all = files.map((f) => JSON.parse(readFileSync(join(RESULTS_DIR, f), 'utf8')));
  const rank = (b: string) => (order.includes(b) ? order.indexOf(b) : order.length);
  return all.sort((a, b) => rank(a.bench) - rank(b.bench));
}
