import { toAsciiDigits as i18nDigits } from '@majlis/i18n';
import { describe, expect, it } from 'vitest';
import { toAsciiDigits } from './digits.ts';

describe('toAsciiDigits', () => {
  it('agrees with the copy in @majlis/i18n on every Arabic-Indic and Eastern Arabic-Indic digit', () => {
    const typed = '٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ 0123456789 +٢٠ abc';
    expect(toAsciiDigits(typed)).toBe('0123456789 0123456789 0123456789 +20 abc');
    expect(toAsciiDigits(typed)).toBe(i18nDigits(typed));
  });
});
