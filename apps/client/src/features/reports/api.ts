import type { ExportFormat, TReportRange } from '@majlis/contracts';
import type { InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Wire shapes as the BFF's routes declare them (packages/contracts/src/reports.ts). */
export type MeetingsReport = InferResponseType<typeof api.reports.meetings.$get>;
export type MeetingReportRow = MeetingsReport['meetings'][number];
export type MeetingAttendance = InferResponseType<(typeof api.reports.meetings)[':id']['attendance']['$get']>;
export type AttendanceRow = MeetingAttendance['attendance'][number];
export type RoomsReport = InferResponseType<typeof api.reports.rooms.$get>;
export type RoomReportRow = RoomsReport['rooms'][number];
export type TrendPoint = RoomsReport['trend'][number];
export type UsersReport = InferResponseType<typeof api.reports.users.$get>;
export type UserReportRow = UsersReport['users'][number];

/** The filters every report and its exports share; empty from/to = the server's default period. */
export interface ReportFilters extends TReportRange {
  q?: string;
}

const range = (f: ReportFilters) => ({ from: f.from || undefined, to: f.to || undefined });

export const reportsApi = {
  meetings: (f: ReportFilters & { page: number; pageSize: number }) =>
    body(
      api.reports.meetings.$get({
        query: { ...range(f), q: f.q?.trim() || undefined, page: String(f.page), pageSize: String(f.pageSize) },
      }),
    ),
  attendance: (id: string, f: ReportFilters) =>
    body(api.reports.meetings[':id'].attendance.$get({ param: { id: seg(id) }, query: range(f) })),
  rooms: (f: ReportFilters) => body(api.reports.rooms.$get({ query: range(f) })),
  users: (f: ReportFilters) => body(api.reports.users.$get({ query: range(f) })),
};

/**
 * Where an export downloads from: a plain same-origin GET (the session cookie goes with it), so the page offers it as
 * an `<a href download>` link. The current filters travel with it; the server names the columns in the reader's
 * language.
 */
export type ExportTarget = { kind: 'meetings' | 'rooms' | 'users' } | { kind: 'attendance'; meetingId: string };

export function exportUrl(target: ExportTarget, format: ExportFormat, f: ReportFilters): string {
  const params = new URLSearchParams({ format });
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  const q = f.q?.trim();
  if (q && target.kind === 'meetings') params.set('q', q);
  const path =
    target.kind === 'attendance'
      ? `/api/reports/meetings/${seg(target.meetingId)}/attendance/export`
      : `/api/reports/${target.kind}/export`;
  return `${path}?${params}`;
}
