import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { STORAGE_WARNING_PERCENT } from '@majlis/contracts/account';
import { ROOM_TYPE_LABEL } from '@majlis/contracts/rooms';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { browserTimeZone, formatBytes, formatNumber, formatWhen } from '../../lib/format.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import type { Room } from './api.ts';
import { useRoomName } from './room-name.ts';

/** A room not bought (or on its trial) is bought, one ended or ending is renewed, on the billing page. */
function billingAction(sub: NonNullable<Room['subscription']>): 'buy' | 'renew' | null {
  if (sub.status === 'unpaid' || sub.status === 'trial') return 'buy';
  return sub.expired || sub.status === 'expiring' ? 'renew' : null;
}

/** One room: its type, size, storage, subscription and assignee, with its actions. */
export function RoomCard({
  room,
  canAssign,
  onEdit,
  onDelete,
  onAssign,
  onUnassign,
  assignPaused = false,
}: {
  room: Room;
  canAssign: boolean;
  /** The institution's month lapsed: assigning and de-assigning wait for its renewal (the server answers 409). */
  assignPaused?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAssign: () => void;
  onUnassign: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const account = useAccount();
  const name = useRoomName()(room);
  const timeZone = account.info?.timeZone ?? browserTimeZone();
  const percent = room.storageBytes > 0 ? (room.usedBytes / room.storageBytes) * 100 : 0;
  const used = formatBytes(language, room.usedBytes);
  const total = formatBytes(language, room.storageBytes);
  const participants = formatNumber(language, room.participants);
  const meetings = formatNumber(language, room.meetingsCount);
  const sub = room.subscription;
  const periodLabel = sub
    ? {
        trial: t`Free trial`,
        daily: t`Daily`,
        monthly: t`Monthly`,
        annual: t`Annual`,
        enterprise: t`Enterprise account`,
      }[sub.period]
    : null;
  const remaining = sub ? formatNumber(language, sub.remainingDays) : '';
  const renewsOn = sub
    ? formatWhen(language, sub.renewsAt, timeZone, { weekday: undefined, hour: undefined, minute: undefined })
    : '';
  // Spec §6: the owner buys; whoever sees billing is sent there, and the billing page says who may pay.
  const buy = account.permission.showBilling && sub ? billingAction(sub) : null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="room-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <bdi>{name}</bdi>
          </Title>
          {/* outline: Mantine 9.7.3 (paired with @mantine/charts) fills a light badge of a shade with its text colour */}
          <Badge color={room.status === 'active' ? 'teal.9' : 'gray.8'} variant="outline">
            {room.status === 'active' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="outline">{ROOM_TYPE_LABEL[room.type]}</Badge>
          <Text size="sm">
            {plural(room.participants, { one: `${participants} participant`, other: `${participants} participants` })}
          </Text>
          <Text size="sm">—</Text>
          <Text size="sm">
            {plural(room.meetingsCount, { one: `${meetings} meeting`, other: `${meetings} meetings` })}
          </Text>
        </Group>
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="xs" fw={600}>
              <Trans>Storage</Trans>
            </Text>
            <Text size="xs">
              <Trans>
                {used} of {total}
              </Trans>
            </Text>
          </Group>
          <Progress.Root>
            <Progress.Section
              value={Math.min(percent, 100)}
              color={percent >= STORAGE_WARNING_PERCENT ? 'red' : 'majlis'}
              aria-label={t`Storage used in ${name}`}
            />
          </Progress.Root>
        </div>
        {sub && (
          <Text size="sm" data-testid="room-subscription">
            {sub.status === 'unpaid' ? (
              <Text span c="orange.9" fw={600} inherit>
                <Trans>Not bought yet</Trans>
              </Text>
            ) : (
              <>
                {periodLabel} —{' '}
                {sub.expired ? (
                  <Text span c="red" inherit>
                    <Trans>Expired</Trans>
                  </Text>
                ) : (
                  <>
                    {plural(sub.remainingDays, {
                      one: `${remaining} day left`,
                      other: `${remaining} days left`,
                    })}{' '}
                    — {sub.trial ? <Trans>Ends on {renewsOn}</Trans> : <Trans>Renews on {renewsOn}</Trans>}
                  </>
                )}
              </>
            )}
          </Text>
        )}
        {canAssign && (
          <Text size="sm">
            {room.assignedUser ? (
              <Trans>
                Assigned to{' '}
                <bdi>
                  {room.assignedUser.fname} {room.assignedUser.lname}
                </bdi>
              </Trans>
            ) : (
              <Trans>Not assigned to a user</Trans>
            )}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          {canAssign &&
            (room.assignedUser ? (
              <Button size="xs" variant="light" color="red" onClick={onUnassign} disabled={assignPaused}>
                <Trans>De-assign</Trans>
              </Button>
            ) : (
              <Button size="xs" variant="light" onClick={onAssign} disabled={assignPaused}>
                <Trans>Assign to a user</Trans>
              </Button>
            ))}
          {buy && (
            <Button
              size="xs"
              component={Link}
              to={`/dashbord/billing?room=${encodeURIComponent(room.id)}`}
              aria-label={buy === 'buy' ? t`Buy ${name}` : t`Renew ${name}`}
              data-testid="room-buy"
            >
              {buy === 'buy' ? <Trans>Buy</Trans> : <Trans>Renew</Trans>}
            </Button>
          )}
          <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={t`Delete ${name}`}>
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
