import { Trans, useLingui } from '@lingui/react/macro';
import type { MeetingAction } from '@majlis/machines';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { besideHijri, dayIn, formatWhen, SEPARATOR, showDigits } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import type { Meeting } from './api.ts';
import { MeetingPasscode } from './MeetingPasscode.tsx';
import { useSeriesText } from './series-text.ts';

export type CardAction = MeetingAction | 'favourite' | 'copy' | 'invite' | 'leave' | 'days';

export function StatusBadge({ meeting }: { meeting: Pick<Meeting, 'status' | 'active'> }) {
  if (meeting.status === 'available' && !meeting.active)
    return (
      <Badge color="gray" variant="light">
        <Trans>Inactive</Trans>
      </Badge>
    );
  const shown = {
    available: { color: 'blue', label: <Trans>Available</Trans> },
    running: { color: 'teal', label: <Trans>Running</Trans> },
    finished: { color: 'gray', label: <Trans>Finished</Trans> },
    expired: { color: 'orange', label: <Trans>Expired</Trans> },
    deleted: { color: 'red', label: <Trans>Deleted</Trans> },
  }[meeting.status];
  return (
    <Badge color={shown.color} variant="light">
      {shown.label}
    </Badge>
  );
}

/** One meeting in the list; its buttons are exactly the `actions` the meetingStatus statechart allows now. */
export function MeetingCard({
  meeting,
  timeZone,
  busy,
  onAction,
  icsUrl,
}: {
  meeting: Meeting;
  timeZone: string;
  busy: boolean;
  onAction: (action: CardAction) => void;
  icsUrl: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const series = useSeriesText();
  const recurring = meeting.type === 'scheduled' && meeting.recurrenceDays.length > 0;
  const lastDay = meeting.lastStartsAt ? dayIn(timeZone, new Date(meeting.lastStartsAt)) : null;
  const next = meeting.nextOccurrence?.startsAt ?? meeting.startsAt;
  const has = (a: MeetingAction) => meeting.actions.includes(a);
  const name = meeting.name;
  return (
    <Card withBorder radius="md" padding="md" data-testid="meeting-card" data-number={meeting.number}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Title order={3} size="h5">
              <bdi>{meeting.name}</bdi>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Number <bdi dir="ltr">{showDigits(language, meeting.number)}</bdi> — room <bdi>{meeting.room.name}</bdi>
              </Trans>
            </Text>
          </div>
          {/* Never squeezed: at 320 px the badge read "i" for "Available". */}
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <StatusBadge meeting={meeting} />
            <Tooltip label={meeting.favourite ? t`Remove from favourites` : t`Add to favourites`}>
              <ActionIcon
                variant={meeting.favourite ? 'filled' : 'subtle'}
                color="yellow"
                aria-pressed={meeting.favourite}
                aria-label={t`Favourite: ${name}`}
                onClick={() => onAction('favourite')}
                disabled={busy}
              >
                {/* Filled only for a favourite: an outline otherwise (every star used to be filled). */}
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  data-testid="favourite-star"
                  fill={meeting.favourite ? 'currentColor' : 'none'}
                  stroke="currentColor"
                  strokeWidth={meeting.favourite ? 0 : 1.8}
                  strokeLinejoin="round"
                >
                  <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
                </svg>
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {meeting.description && (
          <Text size="sm" lineClamp={2}>
            <bdi>{meeting.description}</bdi>
          </Text>
        )}
        <Text size="sm">
          {meeting.type === 'permanent' ? (
            <Trans>Permanent meeting, available at any time</Trans>
          ) : next && meeting.status === 'running' ? (
            // Running, it is not "upcoming" (issue 26: a running meeting read "القادم:").
            <Trans>In progress (scheduled {formatWhen(language, next, timeZone)})</Trans>
          ) : next ? (
            <Trans>Next: {besideHijri(language, formatWhen(language, next, timeZone), next, timeZone)}</Trans>
          ) : (
            <Trans>No days left</Trans>
          )}
          {recurring && (
            <>
              {SEPARATOR}
              <span data-testid="meeting-series">
                {series.short(meeting.recurrenceDays, meeting.occurrenceCount, lastDay)}
              </span>
            </>
          )}
        </Text>
        <MeetingPasscode meeting={meeting} />
        <Group gap={6}>
          {has('start') && (
            <Button size="xs" color="teal.9" onClick={() => onAction('start')} loading={busy}>
              <Trans>Start</Trans>
            </Button>
          )}
          {has('end') && (
            <Button size="xs" color="red" variant="light" onClick={() => onAction('end')} disabled={busy}>
              <Trans>End</Trans>
            </Button>
          )}
          {has('edit') && (
            <Button size="xs" variant="light" onClick={() => onAction('edit')} disabled={busy}>
              <Trans>Edit</Trans>
            </Button>
          )}
          {recurring && has('edit') && (
            <Button size="xs" variant="light" onClick={() => onAction('days')} disabled={busy}>
              <Trans>Days…</Trans>
            </Button>
          )}
          {has('activate') && (
            <Button size="xs" variant="light" onClick={() => onAction('activate')} disabled={busy}>
              <Trans>Activate</Trans>
            </Button>
          )}
          {has('deactivate') && (
            <Button size="xs" variant="light" color="gray" onClick={() => onAction('deactivate')} disabled={busy}>
              <Trans>Deactivate</Trans>
            </Button>
          )}
          {has('delete') && (
            <Button size="xs" variant="light" color="red" onClick={() => onAction('delete')} disabled={busy}>
              <Trans>Delete</Trans>
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => onAction('copy')}>
            <Trans>Copy link</Trans>
          </Button>
          {meeting.status !== 'deleted' && (
            <Button size="xs" variant="default" onClick={() => onAction('invite')}>
              <Trans>Invite</Trans>
            </Button>
          )}
          <Anchor href={icsUrl} download={`meeting-${meeting.number}.ics`} size="xs" px={6}>
            <Trans>Calendar file (.ics)</Trans>
          </Anchor>
          {meeting.isAssistant && !meeting.isOwner && (
            <Button size="xs" variant="subtle" color="gray" onClick={() => onAction('leave')} disabled={busy}>
              <Trans>Stop being an assistant</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
