import { TextInput, type TextInputProps } from '@mantine/core';
import { showDigits, typedDigits } from '../lib/format.ts';
import { useLanguage } from '../state/language.tsx';

/**
 * A whole-number field that shows its number in the reader's digit style (issue 26: Mantine's NumberInput writes
 * Latin digits only, "1" beside "ساعة" on an Arabic-Indic page) and accepts either style typed; the value stays ASCII.
 */
export function DigitsInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string | number; onChange: (value: string) => void }) {
  const language = useLanguage();
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={showDigits(language, String(value))}
      onChange={(e) => onChange(typedDigits(e.currentTarget.value).replace(/\D/g, ''))}
    />
  );
}
