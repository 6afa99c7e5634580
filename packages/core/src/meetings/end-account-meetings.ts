import { and, eq } from 'drizzle-orm';
import { meetings } from '../db/schema/index.ts';
import { logger } from '../log.ts';
import type { Ctx } from './meeting-access.ts';
import { applyMeetingEvent, endEvent } from './meeting-status.ts';

const log = logger.child({ module: 'meetings' });

/**
 * Ends every running meeting of an account (its suspension or ban): each as the owner's end button would (the
 * provider is told, open attendance closes, a permanent or recurring meeting is available again), one at a time.
 * A provider that fails leaves that one running on our side, logged: nobody joins it anyway while the account is
 * closed, and the sweeper or the provider's own end report settles it. Answers how many were ended.
 */
export async function endAccountMeetings(ctx: Ctx, accountId: string): Promise<number> {
  const running = await ctx.db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.accountId, accountId), eq(meetings.status, 'running')));
  let ended = 0;
  for (const { id } of running) {
    try {
      const m = await applyMeetingEvent(ctx, id, endEvent('meeting.end', ctx.db), { strict: false });
      if (m.status !== 'running') ended++;
    } catch (err) {
      log.warn({ err, meeting: id }, 'ending a closed account’s meeting failed');
    }
  }
  return ended;
}
