import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { meetings, rooms } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import type { Ctx } from '../meetings/meeting-access.ts';
import { applyMeetingEvent } from '../meetings/meeting-status.ts';
import { tellAssistants } from '../meetings/tell-assistants.ts';
import { actorName, notifyUsers } from '../notifications/notify-users.ts';
import { roomValues } from '../wording/room-name.ts';
import { canManageRooms } from './rooms.ts';

/** De-assigning a room deletes that user's meetings in it (spec §4), each through the chart's `meeting.delete`. */
export async function unassignRoom(
  ctx: Ctx & { bus?: EventBus },
  actor: Actor,
  roomId: string,
): Promise<{ deletedMeetings: number }> {
  if (!canManageRooms(actor)) throw forbidden();
  const [room] = await ctx.db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.accountId, actor.accountId)));
  if (!room) throw notFound();
  let deleted = 0;
  if (room.assignedUserId) {
    const theirs = await ctx.db
      .select({ id: meetings.id, accountId: meetings.accountId, name: meetings.name })
      .from(meetings)
      .where(
        and(
          eq(meetings.roomId, roomId),
          eq(meetings.ownerUserId, room.assignedUserId),
          sql`${meetings.status} <> 'deleted'`,
        ),
      );
    for (const m of theirs) {
      await applyMeetingEvent(ctx, m.id, { type: 'meeting.delete' });
      await tellAssistants(ctx, actor, m, 'deleted');
      deleted++;
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(rooms).set({ assignedUserId: null }).where(eq(rooms.id, roomId));
    await recordAudit(tx, actor, 'room.unassign', roomId, { userId: room.assignedUserId, deletedMeetings: deleted });
  });
  // The user is told the room is gone and how many of their meetings in it were deleted with it.
  if (room.assignedUserId) {
    await notifyUsers(ctx, actor.userId, actor.accountId, [room.assignedUserId], {
      type: 'warning',
      titleId: 'notif.room.unassigned.title',
      messageId: 'notif.room.unassigned.message',
      values: { actor: actorName(actor), ...roomValues(room), meetings: deleted },
      collapseKey: `room:${roomId}`,
      eventMeta: { roomId, deletedMeetings: deleted, link: '/dashbord/meeting' },
    });
  }
  return { deletedMeetings: deleted };
}
