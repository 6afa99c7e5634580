import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { browserTimeZone } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TOUCH_INPUT } from '../../ui/touch.ts';
import { reportsApi } from './api.ts';
import { ExportLinks } from './ExportLinks.tsx';
import { useReportFilters } from './filters.ts';
import { CARDS_QUERY } from './MeetingsReportPage.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { RoomCards, RoomsTable } from './RoomsList.tsx';
import { TrendChart } from './TrendChart.tsx';
import { UserReportCards, UsersReportTable } from './UsersReportList.tsx';

const ALL = 'all';

/** /dashbord/roomReports: per room (use, participants, storage) with a trend, and per user; exports for both. */
export function RoomsReportPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const timeZone = useAccount().info?.timeZone ?? browserTimeZone();
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const { filters, update } = useReportFilters();
  const [roomId, setRoomId] = useState<string>(ALL);
  const { from, to } = filters;
  const range = { from, to };
  // Both reports of the period; when either fails, neither is shown (the error says why).
  const roomsRead = useQuery({
    queryKey: queryKeys.reports.rooms(range),
    queryFn: () => reportsApi.rooms(range),
    placeholderData: keepPreviousData,
  });
  const usersRead = useQuery({
    queryKey: queryKeys.reports.users(range),
    queryFn: () => reportsApi.users(range),
    placeholderData: keepPreviousData,
  });
  const failure = roomsRead.error ?? usersRead.error;
  const error = failure && messageOf(failure, language, t`An error occurred, try again`);
  const rooms = failure ? null : (roomsRead.data ?? null);
  const users = failure || !rooms ? null : (usersRead.data ?? null);

  const selected = rooms?.rooms.find((r) => r.id === roomId);
  return (
    <Stack>
      <PeriodPicker
        filters={filters}
        period={rooms?.period ?? null}
        timeZone={timeZone}
        onChange={(r) => update({ from: r.from, to: r.to })}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!rooms && !error && <Loader aria-label={t`Loading`} />}
      {rooms && rooms.rooms.length === 0 && (
        <EmptyState title={<Trans>No rooms yet</Trans>}>
          <Trans>Add a room to hold meetings: its use will show here.</Trans>
        </EmptyState>
      )}
      {rooms && rooms.rooms.length > 0 && (
        <>
          <TrendChart
            trend={selected?.trend ?? rooms.trend}
            bucket={rooms.bucket}
            title={selected ? <bdi>{selected.name}</bdi> : <Trans>All rooms</Trans>}
            testId="room-report-trend"
            extra={
              <Select
                aria-label={t`Room shown in the chart`}
                data={[
                  { value: ALL, label: t`All rooms` },
                  ...rooms.rooms.map((r) => ({ value: r.id, label: r.name })),
                ]}
                value={roomId}
                onChange={(v) => setRoomId(v ?? ALL)}
                allowDeselect={false}
                styles={TOUCH_INPUT}
                w={{ base: '100%', xs: 220 }}
                data-testid="room-report-trend-room"
              />
            }
          />
          <Section
            title={<Trans>Rooms</Trans>}
            exports={<ExportLinks target={{ kind: 'rooms' }} filters={range} what={t`the rooms report`} />}
          >
            {cards ? <RoomCards rooms={rooms.rooms} /> : <RoomsTable rooms={rooms.rooms} />}
          </Section>
        </>
      )}
      {users && (
        <Section
          title={<Trans>Users</Trans>}
          exports={<ExportLinks target={{ kind: 'users' }} filters={range} what={t`the users report`} />}
        >
          {users.users.length === 0 ? (
            <Text c="dimmed">
              <Trans>No users in this account.</Trans>
            </Text>
          ) : cards ? (
            <UserReportCards users={users.users} />
          ) : (
            <UsersReportTable users={users.users} />
          )}
        </Section>
      )}
    </Stack>
  );
}

function Section({
  title,
  exports,
  children,
}: {
  title: React.ReactNode;
  exports: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="sm" component="section">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {exports}
      </Group>
      {children}
    </Stack>
  );
}
