import { Trans, useLingui } from '@lingui/react/macro';
// The charts' styles come with the one component that draws a chart, not with every first page (issue 14).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Stack, Text, Title, useDirection } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useLanguage } from '../../state/language.tsx';
import type { TrendPoint } from './api.ts';
import { bucketText, hours, num } from './format.ts';

type Metric = 'sessions' | 'hours';

/**
 * Meetings held and hours attended, bucket by bucket (days, weeks or months as the server chose for the period).
 * Mirrored in Arabic: time runs right to left and the value axis sits on the right.
 */
export function TrendChart({
  trend,
  bucket,
  title,
  extra,
  testId,
}: {
  trend: TrendPoint[];
  bucket: 'day' | 'week' | 'month';
  title: ReactNode;
  /** Beside the metric switch (the rooms page's room picker). */
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const { dir } = useDirection();
  const rtl = dir === 'rtl';
  const [metric, setMetric] = useState<Metric>('sessions');
  const data = trend.map((p) => ({
    label: bucketText(language, p.start, bucket),
    sessions: p.sessions,
    hours: Math.round((p.minutes / 60) * 10) / 10,
  }));
  const empty = trend.every((p) => p.sessions === 0 && p.minutes === 0);
  const per = { day: t`per day`, week: t`per week`, month: t`per month` }[bucket];
  const series =
    metric === 'sessions'
      ? [{ name: 'sessions', label: t`Meetings held`, color: 'teal.7' }]
      : [{ name: 'hours', label: t`Hours attended`, color: 'indigo.6' }];
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {per}
            </Text>
          </div>
          <Group gap="sm" wrap="wrap">
            {extra}
            <SegmentedControl
              value={metric}
              onChange={(v) => setMetric(v as Metric)}
              data={[
                { value: 'sessions', label: t`Meetings` },
                { value: 'hours', label: t`Hours` },
              ]}
              aria-label={t`What the chart shows`}
              styles={{ label: { minHeight: 36, display: 'flex', alignItems: 'center' } }}
            />
          </Group>
        </Group>
        {empty ? (
          <Text c="dimmed" ta="center" py="xl">
            <Trans>No meetings were held in this period.</Trans>
          </Text>
        ) : (
          <BarChart
            h={260}
            data={data}
            dataKey="label"
            series={series}
            valueFormatter={(v) => (metric === 'hours' ? hours(language, v) : num(language, v))}
            xAxisProps={{ reversed: rtl, interval: 'preserveStartEnd', minTickGap: 12 }}
            yAxisProps={{
              orientation: rtl ? 'right' : 'left',
              allowDecimals: metric === 'hours',
              width: 44,
              // Mantine nudges the ticks 10 px to the left for a left axis; on the right they go the other way.
              ...(rtl ? { tick: { transform: 'translate(4, 0)', fontSize: 12, fill: 'currentColor' } } : {}),
            }}
            tickLine="y"
            gridAxis="y"
            maxBarWidth={36}
          />
        )}
      </Stack>
    </Paper>
  );
}
