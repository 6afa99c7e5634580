import type { TExportQuery } from '@majlis/contracts/reports';
import type { Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Db } from '../db/connect.ts';
import { EXPORT_MAX_ROWS, type ExportFile, renderExport, wallClock } from './export-file.ts';
import { allMeetingRows, meetingAttendanceReport } from './meetings-report.ts';
import { resolvePeriod } from './period.ts';
import { roomsOfPeriod } from './rooms-report.ts';
import { usersOfPeriod } from './users-report.ts';

/**
 * The four exports (GET …/export?format=csv|xlsx&from&to[&q]): every row of the period, not one page, up to
 * EXPORT_MAX_ROWS; the same filters as the report (q only where the report has it: meetings). Storage is in
 * megabytes (one decimal), hours with one decimal, minutes whole.
 */

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
const PROVIDERS = { bbb: 'BigBlueButton', zoom: 'Zoom', jitsi: 'Jitsi' } as const;

export async function exportMeetings(db: Db, actor: Actor, query: TExportQuery, locale: Locale): Promise<ExportFile> {
  requirePower(actor, 'viewReports');
  const { period, rows } = await allMeetingRows(db, actor, query, EXPORT_MAX_ROWS);
  const tz = period.timeZone;
  return renderExport(
    {
      name: 'meetings',
      from: period.from,
      to: period.to,
      sheet: 'report.sheet.meetings',
      columns: [
        { id: 'report.column.meeting', width: 30 },
        { id: 'report.column.number', width: 14 },
        { id: 'report.column.room', width: 24 },
        { id: 'report.column.sessions', width: 10 },
        { id: 'report.column.firstJoin', width: 18 },
        { id: 'report.column.lastLeave', width: 18 },
        { id: 'report.column.attendees', width: 10 },
        { id: 'report.column.peak', width: 10 },
        { id: 'report.column.totalMinutes', width: 12 },
        { id: 'report.column.averageMinutes', width: 12 },
      ],
      rows: rows.map((r) => [
        r.name,
        r.number,
        r.room.name,
        r.sessions,
        wallClock(r.firstJoinAt, tz),
        wallClock(r.lastLeaveAt, tz),
        r.attendees,
        r.peak,
        r.totalMinutes,
        r.averageMinutes,
      ]),
    },
    query.format,
    locale,
  );
}

export async function exportAttendance(
  db: Db,
  actor: Actor,
  id: string,
  query: TExportQuery,
  locale: Locale,
): Promise<ExportFile> {
  requirePower(actor, 'viewReports');
  const { view, period } = await meetingAttendanceReport(db, actor, id, query, EXPORT_MAX_ROWS);
  const tz = period.timeZone;
  return renderExport(
    {
      name: `attendance-${view.meeting.number}`,
      from: period.from,
      to: period.to,
      sheet: 'report.sheet.attendance',
      columns: [
        { id: 'report.column.name', width: 28 },
        { id: 'report.column.role', width: 14 },
        { id: 'report.column.joinedAt', width: 18 },
        { id: 'report.column.leftAt', width: 18 },
        { id: 'report.column.minutes', width: 10 },
      ],
      rows: view.attendance.map((r) => [
        r.name,
        t(locale, `report.role.${r.role}`),
        wallClock(r.joinedAt, tz),
        wallClock(r.leftAt, tz),
        r.minutes,
      ]),
    },
    query.format,
    locale,
  );
}

export async function exportRooms(db: Db, actor: Actor, query: TExportQuery, locale: Locale): Promise<ExportFile> {
  requirePower(actor, 'viewReports');
  const period = resolvePeriod(query, actor.timeZone);
  const { rooms } = await roomsOfPeriod(db, actor, period);
  return renderExport(
    {
      name: 'rooms',
      from: period.from,
      to: period.to,
      sheet: 'report.sheet.rooms',
      columns: [
        { id: 'report.column.room', width: 28 },
        { id: 'report.column.provider', width: 16 },
        { id: 'report.column.sessions', width: 10 },
        { id: 'report.column.hours', width: 10 },
        { id: 'report.column.participants', width: 12 },
        { id: 'report.column.storageUsedMb', width: 16 },
        { id: 'report.column.storageTotalMb', width: 16 },
      ],
      rows: rooms
        .slice(0, EXPORT_MAX_ROWS)
        .map((r) => [
          r.name,
          PROVIDERS[r.type],
          r.meetings,
          r.hours,
          r.participants,
          mb(r.storageUsedBytes),
          mb(r.storageTotalBytes),
        ]),
    },
    query.format,
    locale,
  );
}

export async function exportUsers(db: Db, actor: Actor, query: TExportQuery, locale: Locale): Promise<ExportFile> {
  requirePower(actor, 'viewReports');
  const period = resolvePeriod(query, actor.timeZone);
  const { users } = await usersOfPeriod(db, actor, period);
  return renderExport(
    {
      name: 'users',
      from: period.from,
      to: period.to,
      sheet: 'report.sheet.users',
      columns: [
        { id: 'report.column.firstName', width: 18 },
        { id: 'report.column.lastName', width: 18 },
        { id: 'report.column.role', width: 12 },
        { id: 'report.column.hosted', width: 12 },
        { id: 'report.column.attended', width: 12 },
        { id: 'report.column.minutes', width: 10 },
      ],
      rows: users
        .slice(0, EXPORT_MAX_ROWS)
        .map((u) => [u.fname, u.lname, t(locale, `report.role.${u.role}`), u.hosted, u.attended, u.minutes]),
    },
    query.format,
    locale,
  );
}
