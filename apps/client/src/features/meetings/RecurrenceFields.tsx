import { useLingui } from '@lingui/react/macro';
import { isCalendarDay, scheduleDays } from '@majlis/contracts/meeting-schedule';
import { MEETING_LIMITS } from '@majlis/contracts/meetings';
import { toAsciiDigits } from '@majlis/i18n';
import { Chip, Fieldset, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { weekdayNames, weekdayOrder } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import { DigitsInput } from '../../ui/DigitsInput.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import type { MeetingForm, RepeatEnd } from './meeting-validation.ts';
import { useSeriesText } from './series-text.ts';

/**
 * The weekdays a scheduled meeting repeats on and how the repetition ends (spec §3 recurrence, issue 16): once a day
 * is picked the user chooses "number of meetings" or "until a day" (no silent default), and a live summary counts
 * the days with the function core stores them with (contracts scheduleDays).
 */
export function RecurrenceFields({ form }: { form: UseFormReturnType<MeetingForm> }) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const series = useSeriesText();
  const names = useMemo(() => weekdayNames(language), [language]);
  const { recurrenceDays, repeatEnd, repeatDays, repeatUntil, day } = form.getValues();
  const count = Number(toAsciiDigits(repeatDays).trim());
  const { min, max } = MEETING_LIMITS.repeatDays;
  const days =
    recurrenceDays.length && isCalendarDay(day)
      ? repeatEnd === 'count' && Number.isInteger(count) && count >= min && count <= max
        ? scheduleDays({ day, recurrenceDays, repeatDays: count })
        : repeatEnd === 'until' && isCalendarDay(repeatUntil)
          ? scheduleDays({ day, recurrenceDays, repeatUntil })
          : []
      : [];
  const last = days.at(-1);
  const summary = last && days.length <= max ? series.summary(recurrenceDays, days.length, last) : null;
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
        <Text c="red" size="xs" mt={4} data-field-error>
          {errorText(form.errors.recurrenceDays)}
        </Text>
      )}
      {recurrenceDays.length > 0 && (
        <Stack gap="xs" mt="sm" data-testid="repeat-end">
          <Text size="sm" fw={500} id="repeat-end-label">
            {t`Ends`}
          </Text>
          <SegmentedControl
            aria-labelledby="repeat-end-label"
            fullWidth
            maw={420}
            value={repeatEnd}
            onChange={(v) => {
              form.setFieldValue('repeatEnd', v as RepeatEnd);
              form.clearFieldError('repeatEnd');
            }}
            data={[
              { value: 'count', label: t`After a number of meetings` },
              { value: 'until', label: t`On a day` },
            ]}
          />
          {form.errors.repeatEnd && (
            <Text c="red" size="xs" role="alert" data-field-error>
              {errorText(form.errors.repeatEnd)}
            </Text>
          )}
          {repeatEnd === 'count' && (
            <DigitsInput
              maw={260}
              label={t`Number of meetings`}
              value={repeatDays}
              onChange={(v) => form.setFieldValue('repeatDays', v)}
              error={errorText(form.errors.repeatDays)}
            />
          )}
          {repeatEnd === 'until' && (
            <TextInput
              maw={260}
              type="date"
              label={t`Last day`}
              min={day || undefined}
              value={repeatUntil}
              onChange={(e) => form.setFieldValue('repeatUntil', e.currentTarget.value)}
              error={errorText(form.errors.repeatUntil)}
            />
          )}
          {summary && (
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="recurrence-summary">
              {summary}
            </Text>
          )}
        </Stack>
      )}
    </Fieldset>
  );
}
