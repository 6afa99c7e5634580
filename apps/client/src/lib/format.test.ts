import { afterEach, describe, expect, it } from 'vitest';
import {
  DIGITS_KEY,
  formatDate,
  formatMoment,
  formatNumber,
  formatWhen,
  intlLocale,
  setReaderPrefs,
  showDigits,
  typedDigits,
  viewZone,
} from './format.ts';

const at = new Date('2026-11-24T07:00:00Z'); // 09:00 in Cairo

describe('the client formatter: one digit style per reader, both languages', () => {
  afterEach(() => setReaderPrefs({ digits: null, timeZone: null }));

  it('follows the language when the reader never chose: Arabic-Indic in Arabic, Latin in English', () => {
    expect(formatNumber('ar', 8175923446, { useGrouping: false })).toBe('٨١٧٥٩٢٣٤٤٦');
    expect(formatNumber('en', 1234)).toBe('1,234');
    expect(formatDate('ar', at, { timeZone: 'Africa/Cairo', hour: 'numeric', minute: '2-digit' })).toMatch(/^٩:٠٠/);
    expect(formatDate('en', at, { timeZone: 'Africa/Cairo', hour: 'numeric', minute: '2-digit' })).toBe('9:00');
  });

  it('Latin digits in Arabic: dates, counts and meeting numbers alike, words still Arabic', () => {
    setReaderPrefs({ digits: 'latn' });
    expect(intlLocale('ar')).toBe('ar-EG-u-nu-latn');
    const day = formatDate('ar', at, { timeZone: 'Africa/Cairo', day: 'numeric', month: 'long', year: 'numeric' });
    expect(day).toBe('24 نوفمبر 2026');
    expect(formatNumber('ar', 10)).toBe('10');
    expect(showDigits('ar', '٨١٧٥٩٢٣٤٤٦')).toBe('8175923446');
    expect(localStorage.getItem(DIGITS_KEY)).toBe('latn');
  });

  it('Arabic-Indic digits in English when chosen', () => {
    setReaderPrefs({ digits: 'arab' });
    expect(formatNumber('en', 24)).toBe('٢٤');
    expect(formatDate('en', at, { timeZone: 'Africa/Cairo', day: 'numeric', month: 'short' })).toBe('٢٤ Nov');
    expect(showDigits('en', '8175923446')).toBe('٨١٧٥٩٢٣٤٤٦');
  });

  it('accepts numbers typed in either style', () => {
    expect(typedDigits('٨١٧٥ 923۴46')).toBe('8175 923446');
  });

  it('shows moments in the profile zone, named when it differs from the device', () => {
    setReaderPrefs({ timeZone: 'Asia/Tokyo', digits: 'latn' });
    expect(viewZone()).toBe('Asia/Tokyo');
    const text = formatMoment('en', at, { hour: 'numeric', minute: '2-digit' });
    expect(text).toBe('16:00 (Japan Time)');
    setReaderPrefs({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(formatMoment('en', at, { hour: 'numeric', minute: '2-digit' })).not.toMatch(/\(/);
  });

  it("meeting times (cards, calendar, rooms) name the profile's zone when the device's clock differs", () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = device === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const iso = at.toISOString();
    expect(formatWhen('en', iso, other)).toMatch(
      other === 'Asia/Tokyo' ? /16:00 \(Japan Time\)$/ : /02:00 \(New York Time\)$/,
    );
    expect(formatWhen('en', iso, device)).not.toMatch(/\(/);
    expect(formatWhen('en', iso, other, { hour: undefined, minute: undefined })).not.toMatch(/\(/);
  });
});
