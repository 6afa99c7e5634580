import { Temporal } from 'temporal-polyfill';

/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for `timeZone` covering [from, to], from the runtime's own time-zone database (Node's
 * ICU, through Temporal): the change that set the offset in force at `from`, then one STANDARD or DAYLIGHT part per
 * change up to `to`.
 *
 * Hand-written on purpose: @touch4it/ical-timezones (ical-generator's suggested generator) ships tzurl.org's 2018g
 * data, in which Africa/Cairo has no daylight saving (Egypt brought it back in 2023), so its VTIMEZONE would put every
 * summer meeting an hour off for any calendar that reads the VTIMEZONE. The runtime's database is kept current with
 * Node releases.
 */
export function vtimezone(timeZone: string, span: { from: Date; to: Date }): string {
  const from = Temporal.Instant.fromEpochMilliseconds(+span.from).toZonedDateTimeISO(timeZone);
  const until = Temporal.Instant.fromEpochMilliseconds(+span.to).add({ hours: 24 });
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const since = from.getTimeZoneTransition('previous');
  // the change before that one too, so a zone with daylight saving always shows both its STANDARD and DAYLIGHT parts
  // (some calendar apps expect the pair even when every day of the meeting falls in one of them)
  const sinceBefore = since?.getTimeZoneTransition('previous');
  if (sinceBefore) lines.push(...part(sinceBefore));
  if (since) lines.push(...part(since));
  else lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', ...offsets(from.offset, from.offset), 'END:STANDARD');
  let next = from.getTimeZoneTransition('next');
  while (next && Temporal.Instant.compare(next.toInstant(), until) <= 0) {
    lines.push(...part(next));
    next = next.getTimeZoneTransition('next');
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** One change: DTSTART is its local time on the clock before it; a change to a larger offset is daylight time. */
function part(change: Temporal.ZonedDateTime): string[] {
  const before = change.subtract({ nanoseconds: 1 });
  const kind = change.offsetNanoseconds > before.offsetNanoseconds ? 'DAYLIGHT' : 'STANDARD';
  // the wall clock as UTC fields: an offset zone cannot be used, historical offsets have seconds Temporal refuses there
  const local = Temporal.Instant.fromEpochNanoseconds(change.epochNanoseconds + BigInt(before.offsetNanoseconds))
    .toZonedDateTimeISO('UTC')
    .toPlainDateTime();
  const dtstart = local.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
  return [`BEGIN:${kind}`, `DTSTART:${dtstart}`, ...offsets(before.offset, change.offset), `END:${kind}`];
}

/** '+03:00' → '+0300' (seconds kept when a historical offset has them). */
function offsets(from: string, to: string): string[] {
  const utcOffset = (o: string) => o.replace(/:/g, '');
  return [`TZOFFSETFROM:${utcOffset(from)}`, `TZOFFSETTO:${utcOffset(to)}`];
}
