import { eq } from 'drizzle-orm';
import { meetings, rooms } from '../db/schema/index.ts';
import { providerFor } from '../providers/conferencing/index.ts';
import type { Ctx, MeetingRow } from './meeting-access.ts';
import { onProvider, providerMeetingOf } from './meeting-status.ts';

/** Links (or updates) the meeting on its room's provider after a create, an edit or a new passcode; keeps its answer. */
export async function syncProvider(ctx: Ctx, m: MeetingRow): Promise<MeetingRow> {
  const [room] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
  if (!room) return m;
  const provider = providerFor(ctx.config, room.type);
  const link = await onProvider(async () => provider.schedule(await providerMeetingOf(ctx.db, m, room)));
  const [saved] = await ctx.db
    .update(meetings)
    .set({ providerMeetingId: link.providerMeetingId, providerData: link.providerData })
    .where(eq(meetings.id, m.id))
    .returning();
  return saved ?? m;
}
