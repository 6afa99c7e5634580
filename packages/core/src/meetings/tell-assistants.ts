import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { meetingAssistants } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { actorName, notifyUsers } from '../notifications/notify-users.ts';
import type { Ctx, MeetingRow } from './meeting-access.ts';

export type AssistedChange = 'moved' | 'cancelled' | 'deleted';

/**
 * A meeting someone assists in was moved, cancelled (a day, or the meeting made inactive) or deleted: its assistants
 * are told, the one who did it is not. Changes of one meeting collapse while unread (the latest is shown).
 */
export async function tellAssistants(
  ctx: Ctx & { bus?: EventBus },
  actor: Actor,
  m: Pick<MeetingRow, 'id' | 'accountId' | 'name'>,
  change: AssistedChange,
  assistantIds?: string[],
  /** For 'moved': the new start and the meeting's zone, written in each reader's language when read. */
  movedTo?: { at: Date; timeZone: string },
): Promise<number> {
  const ids =
    assistantIds ??
    (
      await ctx.db
        .select({ userId: meetingAssistants.userId })
        .from(meetingAssistants)
        .where(eq(meetingAssistants.meetingId, m.id))
    ).map((a) => a.userId);
  return notifyUsers(ctx, actor.userId, m.accountId, ids, {
    type: change === 'moved' ? 'notif' : 'warning',
    titleId: `notif.meeting.${change}.title`,
    messageId: movedTo ? 'notif.meeting.movedTo.message' : `notif.meeting.${change}.message`,
    values: {
      actor: actorName(actor),
      name: m.name,
      ...(movedTo ? { at: movedTo.at.toISOString(), timeZone: movedTo.timeZone } : {}),
    },
    collapseKey: `meeting:${m.id}`,
    eventMeta: { meetingId: m.id, change, link: '/dashbord/meeting' },
  });
}
