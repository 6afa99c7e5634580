import { asc, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { meetingOccurrences } from '../db/schema/index.ts';
import { joinLink } from './find-meetings.ts';
import type { MeetingRow } from './meeting-access.ts';

/** iCalendar (RFC 5545) for a meeting: one VEVENT (RRULE when recurring, EXDATE for cancelled days, overrides for moved ones). */

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export function icsDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping: backslash, semicolon, comma, newline. */
export function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface IcsOptions {
  method?: 'REQUEST' | 'PUBLISH';
  organizer?: { name: string; email: string };
  attendee?: string;
  now?: Date;
}

export async function meetingIcs(db: Db, config: Config, m: MeetingRow, opts: IcsOptions = {}): Promise<string> {
  const occurrences = await db
    .select()
    .from(meetingOccurrences)
    .where(eq(meetingOccurrences.meetingId, m.id))
    .orderBy(asc(meetingOccurrences.originalStartsAt));
  const host = new URL(config.publicUrl).hostname;
  const uid = `${m.id}@${host}`;
  const link = joinLink(config, m.number);
  const stamp = icsDate(opts.now ?? new Date());
  const first = occurrences[0];
  const start = first?.originalStartsAt ?? m.startsAt ?? m.createdAt;
  const end = new Date(+start + m.durationMinutes * 60_000);
  const description = [m.description, `${link}`, `#${m.number}`].filter(Boolean).join('\n\n');
  const common = (): string[] => [
    `SUMMARY:${icsText(m.name)}`,
    `DESCRIPTION:${icsText(description)}`,
    `LOCATION:${icsText(link)}`,
    `URL:${link}`,
    ...(opts.organizer ? [`ORGANIZER;CN=${icsText(opts.organizer.name)}:mailto:${opts.organizer.email}`] : []),
    ...(opts.attendee ? [`ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${opts.attendee}`] : []),
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Majlis//Meetings//AR',
    'CALSCALE:GREGORIAN',
    `METHOD:${opts.method ?? 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsDate(start)}`,
    `DTEND:${icsDate(end)}`,
    `SEQUENCE:${Math.floor(+m.updatedAt / 1000) % 2_000_000_000}`,
    ...common(),
  ];
  if (m.status === 'deleted') lines.push('STATUS:CANCELLED');
  if (m.recurrenceDays.length && first) {
    // BYDAY in UTC: the weekdays shift when the local hour falls on the other side of midnight in UTC
    const dayShift = (start.getUTCDay() - localWeekdayOf(start, m.timeZone) + 7) % 7;
    const byDay = m.recurrenceDays.map((d) => DAY_CODES[(d + dayShift) % 7]).join(',');
    lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${byDay};COUNT=${occurrences.length}`);
    for (const o of occurrences.filter((o) => o.cancelled)) lines.push(`EXDATE:${icsDate(o.originalStartsAt)}`);
  }
  lines.push('END:VEVENT');
  if (m.recurrenceDays.length) {
    for (const o of occurrences.filter((o) => o.edited && !o.cancelled)) {
      lines.push(
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `DTSTAMP:${stamp}`,
        `RECURRENCE-ID:${icsDate(o.originalStartsAt)}`,
        `DTSTART:${icsDate(o.startsAt)}`,
        `DTEND:${icsDate(o.endsAt)}`,
        ...common(),
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

function localWeekdayOf(d: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(d);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}
