import { z } from 'zod';
import { singleLine } from './strings.ts';

/**
 * Pieces several features share. Field messages are catalog ids of packages/i18n/locales/{ar,en}/server.po, so the
 * client and the server show the same words for the same rule.
 */

/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

export const ZEmail = singleLine('field.email')
  .trim()
  .toLowerCase()
  .min(1, 'field.email')
  .max(EMAIL_MAX, 'field.tooLong')
  .pipe(z.email('field.emailInvalid'));

/** A path id: a malformed one is as unknown as a missing one (404, never 400). */
export const ZIdParam = z.strictObject({ id: z.uuid('error.NOT_FOUND') });
export type TIdParam = z.infer<typeof ZIdParam>;

/** An IANA time zone this runtime knows (Intl is the judge, so client and server agree on the same engine data). */
export const ZTimeZone = singleLine()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'field.invalid');

/** A user's digit style (DESIGN §11): Arabic-Indic ('arab') or Latin ('latn'), as Intl's numbering systems name them. */
export const DIGIT_STYLES = ['arab', 'latn'] as const;
export type DigitStyle = (typeof DIGIT_STYLES)[number];
export const ZDigits = z.enum(DIGIT_STYLES, 'field.invalid');

/** The answer of calls that only succeed or fail. */
export const ZOk = z.strictObject({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/** ISO 8601 instant as the server writes it (Date.toJSON / toISOString). */
export const ZInstant = z.iso.datetime({ offset: true });
/** A calendar day, 'YYYY-MM-DD'. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A wall-clock time, 'HH:mm' (00:00 to 23:59). */
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
