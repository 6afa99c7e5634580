import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Box,
  Drawer,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatNumber, showDigits } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { type MeetingReportRow, type ReportFilters, reportsApi } from './api.ts';
import { ExportLinks } from './ExportLinks.tsx';
import { dayText, momentText, num } from './format.ts';
import { type TimelineSession, timelineOf } from './timeline.ts';

export interface AttendanceDrawerProps {
  meeting: MeetingReportRow | null;
  filters: ReportFilters;
  timeZone: string;
  onClose: () => void;
}

/** One meeting's attendees in the period: who, role, joined, left, minutes, and a join/leave timeline per session. */
export function AttendanceDrawer({ meeting, filters, timeZone, onClose }: AttendanceDrawerProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const { dir } = useDirection();
  const phone = useMediaQuery('(max-width: 600px)', false, { getInitialValueInEffect: false }) ?? false;
  const id = meeting?.id ?? '';
  const read = useQuery({
    queryKey: queryKeys.reports.attendance(id, filters),
    queryFn: () => reportsApi.attendance(id, filters),
    enabled: !!meeting,
  });
  const data = read.data ?? null;
  const error = read.error && messageOf(read.error, language, t`An error occurred, try again`);

  const sessions = useMemo(() => timelineOf(data?.attendance ?? []), [data]);
  const name = meeting?.name ?? '';
  return (
    <Drawer
      opened={meeting !== null}
      onClose={onClose}
      // The end side of the page: the right in English, the left in Arabic.
      position={dir === 'rtl' ? 'left' : 'right'}
      size={phone ? '100%' : 'xl'}
      title={
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          <bdi>{name}</bdi>
        </Title>
      }
      closeButtonProps={{ 'aria-label': t`Close` }}
      data-testid="report-attendance"
    >
      {meeting && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="ltr">{showDigits(language, meeting.number)}</bdi> — <bdi>{meeting.room.name}</bdi>
          </Text>
          <ExportLinks
            target={{ kind: 'attendance', meetingId: meeting.id }}
            filters={filters}
            what={t`the attendee list of ${name}`}
            testIds={{ csv: 'report-attendance-export-csv', xlsx: 'report-attendance-export-xlsx' }}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {!data && !error && <Loader aria-label={t`Loading`} />}
          {data && (
            <>
              <SimpleGrid cols={3} spacing="xs">
                <Summary label={t`Attendees`} value={num(language, data.attendees)} />
                <Summary label={t`Peak`} value={num(language, data.peak)} />
                <Summary label={t`Total minutes`} value={num(language, data.totalMinutes)} />
              </SimpleGrid>
              {data.attendance.length === 0 ? (
                <Text c="dimmed">
                  <Trans>No one attended this meeting in this period.</Trans>
                </Text>
              ) : (
                sessions.map((s) => <SessionBlock key={s.start} session={s} timeZone={timeZone} />)
              )}
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

function dayOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** One held session: its day, a time axis (start, middle, end) and a row per stay with its bar on that axis. */
function SessionBlock({ session, timeZone }: { session: TimelineSession; timeZone: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const time = (ms: number) => momentText(language, new Date(ms).toISOString(), timeZone, false);
  const day = dayText(language, dayOf(session.start, timeZone), { weekday: 'long' });
  const from = time(session.start);
  const to = time(session.end);
  const roles = { moderator: t`Moderator`, attendee: t`Attendee` };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="report-session">
      <Stack gap="xs">
        <Text fw={600}>
          <Trans>
            {day}, from {from} to {to}
          </Trans>
        </Text>
        {/* The axis runs from the start side: left to right in English, right to left in Arabic. */}
        <Group justify="space-between" gap={4} aria-hidden="true">
          <Text size="xs" c="dimmed">
            {from}
          </Text>
          <Text size="xs" c="dimmed">
            {time((session.start + session.end) / 2)}
          </Text>
          <Text size="xs" c="dimmed">
            {to}
          </Text>
        </Group>
        <Stack gap={10} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {session.stays.map(({ row, offset, width }) => {
            const joined = time(Date.parse(row.joinedAt));
            const left = row.leftAt ? time(Date.parse(row.leftAt)) : null;
            const minutes = formatNumber(language, row.minutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
            return (
              <Box component="li" key={`${row.joinedAt}-${row.name}`} data-testid="report-attendee-row">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{row.name}</bdi>
                    </Text>
                    {/* The moderator filled (white on teal.9): teal text on its tint is under AA at badge size. */}
                    <Badge
                      size="sm"
                      variant={row.role === 'moderator' ? 'filled' : 'light'}
                      color={row.role === 'moderator' ? 'teal.9' : 'gray'}
                      c={row.role === 'moderator' ? undefined : 'gray.8'}
                    >
                      {roles[row.role]}
                    </Badge>
                    {row.userId === null && (
                      <Badge size="sm" variant="outline" color="gray">
                        <Trans>Guest</Trans>
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" fw={600} style={{ flexShrink: 0 }} data-testid="report-attendee-minutes">
                    {minutes}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {left ? (
                    <Trans>
                      Joined {joined}, left {left}
                    </Trans>
                  ) : (
                    <Trans>Joined {joined}, still in the meeting</Trans>
                  )}
                </Text>
                <Box
                  mt={4}
                  h={10}
                  bg="gray.1"
                  style={{ position: 'relative', borderRadius: 5, overflow: 'hidden' }}
                  aria-hidden="true"
                >
                  <Box
                    h="100%"
                    bg={row.role === 'moderator' ? 'teal.7' : 'indigo.5'}
                    style={{
                      position: 'absolute',
                      insetInlineStart: `${offset}%`,
                      width: `${width}%`,
                      borderRadius: 5,
                    }}
                  />
                </Box>
              </Box>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
