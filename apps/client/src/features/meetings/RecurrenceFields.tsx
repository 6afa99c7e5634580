import { useLingui } from '@lingui/react/macro';
import { Chip, Fieldset, Group, NumberInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import { weekdayNames, weekdayOrder } from './format.ts';
import type { MeetingForm } from './meeting-validation.ts';

/** The weekdays a scheduled meeting repeats on, and how many meeting days that makes (spec §3 recurrence). */
export function RecurrenceFields({ form }: { form: UseFormReturnType<MeetingForm> }) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const names = useMemo(() => weekdayNames(language), [language]);
  const { recurrenceDays, repeatDays } = form.getValues();
  return (
    <Fieldset legend={t`Repeat on these days`} variant="unstyled" data-testid="recurrence-days">
      <Chip.Group
        multiple
        value={recurrenceDays.map(String)}
        onChange={(v) => form.setFieldValue('recurrenceDays', v.map(Number))}
      >
        <Group gap={6}>
          {weekdayOrder(language).map((d) => (
            <Chip key={d} value={String(d)} size="sm">
              {names[d]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {form.errors.recurrenceDays && (
        <Text c="red" size="xs" mt={4}>
          {errorText(form.errors.recurrenceDays)}
        </Text>
      )}
      {recurrenceDays.length > 0 && (
        <NumberInput
          mt="sm"
          maw={260}
          label={t`Number of days to repeat`}
          description={t`How many meeting days, counted from the first day`}
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          value={repeatDays}
          onChange={(v) => form.setFieldValue('repeatDays', String(v))}
          error={errorText(form.errors.repeatDays)}
        />
      )}
    </Fieldset>
  );
}
