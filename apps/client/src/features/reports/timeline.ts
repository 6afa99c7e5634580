import type { AttendanceRow } from './api.ts';

/** A gap longer than this between stays starts another session on the timeline (a meeting held again later). */
const SESSION_GAP_MS = 30 * 60_000;

export interface TimelineStay {
  row: AttendanceRow;
  /** Where the bar starts and how long it is, in percent of its session's span. */
  offset: number;
  width: number;
}

export interface TimelineSession {
  start: number;
  end: number;
  stays: TimelineStay[];
}

/**
 * The stays grouped into sessions (stays that overlap or follow closely), each with its own time axis from the first
 * join to the last leave; a stay still open runs to `now`. Bars are at least 1 % wide so a short visit shows.
 */
export function timelineOf(rows: AttendanceRow[], now = Date.now()): TimelineSession[] {
  const sorted = [...rows].sort((a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt));
  const sessions: { start: number; end: number; rows: AttendanceRow[] }[] = [];
  for (const row of sorted) {
    const join = Date.parse(row.joinedAt);
    const leave = row.leftAt ? Date.parse(row.leftAt) : now;
    const last = sessions.at(-1);
    if (last && join <= last.end + SESSION_GAP_MS) {
      last.rows.push(row);
      last.end = Math.max(last.end, leave);
    } else sessions.push({ start: join, end: Math.max(join, leave), rows: [row] });
  }
  return sessions.map((s) => {
    const span = Math.max(1, s.end - s.start);
    return {
      start: s.start,
      end: s.end,
      stays: s.rows.map((row) => {
        const join = Date.parse(row.joinedAt);
        const leave = row.leftAt ? Date.parse(row.leftAt) : now;
        const offset = ((join - s.start) / span) * 100;
        const width = Math.max(1, Math.min(100 - offset, ((leave - join) / span) * 100));
        return { row, offset: Math.min(offset, 99), width };
      }),
    };
  });
}
