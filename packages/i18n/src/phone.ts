import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { type DigitStyle, digitStyleOf, type Locale, toDigitStyle } from './locales.ts';
import { isolateLtr, keepLtrOrder } from './typography.ts';

// A module of its own: libphonenumber and its metadata are the heaviest part of this package (~35 kB gzip), and the
// web client loads them only when a phone is shown (apps/client/src/lib/format.ts), not with every first page.

/**
 * A phone (E.164 or as typed) grouped as its country writes it internationally ("+966 50 123 4567"), in the reader's
 * digits, isolated left to right; a number libphonenumber cannot read is shown as given.
 */
export function formatPhone(locale: Locale, phone: string, digits?: DigitStyle | null, isolate = true): string {
  if (!phone) return '';
  const ascii = toDigitStyle(phone, 'latn').replace(/[\s\u2066-\u2069\u200e\u200f]/g, '');
  const parsed = parsePhoneNumberFromString(ascii.startsWith('00') ? `+${ascii.slice(2)}` : ascii);
  let grouped = parsed?.isValid() ? parsed.formatInternational() : phone;
  // Egypt's mobiles are written 2-4-4 after the code ("+20 10 0555 6677"), not as one block of eight.
  const national = parsed?.nationalNumber ?? '';
  if (parsed?.isValid() && parsed.country === 'EG' && /^1\d{9}$/.test(national)) {
    grouped = `+20 ${national.slice(0, 2)} ${national.slice(2, 6)} ${national.slice(6)}`;
  }
  const shown = keepLtrOrder(toDigitStyle(grouped, digitStyleOf(locale, digits)));
  return isolate ? isolateLtr(shown) : shown;
}
