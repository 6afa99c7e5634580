import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { showDigits } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import type { MeetingReportRow } from './api.ts';
import { momentText, num } from './format.ts';
import { Stat } from './Totals.tsx';

export interface MeetingsListProps {
  meetings: MeetingReportRow[];
  timeZone: string;
  onOpen: (meeting: MeetingReportRow) => void;
}

/** Wide screens: a row per meeting; the row (or its name, from the keyboard) opens its attendee list. */
export function MeetingsTable({ meetings, timeZone, onOpen }: MeetingsListProps) {
  const language = useLanguage();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="report-meetings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Meeting</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Number</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Room</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sessions</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>First join</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Attendees</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Peak</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Total minutes</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Average minutes</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {meetings.map((m) => (
            <Table.Tr
              key={m.id}
              data-testid="report-meeting-row"
              onClick={() => onOpen(m)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <UnstyledButton
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(m);
                  }}
                  fw={600}
                  c="teal.9"
                  mih={44}
                  style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                >
                  <bdi>{m.name}</bdi>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <bdi dir="ltr">{showDigits(language, m.number)}</bdi>
              </Table.Td>
              <Table.Td>
                <bdi>{m.room.name}</bdi>
              </Table.Td>
              <Table.Td>{num(language, m.sessions)}</Table.Td>
              <Table.Td>{momentText(language, m.firstJoinAt, timeZone)}</Table.Td>
              <Table.Td>{num(language, m.attendees)}</Table.Td>
              <Table.Td>{num(language, m.peak)}</Table.Td>
              <Table.Td>{num(language, m.totalMinutes)}</Table.Td>
              <Table.Td>{num(language, m.averageMinutes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones and narrow panes: a card per meeting, nothing wider than the screen. */
export function MeetingCards({ meetings, timeZone, onOpen }: MeetingsListProps) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <Stack gap="sm" data-testid="report-meetings-cards">
      {meetings.map((m) => (
        <Card
          key={m.id}
          withBorder
          radius="md"
          padding="md"
          data-testid="report-meeting-row"
          onClick={() => onOpen(m)}
          style={{ cursor: 'pointer' }}
        >
          <Stack gap="xs">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              <bdi>{m.name}</bdi>
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <bdi dir="ltr">{showDigits(language, m.number)}</bdi> — <bdi>{m.room.name}</bdi>
            </Text>
            <Text size="sm">
              {t`First join:`} {momentText(language, m.firstJoinAt, timeZone)}
            </Text>
            <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
              <Stat label={t`Sessions`} value={num(language, m.sessions)} />
              <Stat label={t`Attendees`} value={num(language, m.attendees)} />
              <Stat label={t`Peak`} value={num(language, m.peak)} />
              <Stat label={t`Total minutes`} value={num(language, m.totalMinutes)} />
              <Stat label={t`Average minutes`} value={num(language, m.averageMinutes)} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                variant="light"
                mih={44}
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(m);
                }}
              >
                <Trans>Attendee list</Trans>
                <VisuallyHidden>
                  {' '}
                  <bdi>{m.name}</bdi>
                </VisuallyHidden>
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
