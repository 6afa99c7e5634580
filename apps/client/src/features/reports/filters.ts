import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dayIn } from '../../lib/format.ts';
import type { ReportFilters } from './api.ts';

/** The period presets; 'default' is the server's own (the last 30 days), 'custom' two days the reader picks. */
export const PRESETS = ['7', '30', '90', 'year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY = 86_400_000;

/** The days a preset stands for, ending today in the profile time zone. */
export function presetRange(preset: Exclude<Preset, 'custom'>, timeZone: string, now = new Date()) {
  const to = dayIn(timeZone, now);
  if (preset === 'year') return { from: `${to.slice(0, 4)}-01-01`, to };
  // n days with today included: today minus n-1 days, counted on the zone's calendar (noon avoids DST edges).
  const noon = Date.parse(`${to}T12:00:00Z`);
  return { from: new Date(noon - (Number(preset) - 1) * DAY).toISOString().slice(0, 10), to };
}

/** Which preset a from/to pair is (none given: the server's 30 days). */
export function presetOf(f: ReportFilters, timeZone: string, custom: boolean): Preset {
  if (custom) return 'custom';
  if (!f.from && !f.to) return '30';
  for (const p of ['7', '30', '90', 'year'] as const) {
    const r = presetRange(p, timeZone);
    if (r.from === f.from && r.to === f.to) return p;
  }
  return 'custom';
}

/**
 * A report's filters in the address (?from&to&q&page), so a reload or a shared link shows the same report. Changing
 * the period or the search goes back to the first page.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = useMemo<ReportFilters>(() => ({ from: from || undefined, to: to || undefined, q }), [from, to, q]);
  const update = useCallback(
    (patch: Partial<Record<'from' | 'to' | 'q' | 'page', string | undefined>>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, page, update };
}
