import { describe, expect, it } from 'vitest';
import { normalizeLocale, toAsciiDigits } from './locales.ts';
import { both, t } from './server.ts';

describe('server messages', () => {
  it('renders both languages with values', () => {
    expect(both('error.RATE_LIMITED', { seconds: 30 })).toEqual({
      ar: 'محاولات كثيرة. انتظر ٣٠ ثانية ثم حاول مرة أخرى',
      en: 'Too many attempts. Wait 30 seconds and try again',
    });
    expect(t('en', 'error.NOT_FOUND')).toBe('Not found');
  });

  it('spec §4: anything that is not En becomes Ar', () => {
    expect(['En', 'en', 'en-US'].map(normalizeLocale)).toEqual(['en', 'en', 'en']);
    expect(['Ar', 'fr', '', null, undefined].map(normalizeLocale)).toEqual(['ar', 'ar', 'ar', 'ar', 'ar']);
  });

  it('Arabic-Indic digits become ASCII digits', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });
});
