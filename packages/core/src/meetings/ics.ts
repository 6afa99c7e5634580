import { asc, eq } from 'drizzle-orm';
import ical, {
  ICalAttendeeRole,
  type ICalCalendar,
  ICalCalendarMethod,
  type ICalEventData,
  ICalEventStatus,
} from 'ical-generator';
import type { Temporal } from 'temporal-polyfill';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { meetingOccurrences } from '../db/schema/index.ts';
import { joinLink } from './find-meetings.ts';
import type { MeetingRow } from './meeting-access.ts';
import { expandOccurrences, inZone, localParts } from './time.ts';
import { vtimezone } from './vtimezone.ts';

/**
 * iCalendar (RFC 5545) for a meeting, written by ical-generator in the meeting's own time zone: DTSTART;TZID=… with a
 * VTIMEZONE, so a weekly 10:00 Cairo meeting stays at 10:00 in calendar apps across daylight-saving changes, as it does
 * in Majlis. The days are the ones Majlis stores: a weekly RRULE when they follow one (EXDATE for cancelled days), the
 * list of days (RDATE) when they do not (a rule edited after some days had passed); a moved or resized day is an
 * override (RECURRENCE-ID).
 */

type Occurrence = typeof meetingOccurrences.$inferSelect;
type IcsMeeting = Pick<
  MeetingRow,
  | 'id'
  | 'number'
  | 'passcode'
  | 'name'
  | 'description'
  | 'status'
  | 'timeZone'
  | 'durationMinutes'
  | 'recurrenceDays'
  | 'startsAt'
  | 'createdAt'
  | 'updatedAt'
>;

export interface IcsOptions {
  method?: 'REQUEST' | 'PUBLISH';
  organizer?: { name: string; email: string };
  attendee?: string;
  now?: Date;
  /** The join link to write (default: joinLink); the hook for a link that carries a passcode. */
  joinUrl?: string;
}

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

export async function meetingIcs(db: Db, config: Config, m: MeetingRow, opts: IcsOptions = {}): Promise<string> {
  const occurrences = await db
    .select()
    .from(meetingOccurrences)
    .where(eq(meetingOccurrences.meetingId, m.id))
    .orderBy(asc(meetingOccurrences.originalStartsAt));
  return invitationIcs(config, m, occurrences, opts);
}

/** The .ics of a meeting and its stored days (ordered by original start). */
export function invitationIcs(config: Config, m: IcsMeeting, occurrences: Occurrence[], opts: IcsOptions = {}): string {
  const { start, end } = firstSpan(m, occurrences);
  const calendar = ical({
    prodId: PROD_ID,
    scale: 'GREGORIAN',
    method: opts.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.PUBLISH,
    // name null: only the events carry the zone, so DTSTAMP stays in UTC as RFC 5545 wants
    timezone: { name: null, generator: (zone) => vtimezone(zone, spanOf(start, end, occurrences)) },
  });
  addMeetingEvents(calendar, config, m, occurrences, opts);
  return endLines(calendar);
}

export const PROD_ID = { company: 'Majlis', product: 'Meetings', language: 'AR' };

/** The calendar's text, ending in CRLF as RFC 5545 wants. */
export const endLines = (calendar: ICalCalendar) => calendar.toString().replace(/(\r\n)?$/, '\r\n');

/** Where the meeting's event starts and ends: a series at its first original day, a single day as it is now. */
function firstSpan(m: IcsMeeting, occurrences: Occurrence[]): { start: Date; end: Date; recurring: boolean } {
  // a series of one day is written as that day (an RRULE or RDATE set of one adds nothing)
  const recurring = m.recurrenceDays.length > 0 && occurrences.length > 1;
  const first = occurrences[0];
  const start = (recurring ? first?.originalStartsAt : first?.startsAt) ?? m.startsAt ?? m.createdAt;
  const end = !recurring && first ? first.endsAt : new Date(+start + m.durationMinutes * 60_000);
  return { start, end, recurring };
}

/**
 * Adds a meeting's events to a calendar: the master (with its repetition) and an override per moved day. With
 * `cancelledEvents` (the calendar feed) a cancelled day of a series is also its own CANCELLED override, beside the
 * EXDATE, so a subscribed calendar that kept the day removes it.
 */
export function addMeetingEvents(
  calendar: ICalCalendar,
  config: Config,
  m: IcsMeeting,
  occurrences: Occurrence[],
  opts: IcsOptions & { cancelledEvents?: boolean } = {},
): void {
  const tz = m.timeZone;
  // Passcodes: a join link that carries the meeting's passcode is built here, for the invitation and the feed alike.
  const link = opts.joinUrl ?? joinLink(config, m.number, m.passcode);
  const { start, end, recurring } = firstSpan(m, occurrences);
  const first = occurrences[0];
  const at = (d: Date) => inZone(d, tz);
  const common: Omit<ICalEventData, 'start'> = {
    id: `${m.id}@${new URL(config.publicUrl).hostname}`,
    sequence: Math.floor(+m.updatedAt / 1000) % 2_000_000_000,
    stamp: opts.now ?? new Date(),
    timezone: tz,
    summary: m.name,
    description: [m.description, link, `#${m.number}`].filter(Boolean).join('\n\n'),
    location: link,
    url: link,
    organizer: opts.organizer,
    attendees: opts.attendee ? [{ email: opts.attendee, role: ICalAttendeeRole.REQ, rsvp: false }] : [],
  };
  calendar.createEvent({
    ...common,
    start: at(start),
    end: at(end),
    status: m.status === 'deleted' || (!recurring && first?.cancelled) ? ICalEventStatus.CANCELLED : null,
    repeating: recurring ? repetition(m, occurrences) : null,
  });
  if (!recurring) return;
  for (const o of occurrences) {
    if (o.cancelled && !opts.cancelledEvents) continue;
    if (!o.cancelled && !o.edited) continue;
    calendar.createEvent({
      ...common,
      recurrenceId: at(o.originalStartsAt),
      start: at(o.startsAt),
      end: at(o.endsAt),
      status: o.cancelled ? ICalEventStatus.CANCELLED : null,
    });
  }
}

/**
 * RRULE:FREQ=WEEKLY in local time when the stored days are exactly what that rule gives from the first one, else
 * RDATE lines (every stored day, the first included: RFC 5545 ignores the duplicate of DTSTART). Cancelled days are
 * EXDATEs either way. Written as lines (ical-generator's string form) because its object form has no RDATE.
 */
function repetition(m: IcsMeeting, occurrences: Occurrence[]): string {
  const tz = m.timeZone;
  const first = localParts((occurrences[0] as Occurrence).originalStartsAt, tz);
  const rule = expandOccurrences(
    {
      day: first.day,
      hour: first.hour,
      timeZone: tz,
      recurrenceDays: m.recurrenceDays,
      repeatDays: occurrences.length,
    },
    occurrences.length,
  );
  const weekly =
    rule.length === occurrences.length && rule.every((d, i) => +d === +(occurrences[i] as Occurrence).originalStartsAt);
  const lines = weekly
    ? [
        `RRULE:FREQ=WEEKLY;BYDAY=${[...m.recurrenceDays]
          .sort()
          .map((d) => DAY_CODES[d])
          .join(',')};COUNT=${occurrences.length}`,
      ]
    : occurrences.map((o) => `RDATE;TZID=${tz}:${localStamp(inZone(o.originalStartsAt, tz))}`);
  const cancelled = occurrences.filter((o) => o.cancelled);
  if (cancelled.length) {
    lines.push(`EXDATE;TZID=${tz}:${cancelled.map((o) => localStamp(inZone(o.originalStartsAt, tz))).join(',')}`);
  }
  // ical-generator prefixes a single line that is not an RRULE with "RRULE:"; a lone line here is always the RRULE,
  // since the RDATE form has one line per stored day and a series has at least two
  return lines.join('\r\n');
}

/** 'YYYYMMDDTHHMMSS' on the zone's wall clock (the value of a property with TZID). */
function localStamp(z: Temporal.ZonedDateTime): string {
  return z.toPlainDateTime().toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
}

/** The instants the VTIMEZONE must cover: every start and end the calendar will show. */
export function spanOf(start: Date, end: Date, occurrences: Occurrence[]): { from: Date; to: Date } {
  const all = [start, end, ...occurrences.flatMap((o) => [o.originalStartsAt, o.startsAt, o.endsAt])].map(Number);
  return { from: new Date(Math.min(...all)), to: new Date(Math.max(...all)) };
}
