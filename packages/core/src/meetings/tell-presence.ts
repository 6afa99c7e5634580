import { eq } from 'drizzle-orm';
import { meetingAssistants } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { type Pusher, pushStored, storeJobNotification } from '../notifications/push-notifications.ts';
import type { Ctx, MeetingRow } from './meeting-access.ts';

const log = logger.child({ module: 'meetings' });

/** A provider's join or leave, as applyProviderReport has it. */
export interface PresenceChange {
  type: 'joined' | 'left';
  session: string;
  providerUserId: string;
  /** The id we gave the provider at join (our user id, or `guest-…`), when it echoes one. */
  externalUserId?: string;
  name?: string;
  at: Date;
}

/**
 * "Notify when someone enters or leaves" (spec §3): the meeting's owner and assistants are told live, each in their
 * own language and digits (the catalog renders `at` in the meeting's zone as `when`; the name is a value, escaped).
 * Only when the meeting has the option on. The provider's retries of one event (same session, user, kind and time)
 * make one notification per reader (dedupe key); someone is not told of their own coming and going.
 */
export async function tellPresence(
  ctx: Ctx & { bus?: EventBus; push?: Pusher; requestFlush?: () => void },
  m: MeetingRow,
  e: PresenceChange,
): Promise<number> {
  if (!m.notifyEnterExit || m.status === 'deleted') return 0;
  const assistants = await ctx.db
    .select({ userId: meetingAssistants.userId })
    .from(meetingAssistants)
    .where(eq(meetingAssistants.meetingId, m.id));
  const readers = new Set([m.ownerUserId, ...assistants.map((a) => a.userId)]);
  if (e.externalUserId) readers.delete(e.externalUserId);
  if (!readers.size) return 0;
  const event = `presence:${m.id}:${e.type}:${e.session}:${e.providerUserId}:${+e.at}`;
  let made = 0;
  await ctx.db.transaction(async (tx) => {
    for (const userId of readers) {
      const created = await storeJobNotification(tx, {
        accountId: m.accountId,
        userId,
        type: 'notif',
        titleId: `notif.meeting.${e.type}.title`,
        messageId: `notif.meeting.${e.type}.message`,
        values: { participant: e.name?.trim() || '—', name: m.name, at: e.at.toISOString(), timeZone: m.timeZone },
        dedupeKey: `${event}:${userId}`,
        eventMeta: { meetingId: m.id, link: '/dashbord/meeting' },
      });
      if (created) made++;
    }
  });
  if (made) await pushStored(ctx).catch((err: unknown) => log.warn({ err }, 'presence notifications not pushed yet'));
  return made;
}
