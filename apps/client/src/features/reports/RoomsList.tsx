import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatBytes } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import type { RoomReportRow } from './api.ts';
import { hours, num, percentText } from './format.ts';
import { Stat } from './Totals.tsx';

export const PROVIDER_NAMES: Record<RoomReportRow['type'], string> = {
  bbb: 'BigBlueButton',
  zoom: 'Zoom',
  jitsi: 'Jitsi',
};

/** Storage used against the room's total: a bar with the percent, and the amounts. */
function Storage({ room }: { room: RoomReportRow }) {
  const { t } = useLingui();
  const language = useLanguage();
  const percent = room.storageTotalBytes > 0 ? (room.storageUsedBytes / room.storageTotalBytes) * 100 : 0;
  const used = formatBytes(language, room.storageUsedBytes);
  const total = formatBytes(language, room.storageTotalBytes);
  const shown = percentText(language, percent);
  const color = percent >= 90 ? 'red.8' : percent >= 75 ? 'orange.7' : 'teal.7';
  return (
    <Stack gap={4} miw={140}>
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {shown}
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>
            {used} of {total}
          </Trans>
        </Text>
      </Group>
      <Progress
        value={Math.min(100, Math.max(percent, percent > 0 ? 1 : 0))}
        color={color}
        size="md"
        aria-label={t`Storage used: ${shown}`}
      />
    </Stack>
  );
}

/** Wide screens: a row per room. */
export function RoomsTable({ rooms }: { rooms: RoomReportRow[] }) {
  const language = useLanguage();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" data-testid="room-report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Room</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sessions</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Hours</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Participants</Trans>
            </Table.Th>
            <Table.Th w={220}>
              <Trans>Storage</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rooms.map((r) => (
            <Table.Tr key={r.id} data-testid="room-report-row">
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                <bdi>{r.name}</bdi>
              </Table.Td>
              <Table.Td>{PROVIDER_NAMES[r.type]}</Table.Td>
              <Table.Td>{num(language, r.meetings)}</Table.Td>
              <Table.Td>{hours(language, r.hours)}</Table.Td>
              <Table.Td>{num(language, r.participants)}</Table.Td>
              <Table.Td>
                <Storage room={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones and narrow panes: a card per room. */
export function RoomCards({ rooms }: { rooms: RoomReportRow[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <Stack gap="sm" data-testid="room-report-cards">
      {rooms.map((r) => (
        <Card key={r.id} withBorder radius="md" padding="md" data-testid="room-report-row">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                <bdi>{r.name}</bdi>
              </Text>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {PROVIDER_NAMES[r.type]}
              </Badge>
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              <Stat label={t`Sessions`} value={num(language, r.meetings)} />
              <Stat label={t`Hours`} value={hours(language, r.hours)} />
              <Stat label={t`Participants`} value={num(language, r.participants)} />
            </SimpleGrid>
            <Storage room={r} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
