import { digitStyleOf } from '@majlis/i18n';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { useReaderPrefs } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import type { DetailsForm } from './profile-form.ts';

/**
 * Issue 26: the profile form's language and digit fields follow the live ones. The header's language toggle (which
 * saves the profile's language itself) or a digit change elsewhere moves them, so "Save" keeps what the reader sees
 * instead of writing back what the form was opened with. Unchosen digits are the live language's own.
 */
export function useFollowLiveLanguage(form: Pick<UseFormReturnType<DetailsForm>, 'setFieldValue'>): void {
  const language = useLanguage();
  const { digits } = useReaderPrefs();
  const liveDigits = digitStyleOf(language, digits);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is Mantine's, new on every render; only a live change moves the field.
  useEffect(() => form.setFieldValue('locale', language), [language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  useEffect(() => form.setFieldValue('digits', liveDigits), [liveDigits]);
}
