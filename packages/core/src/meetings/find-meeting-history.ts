import type { AttendanceView, MeetingRecordingView } from '@majlis/contracts/meetings';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { attendance, recordings } from '../db/schema/index.ts';
import { type Ctx, findMeeting } from './meeting-access.ts';

/** What a meeting left behind, as its providers reported it: who attended, and the recordings. */

export async function meetingAttendance(ctx: Ctx, actor: Actor, id: string): Promise<AttendanceView[]> {
  const m = await findMeeting(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(attendance)
    .where(eq(attendance.meetingId, m.id))
    .orderBy(asc(attendance.joinedAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    userId: r.userId,
    joinedAt: r.joinedAt.toISOString(),
    leftAt: r.leftAt?.toISOString() ?? null,
  }));
}

export async function meetingRecordings(ctx: Ctx, actor: Actor, id: string): Promise<MeetingRecordingView[]> {
  const m = await findMeeting(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(recordings)
    .where(and(eq(recordings.meetingId, m.id), isNull(recordings.deletedAt)))
    .orderBy(asc(recordings.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sizeBytes: Number(r.sizeBytes),
    url: r.url,
    downloads: r.downloads,
    startTime: r.startTime?.toISOString() ?? null,
    endTime: r.endTime?.toISOString() ?? null,
  }));
}
