import type { FormErrors } from '@mantine/form';

/** Field (wire name) → catalog id of server.po ('field.meetingName'); rendered with Lingui by the form. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A schema resolver's errors by top-level field: 'recurrenceDays.2' counts as recurrenceDays, and the first message
 * of a field wins, as the server's VALIDATION_FAILED names one message per field.
 */
export function topLevelErrors<K extends string>(errors: FormErrors): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    if (!(field in out) && typeof message === 'string') out[field] = message;
  }
  return out as FieldErrors<K>;
}
