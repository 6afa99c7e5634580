import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useLanguage } from '../../state/language.tsx';
import { TOUCH_INPUT } from '../../ui/touch.ts';
import type { ReportFilters } from './api.ts';
import { type Preset, presetOf, presetRange } from './filters.ts';
import { dayText } from './format.ts';

export interface PeriodPickerProps {
  filters: ReportFilters;
  /** The period the server used (defaults filled in), shown in words. */
  period: { from: string; to: string } | null;
  timeZone: string;
  onChange: (range: { from?: string; to?: string }) => void;
}

/** The report's period: last 7 / 30 / 90 days, this year, or two days the reader picks (inclusive). */
export function PeriodPicker({ filters, period, timeZone, onChange }: PeriodPickerProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const [custom, setCustom] = useState(false);
  const preset = presetOf(filters, timeZone, custom);
  const options: { value: Preset; label: string }[] = [
    { value: '7', label: t`Last 7 days` },
    { value: '30', label: t`Last 30 days` },
    { value: '90', label: t`Last 90 days` },
    { value: 'year', label: t`This year` },
    { value: 'custom', label: t`Custom period` },
  ];
  const pick = (value: string | null) => {
    if (!value) return;
    if (value === 'custom') {
      setCustom(true);
      // Start from the period on screen, so both days are filled in.
      if (period) onChange({ from: period.from, to: period.to });
      return;
    }
    setCustom(false);
    onChange(value === '30' ? {} : presetRange(value as Exclude<Preset, 'custom'>, timeZone));
  };
  const shown = period ?? { from: filters.from ?? '', to: filters.to ?? '' };
  const fromText = shown.from ? dayText(language, shown.from) : '';
  const toText = shown.to ? dayText(language, shown.to) : '';
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t`Period`}
        data={options}
        value={preset}
        onChange={pick}
        allowDeselect={false}
        styles={TOUCH_INPUT}
        w={{ base: '100%', xs: 220 }}
        data-testid="report-period"
      />
      {preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t`From`}
            value={filters.from ?? period?.from ?? ''}
            max={filters.to ?? period?.to}
            onChange={(e) =>
              e.currentTarget.value && onChange({ from: e.currentTarget.value, to: filters.to ?? period?.to })
            }
            styles={TOUCH_INPUT}
            w={{ base: '100%', xs: 180 }}
            data-testid="report-from"
          />
          <TextInput
            type="date"
            label={t`To`}
            value={filters.to ?? period?.to ?? ''}
            min={filters.from ?? period?.from}
            onChange={(e) =>
              e.currentTarget.value && onChange({ from: filters.from ?? period?.from, to: e.currentTarget.value })
            }
            styles={TOUCH_INPUT}
            w={{ base: '100%', xs: 180 }}
            data-testid="report-to"
          />
        </>
      )}
      {fromText && toText && (
        <Text size="sm" c="dimmed" pb={{ base: 0, xs: 10 }} data-testid="report-period-text">
          <Trans>
            From {fromText} to {toText}
          </Trans>
        </Text>
      )}
    </Group>
  );
}
