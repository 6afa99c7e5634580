import { z } from 'zod';
import { DAY_PATTERN, ZInstant } from './common.ts';
import { singleLine } from './strings.ts';

/**
 * Wire contract: reports (gate showReports, power viewReports) of the acting account.
 * - /dashbord/reports/meetings_reports: GET /api/reports/meetings, and one meeting's attendees
 *   (GET /api/reports/meetings/{id}/attendance).
 * - /dashbord/roomReports: GET /api/reports/rooms and GET /api/reports/users.
 * - Exports: GET /api/reports/{meetings|rooms|users}/export and /api/reports/meetings/{id}/attendance/export, with
 *   ?format=csv|xlsx and the same filters; columns are named in the reader's language, CSV is UTF-8 with a BOM.
 * Days are 'YYYY-MM-DD', inclusive, in the reader's profile time zone; minutes are whole minutes of attendance.
 * A range longer than REPORT_LIMITS.maxDays or that ends before it starts is error.REPORT_RANGE (400).
 */

/** Days before firstYear or after lastYear are a 400 field error (field.reportDayBounds): no report reaches them. */
export const REPORT_LIMITS = {
  maxDays: 366,
  defaultDays: 30,
  searchMax: 100,
  firstYear: 2000,
  lastYear: 2099,
} as const;
export const REPORTS_PAGE_SIZE = { default: 20, max: 100 } as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Trend buckets: days up to 62 days, weeks up to 182, months beyond (chosen by the server from the range). */
export const TREND_BUCKETS = ['day', 'week', 'month'] as const;
export type TrendBucket = (typeof TREND_BUCKETS)[number];

const day = singleLine('field.day').regex(DAY_PATTERN, 'field.day');

// ---------------------------------------------------------------- requests

/** The period of every report; both default to the last REPORT_LIMITS.defaultDays days (today included). */
export const ZReportRange = z.strictObject({ from: day.optional(), to: day.optional() });
export type TReportRange = z.infer<typeof ZReportRange>;

/** GET /api/reports/meetings: q matches the meeting's name or number. */
export const ZMeetingsReportQuery = ZReportRange.extend({
  page: z.coerce.number('field.invalid').int('field.invalid').min(1, 'field.invalid').default(1),
  pageSize: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(REPORTS_PAGE_SIZE.max, 'field.invalid')
    .default(REPORTS_PAGE_SIZE.default),
  q: singleLine('field.invalid').trim().max(REPORT_LIMITS.searchMax, 'field.tooLong').optional(),
});
export type TMeetingsReportQuery = z.infer<typeof ZMeetingsReportQuery>;

/** ?format= of every export (plus the report's own filters). */
export const ZExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS, 'field.invalid').default('csv'),
  from: day.optional(),
  to: day.optional(),
  q: singleLine('field.invalid').trim().max(REPORT_LIMITS.searchMax, 'field.tooLong').optional(),
});
export type TExportQuery = z.infer<typeof ZExportQuery>;

// ---------------------------------------------------------------- views (responses)

/** The period the server used (defaults filled in) and its time zone. */
export const ZReportPeriod = z.strictObject({ from: z.string(), to: z.string(), timeZone: z.string() });
export type ReportPeriod = z.infer<typeof ZReportPeriod>;

/** One meeting held in the period (it had attendance in it). */
export const ZMeetingReportRow = z.strictObject({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  room: z.strictObject({ id: z.string(), name: z.string() }),
  /** Sessions held in the period (a permanent or recurring meeting is held many times). */
  sessions: z.number(),
  /** First join and last leave in the period. */
  firstJoinAt: ZInstant,
  lastLeaveAt: ZInstant.nullable(),
  /** Distinct people (a user counts once however often they rejoin; each guest name once). */
  attendees: z.number(),
  /** Most people in the meeting at the same moment. */
  peak: z.number(),
  totalMinutes: z.number(),
  /** totalMinutes / attendees, rounded. */
  averageMinutes: z.number(),
});
export type MeetingReportRow = z.infer<typeof ZMeetingReportRow>;

export const ZMeetingsReport = z.strictObject({
  period: ZReportPeriod,
  meetings: z.array(ZMeetingReportRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Over every meeting of the period (not only this page). */
  totals: z.strictObject({ meetings: z.number(), sessions: z.number(), attendees: z.number(), minutes: z.number() }),
});
export type MeetingsReport = z.infer<typeof ZMeetingsReport>;

/** One stay in the meeting: joined, left (null while still in), role as the provider gave it. */
export const ZAttendanceRow = z.strictObject({
  name: z.string(),
  /** Our user when the join carried one; null for a guest. */
  userId: z.string().nullable(),
  role: z.enum(['moderator', 'attendee']),
  joinedAt: ZInstant,
  leftAt: ZInstant.nullable(),
  minutes: z.number(),
});
export type AttendanceRow = z.infer<typeof ZAttendanceRow>;

/** GET /api/reports/meetings/{id}/attendance?from&to: one meeting's stays in the period, by join time. */
export const ZMeetingAttendance = z.strictObject({
  period: ZReportPeriod,
  meeting: z.strictObject({
    id: z.string(),
    name: z.string(),
    number: z.string(),
    room: z.strictObject({ id: z.string(), name: z.string() }),
  }),
  attendance: z.array(ZAttendanceRow),
  attendees: z.number(),
  peak: z.number(),
  totalMinutes: z.number(),
});
export type MeetingAttendance = z.infer<typeof ZMeetingAttendance>;

/** One bucket of a trend: its first day, meetings held (sessions) and minutes attended in it. */
export const ZTrendPoint = z.strictObject({ start: z.string(), sessions: z.number(), minutes: z.number() });
export type TrendPoint = z.infer<typeof ZTrendPoint>;

export const ZRoomReportRow = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: z.enum(['bbb', 'zoom', 'jitsi']),
  /** Sessions held in the period. */
  meetings: z.number(),
  /** Hours the room was in use (first join to last leave of each session), one decimal. */
  hours: z.number(),
  /** Distinct people who attended. */
  participants: z.number(),
  storageUsedBytes: z.number(),
  storageTotalBytes: z.number(),
  trend: z.array(ZTrendPoint),
});
export type RoomReportRow = z.infer<typeof ZRoomReportRow>;

/** GET /api/reports/rooms?from&to: every room of the account, with the period's trend in `bucket`s. */
export const ZRoomsReport = z.strictObject({
  period: ZReportPeriod,
  bucket: z.enum(TREND_BUCKETS),
  rooms: z.array(ZRoomReportRow),
  /** All rooms together, bucket by bucket. */
  trend: z.array(ZTrendPoint),
});
export type RoomsReport = z.infer<typeof ZRoomsReport>;

export const ZUserReportRow = z.strictObject({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  /** Meetings they own (or assist in) that were held in the period. */
  hosted: z.number(),
  /** Meetings they attended in the period. */
  attended: z.number(),
  minutes: z.number(),
});
export type UserReportRow = z.infer<typeof ZUserReportRow>;

/** GET /api/reports/users?from&to: the account's officials and members (active or not) in the period. */
export const ZUsersReport = z.strictObject({ period: ZReportPeriod, users: z.array(ZUserReportRow) });
export type UsersReport = z.infer<typeof ZUsersReport>;
