import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { browserTimeZone, formatBytes, formatNumber, formatWhen } from '../../lib/format.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import type { Recording } from './api.ts';
import { formatDuration } from './format.ts';

export type RecordingAction = 'download' | 'rename' | 'publish' | 'unpublish' | 'share' | 'delete';

export interface RecordingsListProps {
  recordings: Recording[];
  busyId: string | null;
  onAction: (recording: Recording, action: RecordingAction) => void;
}

/** The words and digits of one recording's facts, in the reader's language and time zone. */
function useFacts() {
  const { t } = useLingui();
  const language = useLanguage();
  const timeZone = useAccount().info?.timeZone ?? browserTimeZone();
  return {
    start: (r: Recording) =>
      r.startTime ? formatWhen(language, r.startTime, timeZone, { weekday: undefined }) : t`Unknown`,
    duration: (r: Recording) => (r.durationSeconds === null ? '—' : formatDuration(language, r.durationSeconds)),
    size: (r: Recording) => formatBytes(language, r.sizeBytes),
    count: (n: number) => formatNumber(language, n),
  };
}

function PublishedBadge({ recording }: { recording: Recording }) {
  if (!recording.canManage) return null;
  return recording.published ? (
    <Badge color="teal.9" variant="outline" data-testid="recording-published">
      <Trans>Published</Trans>
    </Badge>
  ) : (
    <Badge color="gray.8" variant="outline" data-testid="recording-unpublished">
      <Trans>Not published</Trans>
    </Badge>
  );
}

/** Play (a link to the play page), download when allowed, and the managers' menu. */
function Actions({ recording, props }: { recording: Recording; props: RecordingsListProps }) {
  const r = recording;
  const busy = props.busyId === r.id;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component={Link}
        to={`/recording/${r.id}`}
        size="sm"
        mih={44}
        variant="light"
        data-testid="recording-play"
      >
        <Trans>Play</Trans>
        <VisuallyHidden>
          {' '}
          <bdi>{r.name}</bdi>
        </VisuallyHidden>
      </Button>
      {r.canDownload && (
        <Button
          size="sm"
          mih={44}
          variant="default"
          loading={busy}
          onClick={() => props.onAction(r, 'download')}
          data-testid="recording-row-download"
        >
          <Trans>Download</Trans>
          <VisuallyHidden>
            {' '}
            <bdi>{r.name}</bdi>
          </VisuallyHidden>
        </Button>
      )}
      {r.canManage && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="sm" mih={44} variant="default" disabled={busy} data-testid="recording-actions">
              <Trans>Manage</Trans>
              <VisuallyHidden>
                {' '}
                <bdi>{r.name}</bdi>
              </VisuallyHidden>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => props.onAction(r, 'rename')}>
              <Trans>Rename</Trans>
            </Menu.Item>
            <Menu.Item onClick={() => props.onAction(r, r.published ? 'unpublish' : 'publish')}>
              {r.published ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
            </Menu.Item>
            <Menu.Item onClick={() => props.onAction(r, 'share')}>
              <Trans>Copy the share link</Trans>
            </Menu.Item>
            <Menu.Item color="red" onClick={() => props.onAction(r, 'delete')}>
              <Trans>Delete</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** Wide screens: one row per recording. */
export function RecordingsTable(props: RecordingsListProps) {
  const f = useFacts();
  return (
    <Table.ScrollContainer minWidth={780}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="recordings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Recording</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Start time</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Duration</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Size</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Participants</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Downloads</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.recordings.map((r) => (
            <Table.Tr key={r.id} data-testid="recording-row">
              <Table.Td>
                <Stack gap={2}>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/recording/${r.id}`} fw={600}>
                      <bdi>{r.name}</bdi>
                    </Anchor>
                    <PublishedBadge recording={r} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    <bdi>{r.meeting.name}</bdi> — <bdi>{r.room.name}</bdi>
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{f.start(r)}</Table.Td>
              <Table.Td>{f.duration(r)}</Table.Td>
              <Table.Td>{f.size(r)}</Table.Td>
              <Table.Td>{f.count(r.participants)}</Table.Td>
              <Table.Td data-testid="recording-downloads">{f.count(r.downloads)}</Table.Td>
              <Table.Td>
                <Actions recording={r} props={props} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Narrow screens: a card per recording, the same facts as labelled lines. */
export function RecordingCards(props: RecordingsListProps) {
  const f = useFacts();
  const { t } = useLingui();
  return (
    <Stack gap="sm" data-testid="recordings-cards">
      {props.recordings.map((r) => {
        const facts: [string, string, string?][] = [
          [t`Start time`, f.start(r)],
          [t`Duration`, f.duration(r)],
          [t`Size`, f.size(r)],
          [t`Participants`, f.count(r.participants)],
          [t`Downloads`, f.count(r.downloads), 'recording-downloads'],
        ];
        return (
          <Card key={r.id} withBorder radius="md" padding="md" data-testid="recording-row">
            <Stack gap="xs">
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Anchor component={Link} to={`/recording/${r.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{r.name}</bdi>
                </Anchor>
                <PublishedBadge recording={r} />
              </Group>
              <Stack gap={0}>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{r.meeting.name}</bdi>
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{r.room.name}</bdi>
                </Text>
              </Stack>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                {facts.map(([label, value, testid]) => (
                  <Stack key={label} gap={0}>
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text size="sm" data-testid={testid}>
                      {value}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
              <Actions recording={r} props={props} />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
