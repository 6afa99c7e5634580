import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { meetings, rooms } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import type { Ctx } from '../meetings/meeting-access.ts';
import { applyMeetingEvent } from '../meetings/meeting-status.ts';
import { canManageRooms } from './rooms.ts';

/** De-assigning a room deletes that user's meetings in it (spec §4), each through the chart's `meeting.delete`. */
export async function unassignRoom(ctx: Ctx, actor: Actor, roomId: string): Promise<{ deletedMeetings: number }> {
  if (!canManageRooms(actor)) throw forbidden();
  const [room] = await ctx.db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.accountId, actor.accountId)));
  if (!room) throw notFound();
  let deleted = 0;
  if (room.assignedUserId) {
    const theirs = await ctx.db
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          eq(meetings.roomId, roomId),
          eq(meetings.ownerUserId, room.assignedUserId),
          sql`${meetings.status} <> 'deleted'`,
        ),
      );
    for (const { id } of theirs) {
      await applyMeetingEvent(ctx, id, { type: 'meeting.delete' });
      deleted++;
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(rooms).set({ assignedUserId: null }).where(eq(rooms.id, roomId));
    await recordAudit(tx, actor, 'room.unassign', roomId, { userId: room.assignedUserId, deletedMeetings: deleted });
  });
  return { deletedMeetings: deleted };
}
