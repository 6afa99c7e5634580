import type { Locale } from '@majlis/i18n';
import { ApiError } from '../../lib/http.ts';

/** Field messages the server sent (400 VALIDATION_FAILED, 409 EMAIL_TAKEN), in the reader's language. */
export function serverFieldErrors(error: unknown, locale: Locale): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, text[locale]]));
}
