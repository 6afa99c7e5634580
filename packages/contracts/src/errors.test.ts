import { hasMessage } from '@majlis/i18n/server';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ZErrorBody } from './errors.ts';

describe('error contract', () => {
  it('every error code has its message in both catalogs', () => {
    expect(ERROR_CODES.filter((code) => !hasMessage(`error.${code}`))).toEqual([]);
  });

  it('the error shape refuses an unknown code, a one-language message and extra keys', () => {
    const message = { ar: 'غير موجود', en: 'Not found' };
    expect(ZErrorBody.safeParse({ code: 'NOT_FOUND', errorMessage: message }).success).toBe(true);
    expect(ZErrorBody.safeParse({ code: 'NO_SUCH_CODE', errorMessage: message }).success).toBe(false);
    expect(ZErrorBody.safeParse({ code: 'NOT_FOUND', errorMessage: { en: 'Not found' } }).success).toBe(false);
    expect(ZErrorBody.safeParse({ code: 'NOT_FOUND', errorMessage: message, stack: 'at …' }).success).toBe(false);
  });
});
