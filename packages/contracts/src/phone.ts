import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { toAsciiDigits } from './digits.ts';

/**
 * A phone number in international form with its country code (spec §5), as E.164; null otherwise.
 * Arabic-Indic digits, spaces, dashes and a leading 00 are accepted.
 */
export function normalizePhone(input: string): string | null {
  let v = toAsciiDigits(input).replace(/[\s\-().\u200e\u200f]/g, '');
  if (v.startsWith('00')) v = `+${v.slice(2)}`;
  if (!/^\+\d{6,16}$/.test(v)) return null;
  const parsed = parsePhoneNumberFromString(v);
  return parsed?.isValid() ? parsed.number : null;
}
