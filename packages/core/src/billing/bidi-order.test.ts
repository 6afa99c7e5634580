import { formatPhone, formatReference } from '@majlis/i18n';
import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';

/**
 * What a reader sees: the Unicode bidi algorithm (bidi-js, the one the invoice PDF lays its lines out with) orders the
 * formatted text inside an Arabic (right-to-left) line. Groups of Arabic-Indic digits separated by a space or "-" are
 * resolved right to left even inside a left-to-right isolate, so without the marks "+٢٠ ١٠ ٠٥٥٥ ٦٦٧٧" shows as
 * "٦٦٧٧ ٠٥٥٥ ١٠ ٢٠+" and an invoice number as "٠٠٠٠٠٢-٢٠٢٦".
 */
const bidi = bidiFactory();
const MARKS = /[\u200e\u200f\u2066-\u2069]/g;

function seen(text: string): string {
  const levels = bidi.getEmbeddingLevels(text, 'rtl');
  const visual = bidi.getReorderedString(text, levels);
  // the visual string runs left to right; marks have no glyph
  return visual.replace(MARKS, '');
}

describe('left-to-right numbers in an Arabic line', () => {
  it.each([
    ['+201005556677', '+٢٠ ١٠ ٠٥٥٥ ٦٦٧٧'],
    ['+966501234567', '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧'],
    ['+12025550123', '+١ ٢٠٢ ٥٥٥ ٠١٢٣'],
  ])('the phone %s reads its groups in order, "+" first', (e164, expected) => {
    expect(seen(formatPhone('ar', e164))).toBe(expected);
    // and inside a sentence: the phone's own order does not change
    expect(seen(`الهاتف: ${formatPhone('ar', e164)}`)).toContain(expected);
  });

  it('an invoice number reads year first, in Arabic-Indic digits', () => {
    expect(seen(formatReference('ar', '2026-000002'))).toBe('٢٠٢٦-٠٠٠٠٠٢');
  });

  it('Latin digits need no marks and read the same', () => {
    expect(formatPhone('ar', '+201005556677', 'latn')).not.toContain('\u200e');
    expect(seen(formatPhone('ar', '+201005556677', 'latn'))).toBe('+20 10 0555 6677');
  });
});
