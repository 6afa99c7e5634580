import { describe, expect, it } from 'vitest';
import { zoneName } from './locales.ts';
import { formatPhone } from './phone.ts';
import {
  formatHijri,
  formatMoney,
  formatReference,
  isolateLtr,
  joinParts,
  SEPARATOR,
  withHijri,
} from './typography.ts';
import { canonicalZone, zoneOptions } from './zones.ts';

const ARAB = /[\u0660-\u0669]/;
const LATN = /[0-9]/;
/** A "·" or "." beside an Arabic-Indic digit reads as the Arabic zero. */
const DOT_BESIDE_DIGIT =
  /[·.][\s\u2066-\u2069\u200e\u200f]*[\u0660-\u0669]|[\u0660-\u0669][\s\u2066-\u2069\u200e\u200f]*[·.]/;

describe('separators', () => {
  it('joins a line with a separator that is no dot, leaving out empty pieces', () => {
    const line = joinParts(['١٠ مشاركين', null, '', false, 'الرقم ٦٣٧٣٦٩٠٨٦٥', 'الغرفة']);
    expect(line).toBe('١٠ مشاركين — الرقم ٦٣٧٣٦٩٠٨٦٥ — الغرفة');
    expect(line).not.toMatch(DOT_BESIDE_DIGIT);
    expect(SEPARATOR).not.toMatch(/[·.\u0660-\u06690-9]/);
  });
});

describe('Hijri dates (Umm al-Qura)', () => {
  it('1 Ramadan 1447 is 18 February 2026', () => {
    const day = new Date('2026-02-18T12:00:00Z');
    expect(formatHijri('ar', day, 'Asia/Riyadh')).toBe('١ رمضان ١٤٤٧ هـ');
    expect(formatHijri('en', day, 'Asia/Riyadh')).toBe('1 Ramadan 1447 AH');
    expect(formatHijri('ar', day, 'Africa/Cairo', 'latn')).toBe('1 رمضان 1447 هـ');
  });

  it('knows other announced days: 1 Muharram 1447 (26 June 2025), 1 Shawwal 1446 (30 March 2025)', () => {
    expect(formatHijri('en', new Date('2025-06-26T12:00:00Z'), 'Asia/Riyadh')).toBe('1 Muharram 1447 AH');
    expect(formatHijri('ar', new Date('2025-03-30T12:00:00Z'), 'Asia/Riyadh')).toBe('١ شوال ١٤٤٦ هـ');
  });

  it('takes the day of the reader’s zone, and is added only when asked', () => {
    // 17 February 22:30 UTC is already the 18th in Riyadh.
    const late = new Date('2026-02-17T22:30:00Z');
    expect(formatHijri('en', late, 'Asia/Riyadh')).toBe('1 Ramadan 1447 AH');
    expect(formatHijri('en', late, 'UTC')).toBe('29 Shaʻban 1447 AH');
    expect(withHijri('ar', '١٨ فبراير ٢٠٢٦', late, 'Asia/Riyadh', true)).toBe('١٨ فبراير ٢٠٢٦ (١ رمضان ١٤٤٧ هـ)');
    expect(withHijri('ar', '١٨ فبراير ٢٠٢٦', late, 'Asia/Riyadh', false)).toBe('١٨ فبراير ٢٠٢٦');
  });
});

describe('time-zone names', () => {
  it('names a zone by its place in both languages, never by an abbreviation or the id', () => {
    expect(zoneName('ar', 'Africa/Cairo')).toBe('توقيت مصر');
    expect(zoneName('en', 'Africa/Cairo')).toBe('Egypt Time');
    expect(zoneName('en', 'Africa/Cairo')).not.toMatch(/Eastern European/);
    expect(zoneName('ar', 'Asia/Riyadh')).toBe('توقيت المملكة العربية السعودية');
    expect(zoneName('en', 'Asia/Riyadh')).toBe('Saudi Arabia Time');
    expect(zoneName('en', 'Asia/Dubai')).toBe('United Arab Emirates Time');
    expect(zoneName('ar', 'America/New_York')).toBe('توقيت نيويورك');
    expect(zoneName('en', 'UTC')).toBe('Coordinated Universal Time');
    expect(zoneName('ar', 'UTC')).toBe('التوقيت العالمي المنسق');
  });

  it('lists canonical zones only, named in the reader’s language and searchable in both', () => {
    const ar = zoneOptions('ar', null, new Date('2026-01-15T12:00:00Z'));
    const values = ar.map((o) => o.value);
    expect(values).toContain('Africa/Asmara');
    expect(values).not.toContain('Africa/Asmera');
    expect(values).not.toContain('Asia/Calcutta');
    expect(values).toContain('Asia/Kolkata');
    expect(canonicalZone('Europe/Kiev')).toBe('Europe/Kyiv');
    for (const o of ar) {
      expect(o.label, o.value).not.toMatch(/\//);
      expect(o.label, o.value).not.toMatch(/[A-Za-z]/);
    }
    const cairo = ar.find((o) => o.value === 'Africa/Cairo');
    expect(cairo?.label).toBe('توقيت مصر (غرينتش+٢)');
    expect(cairo?.region).toBe('Africa');
    expect(ar.filter((o) => o.search.includes('cairo')).map((o) => o.value)).toEqual(['Africa/Cairo']);
    expect(ar.filter((o) => o.search.includes('egypt')).map((o) => o.value)).toEqual(['Africa/Cairo']);
    const en = zoneOptions('en', null, new Date('2026-01-15T12:00:00Z'));
    expect(en.find((o) => o.value === 'Africa/Cairo')?.label).toBe('Egypt Time (GMT+2)');
    expect(en.filter((o) => o.search.includes('مصر')).map((o) => o.value)).toEqual(['Africa/Cairo']);
    // Grouped: a region's zones come together, regions in a fixed order.
    const regions = ar.map((o) => o.region).filter((r, i, all) => r !== all[i - 1]);
    expect(new Set(regions).size).toBe(regions.length);
    expect(regions[0]).toBe('Africa');
  }, 30_000);

  it('keeps a saved zone that another of its country would hide', () => {
    const options = zoneOptions('en', null, new Date('2026-01-15T12:00:00Z'), 'Asia/Calcutta');
    expect(options.some((o) => o.value === 'Asia/Kolkata')).toBe(true);
  }, 30_000);
});

describe('phones', () => {
  it.each([
    ['+201005556677', '+20 10 0555 6677', '+٢٠ ١٠ ٠٥٥٥ ٦٦٧٧'],
    ['+20223456789', '+20 2 23456789', '+٢٠ ٢ ٢٣٤٥٦٧٨٩'],
    ['+966501234567', '+966 50 123 4567', '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧'],
    ['+971501234567', '+971 50 123 4567', '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧'],
    ['+12025550123', '+1 202 555 0123', '+١ ٢٠٢ ٥٥٥ ٠١٢٣'],
  ])('%s is grouped as its country writes it, isolated left to right', (e164, latin, arabic) => {
    expect(formatPhone('en', e164)).toBe(`\u2066${latin}\u2069`);
    // Arabic-Indic groups carry left-to-right marks around their separators (their visual order: core's bidi test).
    const ar = formatPhone('ar', e164);
    expect(ar.replaceAll('\u200e', '')).toBe(`\u2066${arabic}\u2069`);
    expect(ar).toContain('\u200e \u200e');
    expect(formatPhone('ar', e164, 'latn', false)).toBe(latin);
    // Typed in Arabic-Indic digits with a leading 00, it reads the same.
    expect(formatPhone('en', `٠٠${e164.slice(1).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)))}`)).toBe(
      `\u2066${latin}\u2069`,
    );
  });

  it('shows a number it cannot read as given', () => {
    expect(formatPhone('en', '12345', null, false)).toBe('12345');
    expect(formatPhone('en', '')).toBe('');
  });
});

describe('prices and references', () => {
  it('places the currency by Intl, with no Latin letters in an Arabic price', () => {
    expect(formatMoney('en', 200, 'USD')).toBe('US$2');
    expect(formatMoney('en', 250, 'USD')).toBe('US$2.50');
    const usd = formatMoney('ar', 200, 'USD');
    expect(usd).not.toMatch(/[A-Za-z]/);
    expect(usd).toContain('٢');
    expect(usd).toContain('دولار');
    expect(formatMoney('ar', 200, 'EGP')).toMatch(/٢\s*ج\.م\./);
    expect(formatMoney('ar', 250, 'USD', 'latn')).toMatch(/^\u200f?2\.50 دولار/);
  });

  it('isolates a reference in the reader’s digits', () => {
    expect(formatReference('ar', '2026-000002')).toBe('\u2066٢٠٢٦\u200e-\u200e٠٠٠٠٠٢\u2069');
    expect(formatReference('ar', '2026-000002', 'latn')).toBe('\u20662026-000002\u2069');
    expect(isolateLtr('')).toBe('');
  });

  it('never writes two digit styles in one price or phone', () => {
    for (const digits of ['arab', 'latn'] as const) {
      for (const text of [
        formatMoney('ar', 123456, 'EGP', digits),
        formatPhone('ar', '+966501234567', digits),
        formatHijri('ar', new Date('2026-02-18T12:00:00Z'), 'Asia/Riyadh', digits),
      ]) {
        expect(ARAB.test(text) && LATN.test(text), text).toBe(false);
        expect(text).not.toMatch(DOT_BESIDE_DIGIT);
      }
    }
  });
});
