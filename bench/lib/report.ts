/** Number formatting shared by the benches' tables. */

export function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

/** A share of one core (0.42 → "42%"). */
export const pct = (v: number | null): string => (v === null ? 'n/a' : `${Math.round(v * 100)}%`);

/** Milliseconds with two decimals below 100. */
export const ms = (v: number): string => (Number.isNaN(v) ? '–' : v >= 100 ? v.toFixed(0) : v.toFixed(2));

export const ratio = (a: number, b: number): number => (b > 0 ? a / b : Number.NaN);

/** The p-th percentile (0-100) of ascending values (nearest rank below). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Environment numbers: a positive value or the default. */
export function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
