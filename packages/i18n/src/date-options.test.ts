import { describe, expect, it } from 'vitest';
import { formatDateTime } from './locales.ts';

/** A meeting moved to 00:21 in Cairo (22:21 UTC in winter): the hour as each locale's own short time writes it. */
describe('a date with its time, just after midnight', () => {
  const at = new Date('2026-11-29T22:21:00Z');
  it('writes the hour in two digits on the English 24-hour clock, as its short time does ("00:21", never "0:21")', () => {
    expect(formatDateTime('en', at, 'Africa/Cairo')).toMatch(/^30 Nov 2026, 00:21 /);
    expect(formatDateTime('en', new Date('2026-11-30T05:05:00Z'), 'Africa/Cairo')).toContain(', 07:05 ');
  });
  it('keeps the Arabic 12-hour clock in one digit, in the reader’s digits', () => {
    expect(formatDateTime('ar', at, 'Africa/Cairo')).toContain('١٢:٢١ ص');
    expect(formatDateTime('ar', at, 'Africa/Cairo', undefined, 'latn')).toContain('12:21 ص');
  });
});
