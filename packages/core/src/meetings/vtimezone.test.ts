import { describe, expect, it } from 'vitest';
import { vtimezone } from './vtimezone.ts';

const span = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

describe('vtimezone', () => {
  it("writes Cairo's 2026 changes from the runtime's time-zone database (EEST from 24 Apr to 29 Oct)", () => {
    const text = vtimezone('Africa/Cairo', span('2026-04-09T08:00:00Z', '2026-11-12T09:00:00Z'));
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Africa/Cairo',
      'BEGIN:DAYLIGHT',
      'DTSTART:20250425T000000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0300',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20251031T000000',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0200',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20260424T000000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0300',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20261030T000000',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0200',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('gives DTSTART on the clock before the change (New York: 02:00 EST in March, 02:00 EDT in November)', () => {
    const text = vtimezone('America/New_York', span('2026-03-01T12:00:00Z', '2026-11-15T12:00:00Z'));
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\n');
  });

  it('writes the standing offset of a zone without changes in the span', () => {
    const text = vtimezone('Asia/Riyadh', span('2026-04-09T08:00:00Z', '2026-11-12T09:00:00Z'));
    expect(text).toMatch(/TZID:Asia\/Riyadh\r\n/);
    expect(text).toMatch(/TZOFFSETTO:\+0300\r\nEND:STANDARD\r\nEND:VTIMEZONE$/);
    expect(text).not.toContain('DAYLIGHT');
    expect(vtimezone('UTC', span('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z'))).toContain(
      'BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0000\r\nEND:STANDARD',
    );
  });
});
