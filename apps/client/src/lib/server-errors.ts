import type { Locale } from '@majlis/i18n';
import { ApiError } from './http.ts';

/** The server's field messages (400 VALIDATION_FAILED, 409 EMAIL_TAKEN …) in the reader's language, by field. */
export function fieldErrorsOf(error: unknown, locale: Locale): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[locale]]));
}

/** A whole-form message: the server's, unless it only reported field errors (those show beside the fields). */
export function formErrorOf(error: unknown, locale: Locale, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (Object.keys(error.fields).length && error.code === 'VALIDATION_FAILED') return null;
    if (error.errorMessage) return error.errorMessage[locale];
  }
  return fallback;
}
