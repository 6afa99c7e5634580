import { and, eq, gte, isNotNull, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { meetings, rooms } from '../db/schema/index.ts';
import { logger } from '../log.ts';
import { storeRecording } from '../meetings/apply-provider-event.ts';
import type { MeetingRow } from '../meetings/meeting-access.ts';
import { fromGetRecordings } from '../providers/conferencing/bbb/webhooks.ts';
import { conferencing } from '../providers/conferencing/index.ts';
import type { JobContext, JobDefinition } from './types.ts';

const log = logger.child({ module: 'bbb-recordings-import' });

/** How long after a meeting's end its recordings are still looked for (BBB processing can take hours). */
export const IMPORT_DAYS = 3;
/** Meetings per getRecordings call (its meetingID takes a comma list). */
const BATCH = 20;

/**
 * Recordings BigBlueButton made that we were not told about (a lost recording-ready callback or webhook): for BBB
 * meetings that ended in the last IMPORT_DAYS days and could record, getRecordings, and each one stored as the
 * callback would (storeRecording: once, formats added, a deleted one never brought back). Returns how many rows were
 * stored or changed; nothing without a BBB server.
 */
export async function importBbbRecordings(ctx: Pick<JobContext, 'db' | 'config' | 'now'>): Promise<number> {
  const bbb = conferencing(ctx.config).bbb;
  if (!bbb) return 0;
  const since = new Date(+ctx.now() - IMPORT_DAYS * 86_400_000);
  const ended = (
    await ctx.db
      .select({ m: meetings })
      .from(meetings)
      .innerJoin(rooms, eq(rooms.id, meetings.roomId))
      .where(
        and(
          eq(rooms.type, 'bbb'),
          isNotNull(meetings.providerMeetingId),
          gte(meetings.endedAt, since),
          ne(meetings.status, 'deleted'),
          or(eq(meetings.autoRecord, true), eq(meetings.allowStopRecording, true)),
        ),
      )
  ).map((r) => r.m);
  let changed = 0;
  for (let i = 0; i < ended.length; i += BATCH) {
    const batch = ended.slice(i, i + BATCH);
    const byProviderId = new Map<string, MeetingRow>(batch.map((m) => [m.providerMeetingId as string, m]));
    let found: Awaited<ReturnType<typeof bbb.getRecordings>>;
    try {
      found = await bbb.getRecordings({ meetingID: [...byProviderId.keys()].join(',') });
    } catch (err) {
      log.warn({ err }, 'getRecordings failed; next run tries again');
      continue;
    }
    for (const rec of found) {
      const m = byProviderId.get(rec.meetingID);
      if (m && (await storeRecording(ctx, m, fromGetRecordings(rec, m)))) changed++;
    }
  }
  return changed;
}

export const bbbRecordingsImportJob: JobDefinition = {
  name: 'bbb-recordings-import',
  queue: 'maintenance',
  everyMs: 15 * 60 * 1000,
  atStart: true,
  payload: z.strictObject({}),
  async handle(ctx) {
    await importBbbRecordings(ctx);
  },
};
