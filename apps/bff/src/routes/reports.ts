import {
  ZExportQuery,
  ZMeetingAttendance,
  ZMeetingsReport,
  ZMeetingsReportQuery,
  ZReportRange,
  ZRoomsReport,
  ZUsersReport,
} from '@majlis/contracts';
import type { ExportFile } from '@majlis/core/reports/export-file';
import { exportAttendance, exportMeetings, exportRooms, exportUsers } from '@majlis/core/reports/exports';
import { meetingAttendanceReport, meetingsReport } from '@majlis/core/reports/meetings-report';
import { roomsReport } from '@majlis/core/reports/rooms-report';
import { usersReport } from '@majlis/core/reports/users-report';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';
import { needsPower, requireActor } from '../http/session.ts';
import { doc, idParam, queryOf } from '../http/validate.ts';

const tags = ['reports'];
const power = 'viewReports' as const;

/** Refuses a role without the power before the query is read: a member learns 403, never a validation detail. */
const mayView = needsPower(power);

/** Exports are GETs (the browser follows a link) that read a whole period: limited per user. */
const exportLimit: MiddlewareHandler<Env> = async (c, next) => {
  await c.get('runtime').limits.consume('reportExportUser', requireActor(c).userId);
  await next();
};

/** The file as an attachment (ASCII name, never cached: it holds people's names). */
function sendFile(c: Context<Env>, file: ExportFile) {
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.filename}"`,
    'cache-control': 'no-store',
  });
}

/**
 * /api/reports (gate showReports, power viewReports) of the acting account: see packages/contracts/src/reports.ts
 * and, for what counts, packages/core/src/reports/stays.ts. A meeting id of another account answers 404. Export
 * column headers are in the request's language (the MajlisLang cookie, else Accept-Language: the language of this
 * request's error messages too).
 */
export const reportsRoutes = new Hono<Env>()
  .get(
    '/reports/meetings',
    doc('Meetings held in the period, paged and searched by name or number, with totals', {
      tags,
      response: ZMeetingsReport,
      power,
    }),
    mayView,
    queryOf(ZMeetingsReportQuery),
    async (c) => c.json(await meetingsReport(c.get('runtime').db, requireActor(c), c.req.valid('query'))),
  )
  .get(
    '/reports/meetings/export',
    doc('The meetings report of the period as CSV or XLSX (every row)', { tags, power }),
    mayView,
    queryOf(ZExportQuery),
    exportLimit,
    async (c) =>
      sendFile(c, await exportMeetings(c.get('runtime').db, requireActor(c), c.req.valid('query'), c.get('locale'))),
  )
  .get(
    '/reports/meetings/:id/attendance',
    doc("One meeting's stays in the period, by join time, with attendees, peak and minutes", {
      tags,
      response: ZMeetingAttendance,
      power,
    }),
    mayView,
    queryOf(ZReportRange),
    async (c) => {
      const { view } = await meetingAttendanceReport(
        c.get('runtime').db,
        requireActor(c),
        idParam(c.req.param('id')),
        c.req.valid('query'),
      );
      return c.json(view);
    },
  )
  .get(
    '/reports/meetings/:id/attendance/export',
    doc("One meeting's stays in the period as CSV or XLSX", { tags, power }),
    mayView,
    queryOf(ZExportQuery),
    exportLimit,
    async (c) =>
      sendFile(
        c,
        await exportAttendance(
          c.get('runtime').db,
          requireActor(c),
          idParam(c.req.param('id')),
          c.req.valid('query'),
          c.get('locale'),
        ),
      ),
  )
  .get(
    '/reports/rooms',
    doc('Every room of the account in the period: sessions, hours, participants, storage, trend', {
      tags,
      response: ZRoomsReport,
      power,
    }),
    mayView,
    queryOf(ZReportRange),
    async (c) => c.json(await roomsReport(c.get('runtime').db, requireActor(c), c.req.valid('query'))),
  )
  .get(
    '/reports/rooms/export',
    doc('The rooms report of the period as CSV or XLSX', { tags, power }),
    mayView,
    queryOf(ZExportQuery),
    exportLimit,
    async (c) =>
      sendFile(c, await exportRooms(c.get('runtime').db, requireActor(c), c.req.valid('query'), c.get('locale'))),
  )
  .get(
    '/reports/users',
    doc("The account's users (active or not) in the period: meetings hosted and attended, minutes", {
      tags,
      response: ZUsersReport,
      power,
    }),
    mayView,
    queryOf(ZReportRange),
    async (c) => c.json(await usersReport(c.get('runtime').db, requireActor(c), c.req.valid('query'))),
  )
  .get(
    '/reports/users/export',
    doc('The users report of the period as CSV or XLSX', { tags, power }),
    mayView,
    queryOf(ZExportQuery),
    exportLimit,
    async (c) =>
      sendFile(c, await exportUsers(c.get('runtime').db, requireActor(c), c.req.valid('query'), c.get('locale'))),
  );
