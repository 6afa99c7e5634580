import { useLingui } from '@lingui/react/macro';
import { Grid, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { type ReactNode, useMemo } from 'react';
import { digitsFor, isolateLtr, showDigits } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';

/** Countries named in the reader's language by Intl, each with its calling code (as the register page offers them). */
export function useCountryOptions() {
  const language = useLanguage();
  const digits = digitsFor(language);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `digits` is read through showDigits, which takes it from the reader's prefs.
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const seen = new Set<string>();
    return getCountries()
      .map((c) => ({
        value: `+${getCountryCallingCode(c)}`,
        // The code in the reader's digits, kept left to right ("مصر (+٢٠)", not "(٢٠+)").
        label: `${names.of(c) ?? c} (${isolateLtr(showDigits(language, `+${getCountryCallingCode(c)}`))})`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, language))
      .filter((o) => {
        if (seen.has(o.value)) return false;
        seen.add(o.value);
        return true;
      });
  }, [language, digits]);
}

/** A phone number with its country code (spec §5): the code beside the number from 576 px, above it on a phone. */
export function PhoneFields({
  countryCode,
  onCountryCode,
  phone,
  error,
}: {
  countryCode: string;
  onCountryCode: (code: string) => void;
  /** The number input's props from the form (value, onChange, onBlur …). */
  phone: GetInputPropsReturnType;
  error: ReactNode;
}) {
  const { t } = useLingui();
  const countries = useCountryOptions();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <Select
          label={t`Country code`}
          data={countries}
          value={countryCode}
          onChange={(v) => onCountryCode(v ?? '')}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 7 }}>
        <TextInput
          label={t`Phone number`}
          // Every form that shows it needs it (the contracts' ZPhone): unmarked, it read as optional and an empty one
          // was then flagged as an error (issue 26, add-user).
          required
          name="phone"
          type="tel"
          dir="ltr"
          autoComplete="off"
          placeholder="100 123 4567"
          {...phone}
          error={error}
        />
      </Grid.Col>
    </Grid>
  );
}
