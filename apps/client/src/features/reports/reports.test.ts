import { describe, expect, it } from 'vitest';
import type { AttendanceRow } from './api.ts';
import { exportUrl } from './api.ts';
import { presetOf, presetRange } from './filters.ts';
import { timelineOf } from './timeline.ts';

const stay = (name: string, join: string, leave: string | null, minutes = 0): AttendanceRow => ({
  name,
  userId: null,
  role: 'attendee',
  joinedAt: `2026-11-20T${join}:00.000Z`,
  leftAt: leave ? `2026-11-20T${leave}:00.000Z` : null,
  minutes,
});

describe('reports: period presets', () => {
  const now = new Date('2026-11-25T21:30:00Z'); // already the 25th in Cairo (UTC+2), 23:30
  it('counts n days with today included, on the profile zone calendar', () => {
    expect(presetRange('7', 'Africa/Cairo', now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('30', 'Africa/Cairo', now)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange('year', 'Africa/Cairo', now)).toEqual({ from: '2026-01-01', to: '2026-11-25' });
    // Across midnight: in Tokyo it is already the 26th.
    expect(presetRange('7', 'Asia/Tokyo', now)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });
  it('no days is the server default (30); unknown days are custom', () => {
    expect(presetOf({}, 'UTC', false)).toBe('30');
    expect(presetOf({ from: '2026-01-05', to: '2026-01-09' }, 'UTC', false)).toBe('custom');
    expect(presetOf({}, 'UTC', true)).toBe('custom');
  });
});

describe('reports: export links', () => {
  it('carry the format and the filters; only the meetings report takes the search', () => {
    const f = { from: '2026-11-01', to: '2026-11-25', q: ' ورشة ' };
    const meetings = new URL(exportUrl({ kind: 'meetings' }, 'xlsx', f), 'http://x');
    expect(meetings.pathname).toBe('/api/reports/meetings/export');
    expect(Object.fromEntries(meetings.searchParams)).toEqual({
      format: 'xlsx',
      from: '2026-11-01',
      to: '2026-11-25',
      q: 'ورشة',
    });
    const rooms = new URL(exportUrl({ kind: 'rooms' }, 'csv', f), 'http://x');
    expect(rooms.searchParams.has('q')).toBe(false);
    const attendance = exportUrl({ kind: 'attendance', meetingId: 'a/b' }, 'csv', {});
    expect(attendance).toBe('/api/reports/meetings/a%2Fb/attendance/export?format=csv');
  });
});

describe('reports: attendance timeline', () => {
  it('places each stay on its session axis and splits sessions held apart', () => {
    const sessions = timelineOf([
      stay('B', '10:30', '11:00'),
      stay('A', '10:00', '11:00'),
      stay('C', '15:00', '15:30'),
    ]);
    expect(sessions).toHaveLength(2);
    const [first, second] = sessions;
    expect(first?.stays.map((s) => s.row.name)).toEqual(['A', 'B']);
    expect(first?.stays[0]).toMatchObject({ offset: 0, width: 100 });
    expect(first?.stays[1]?.offset).toBeCloseTo(50);
    expect(first?.stays[1]?.width).toBeCloseTo(50);
    expect(second?.stays).toHaveLength(1);
  });
  it('an open stay runs to now; a short visit still shows', () => {
    const now = Date.parse('2026-11-20T11:00:00Z');
    const [s] = timelineOf([stay('A', '10:00', null), stay('B', '10:10', '10:10')], now);
    expect(s?.end).toBe(now);
    expect(s?.stays[0]?.width).toBe(100);
    expect(s?.stays[1]?.width).toBe(1);
  });
});
