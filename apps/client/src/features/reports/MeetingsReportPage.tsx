import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { browserTimeZone } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Paging } from '../../ui/Paging.tsx';
import { TOUCH_INPUT } from '../../ui/touch.ts';
import { AttendanceDrawer } from './AttendanceDrawer.tsx';
import { type MeetingReportRow, reportsApi } from './api.ts';
import { ExportLinks } from './ExportLinks.tsx';
import { useReportFilters } from './filters.ts';
import { num } from './format.ts';
import { MeetingCards, MeetingsTable } from './MeetingsList.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { Totals } from './Totals.tsx';
import { TrendChart } from './TrendChart.tsx';

export const PAGE_SIZE = 20;
/** Below this the nine columns do not fit: a card per meeting. */
export const CARDS_QUERY = '(max-width: 849px)';

/** /dashbord/reports/meetings_reports: the meetings held in a period, their attendance, a trend, exports. */
export function MeetingsReportPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const timeZone = useAccount().info?.timeZone ?? browserTimeZone();
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const { filters, page, update } = useReportFilters();
  const [search, setSearch] = useState(filters.q ?? '');
  const [query] = useDebouncedValue(search, 300);
  const [open, setOpen] = useState<MeetingReportRow | null>(null);

  // The debounced search goes to the address (and back to the first page).
  useEffect(() => {
    if ((query.trim() || '') !== (filters.q ?? '')) update({ q: query.trim() || undefined });
  }, [query, filters.q, update]);

  const shown = { ...filters, page, pageSize: PAGE_SIZE };
  const report = useQuery({
    queryKey: queryKeys.reports.meetings(shown),
    queryFn: () => reportsApi.meetings(shown),
    // The figures stay while the next page or period loads; after an error none of another period stand under it.
    placeholderData: keepPreviousData,
  });
  const data = report.isError ? null : (report.data ?? null);
  const error = report.error && messageOf(report.error, language, t`An error occurred, try again`);

  // The trend is of the whole period (every room), whatever the search; a failure shows no trend.
  const { from, to } = filters;
  const trendRead = useQuery({
    queryKey: queryKeys.reports.rooms({ from, to }),
    queryFn: () => reportsApi.rooms({ from, to }),
    placeholderData: keepPreviousData,
  });
  const trend = trendRead.isError ? null : (trendRead.data ?? null);

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const totals = data?.totals;
  return (
    <Stack>
      <PeriodPicker
        filters={filters}
        period={data?.period ?? null}
        timeZone={timeZone}
        onChange={(r) => update({ from: r.from, to: r.to })}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!data && !error && <Loader aria-label={t`Loading`} />}
      {totals && (
        <Totals
          testId="report-totals"
          items={[
            { id: 'meetings', label: t`Meetings`, value: num(language, totals.meetings) },
            { id: 'sessions', label: t`Sessions`, value: num(language, totals.sessions) },
            { id: 'attendees', label: t`Attendees`, value: num(language, totals.attendees) },
            { id: 'minutes', label: t`Minutes attended`, value: num(language, totals.minutes) },
          ]}
        />
      )}
      {/* With nothing held, the empty state below says so once. */}
      {trend?.trend.some((p) => p.sessions > 0 || p.minutes > 0) && (
        <TrendChart
          trend={trend.trend}
          bucket={trend.bucket}
          title={<Trans>Meetings over the period</Trans>}
          testId="report-meetings-trend"
        />
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={t`Search meetings`}
          placeholder={t`Name or number`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          styles={TOUCH_INPUT}
          data-testid="report-search"
        />
        {!error && (
          <ExportLinks
            target={{ kind: 'meetings' }}
            filters={filters}
            what={t`the meetings of the period`}
            testIds={{ csv: 'report-export-csv', xlsx: 'report-export-xlsx' }}
          />
        )}
      </Group>
      {data && data.meetings.length === 0 && (
        <EmptyState
          title={
            filters.q ? (
              <Trans>No meeting matches your search</Trans>
            ) : (
              <Trans>No meetings were held in this period</Trans>
            )
          }
        >
          <Trans>A meeting shows here once someone has attended it. Try a longer period.</Trans>
        </EmptyState>
      )}
      {data && data.meetings.length > 0 && (
        <Stack gap="sm">
          {cards ? (
            <MeetingCards meetings={data.meetings} timeZone={timeZone} onOpen={setOpen} />
          ) : (
            <MeetingsTable meetings={data.meetings} timeZone={timeZone} onOpen={setOpen} />
          )}
          <Paging pages={pages} page={page} onChange={(p) => update({ page: String(p) })} />
          <Text size="sm" c="dimmed">
            <Trans>Choose a meeting to see who attended it, when they joined and when they left.</Trans>
          </Text>
        </Stack>
      )}
      <AttendanceDrawer meeting={open} filters={filters} timeZone={timeZone} onClose={() => setOpen(null)} />
    </Stack>
  );
}
