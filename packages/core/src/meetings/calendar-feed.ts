import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CALENDAR_FEED_PATH, type CalendarFeedLinks, type CalendarFeedStatus } from '@majlis/contracts/calendar-feed';
import { t } from '@majlis/i18n/server';
import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Actor } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import {
  accounts,
  calendarFeeds,
  invitations,
  meetingAssistants,
  meetingOccurrences,
  meetings,
  memberships,
  users,
} from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { addMeetingEvents, endLines, PROD_ID, spanOf } from './ics.ts';
import { vtimezone } from './vtimezone.ts';

/**
 * The calendar feed (issue 31): a secret per-user URL that a phone's calendar subscribes to (webcal://), serving the
 * user's meetings (their own, those they assist, those they are invited to) with every stored day, moved and
 * cancelled ones included. The secret is random (256 bits), stored as its SHA-256 and compared in constant time.
 */

/** How often a subscribed calendar should read the feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;
/** Days already over stay in the feed this long, so yesterday's meeting does not vanish from the phone. */
const KEEP_PAST_DAYS = 60;
/** A deleted meeting stays as a CANCELLED event this long, so subscribed calendars drop it. */
const KEEP_DELETED_DAYS = 30;
/** At most this many meetings in one feed (the latest first days). */
const FEED_MAX_MEETINGS = 500;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

function feedLinks(config: Config, userId: string, secret: string, createdAt: Date): CalendarFeedLinks {
  const https = `${config.publicUrl}${CALENDAR_FEED_PATH}/${userId}/${secret}.ics`;
  const webcal = https.replace(/^https?:\/\//, 'webcal://');
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}&name=Majlis`,
    createdAt: createdAt.toISOString(),
  };
}

export async function calendarFeedStatus(db: Db, actor: Actor): Promise<CalendarFeedStatus> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId));
  return { active: !!row, createdAt: row?.createdAt.toISOString() ?? null };
}

/** Makes the user's feed, or a new one: the old URL stops answering (404). The URL is shown this once. */
export async function createCalendarFeed(db: Db, config: Config, actor: Actor): Promise<CalendarFeedLinks> {
  const secret = randomBytes(32).toString('base64url');
  const secretHash = hashOf(secret).toString('hex');
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId: actor.userId, secretHash, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secretHash, createdAt } });
  return feedLinks(config, actor.userId, secret, createdAt);
}

export async function revokeCalendarFeed(db: Db, actor: Actor): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId));
}

/** The user whose feed this is, or 404: unknown user, no feed, a wrong or revoked secret, an inactive user. */
async function feedOwner(db: Db, userId: string, secret: string) {
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !/^[\w-]{20,100}$/.test(secret)) throw notFound();
  const [row] = await db
    .select({ hash: calendarFeeds.secretHash, locale: users.locale, active: users.active })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.userId, userId));
  const given = hashOf(secret);
  const stored = Buffer.from(row?.hash ?? '', 'hex');
  // both are 32 bytes when a row exists; compared in constant time either way (a missing row compares with itself)
  const same = timingSafeEqual(given, stored.length === given.length ? stored : Buffer.alloc(given.length));
  if (!row || !same || !row.active) throw notFound();
  return row;
}

/** The meetings in a user's feed: theirs or assisted (in accounts they are an active member of), or invited to. */
async function feedMeetings(db: Db, userId: string) {
  const now = Date.now();
  const member = sql`exists (select 1 from ${memberships} join ${accounts} on ${accounts.id} = ${memberships.accountId}
    where ${memberships.accountId} = ${meetings.accountId} and ${memberships.userId} = ${userId}
    and ${memberships.active} and ${accounts.status} = 'active')`;
  const hosting = or(
    eq(meetings.ownerUserId, userId),
    sql`exists (select 1 from ${meetingAssistants} where ${meetingAssistants.meetingId} = ${meetings.id} and ${meetingAssistants.userId} = ${userId})`,
  );
  const invited = sql`exists (select 1 from ${invitations} where ${invitations.meetingId} = ${meetings.id} and ${invitations.userId} = ${userId})`;
  const recent = sql`exists (select 1 from ${meetingOccurrences} where ${meetingOccurrences.meetingId} = ${meetings.id}
    and ${meetingOccurrences.endsAt} > ${new Date(now - KEEP_PAST_DAYS * 86_400_000)})`;
  const rows = await db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.kind, 'scheduled'),
        or(ne(meetings.status, 'deleted'), gt(meetings.updatedAt, new Date(now - KEEP_DELETED_DAYS * 86_400_000))),
        or(and(hosting, member), invited),
        recent,
      ),
    )
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(FEED_MAX_MEETINGS);
  if (!rows.length) return [];
  const days = await db
    .select()
    .from(meetingOccurrences)
    .where(
      inArray(
        meetingOccurrences.meetingId,
        rows.map((m) => m.id),
      ),
    )
    .orderBy(asc(meetingOccurrences.originalStartsAt));
  return rows.map((m) => ({ m, days: days.filter((d) => d.meetingId === m.id) }));
}

/**
 * The feed's text and its ETag. DTSTAMP is the latest change of any meeting in it, not the time of the request, so
 * the same meetings give the same bytes and a calendar app's If-None-Match gets a 304.
 */
export async function readCalendarFeed(
  db: Db,
  config: Config,
  userId: string,
  secret: string,
): Promise<{ body: string; etag: string }> {
  const owner = await feedOwner(db, userId, secret);
  const list = await feedMeetings(db, userId);
  const all = list.flatMap(({ m, days }) => [m.createdAt, m.updatedAt, ...days.flatMap((d) => [d.startsAt])]);
  const stamp = new Date(Math.max(0, ...list.map(({ m }) => +m.updatedAt)));
  const span = all.length
    ? spanOf(
        new Date(Math.min(...all.map(Number))),
        new Date(Math.max(...all.map(Number))),
        list.flatMap((x) => x.days),
      )
    : { from: stamp, to: stamp };
  const calendar = ical({
    prodId: PROD_ID,
    scale: 'GREGORIAN',
    name: t(owner.locale, 'calendar.feedName'),
    ttl: FEED_REFRESH_SECONDS,
    timezone: { name: null, generator: (zone) => vtimezone(zone, span) },
  });
  for (const { m, days } of list) addMeetingEvents(calendar, config, m, days, { now: stamp, cancelledEvents: true });
  const body = endLines(calendar);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}
