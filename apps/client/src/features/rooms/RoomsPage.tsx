import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@majlis/i18n';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { toast } from '../../ui/toast.ts';
import { useAccount } from '../dashboard/account-context.tsx';
import { type AccountUser, accountUsers } from '../dashboard/account-users.ts';
import { browserTimeZone, formatBytes, formatWhen } from '../meetings/format.ts';
import { type Room, type RoomTypeInfo, roomsApi } from './api.ts';
import { RoomFormDialog } from './RoomFormDialog.tsx';

const TYPE_LABEL = { bbb: 'BigBlueButton', zoom: 'Zoom', jitsi: 'Jitsi Meet' } as const;

/** /dashbord/roomManagement: the account's rooms, their storage and subscription; create, edit, delete, assign. */
export function RoomsPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const account = useAccount();
  const isInstitution = account.type?.type === 'inst';
  const [rooms, setRooms] = useState<Room[] | null>(null);
  const [types, setTypes] = useState<RoomTypeInfo[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Room | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Room | null>(null);
  const [unassigning, setUnassigning] = useState<Room | null>(null);
  const [assigning, setAssigning] = useState<Room | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    roomsApi
      .list()
      .then((r) => {
        setRooms(r);
        setLoadError(null);
      })
      .catch((e) => setLoadError(messageOf(e, language, t`An error occurred, try again`)));
  }, [language, t]);

  useEffect(() => {
    load();
    roomsApi
      .types()
      .then(setTypes)
      .catch(() => setTypes([]));
  }, [load]);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      load();
      return true;
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          <Trans>Each room comes with 10 GB of storage for its recordings.</Trans>
        </Text>
        <Button onClick={openCreate} data-testid="add-room">
          <Trans>Add a room</Trans>
        </Button>
      </Group>
      {loadError && (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      )}
      {!rooms && !loadError && <Loader aria-label={t`Loading`} />}
      {rooms?.length === 0 && (
        <EmptyState
          title={<Trans>No rooms yet</Trans>}
          action={
            <Button onClick={openCreate}>
              <Trans>Add a room</Trans>
            </Button>
          }
        >
          <Trans>A room is where your meetings take place. Add one to start scheduling meetings.</Trans>
        </EmptyState>
      )}
      {rooms && rooms.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {rooms.map((room) => (
            <RoomCard
              key={room.id}
              room={room}
              canAssign={isInstitution}
              onEdit={() => {
                setEditing(room);
                setFormOpen(true);
              }}
              onDelete={() => setDeleting(room)}
              onAssign={() => setAssigning(room)}
              onUnassign={() => setUnassigning(room)}
            />
          ))}
        </SimpleGrid>
      )}

      <RoomFormDialog
        opened={formOpen}
        room={editing}
        types={types}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          toast.success(editing ? t`The room was saved` : t`The room was added`);
          setFormOpen(false);
          load();
        }}
      />
      <ConfirmDialog
        opened={!!deleting}
        title={t`Delete the room`}
        confirmLabel={t`Delete`}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const room = deleting;
          if (room && (await run(() => roomsApi.remove(room.id), t`The room was deleted`))) setDeleting(null);
        }}
      >
        <Trans>
          Delete the room <bdi>{deleting?.name}</bdi> and all its meetings? This cannot be undone.
        </Trans>
      </ConfirmDialog>
      <ConfirmDialog
        opened={!!unassigning}
        title={t`De-assign the room`}
        confirmLabel={t`De-assign`}
        busy={busy}
        onClose={() => setUnassigning(null)}
        onConfirm={async () => {
          const room = unassigning;
          if (!room) return;
          setBusy(true);
          try {
            const { deletedMeetings } = await roomsApi.unassign(room.id);
            const count = formatNumber(language, deletedMeetings);
            toast.success(
              plural(deletedMeetings, {
                0: 'The room was de-assigned',
                one: `The room was de-assigned; ${count} meeting was deleted`,
                other: `The room was de-assigned; ${count} meetings were deleted`,
              }),
            );
            setUnassigning(null);
            load();
          } catch (e) {
            toast.error(messageOf(e, language, t`An error occurred, try again`));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Trans>
          De-assign <bdi>{unassigning?.name}</bdi> from{' '}
          <bdi>
            {unassigning?.assignedUser?.fname} {unassigning?.assignedUser?.lname}
          </bdi>
          ? Their meetings in this room will be deleted.
        </Trans>
      </ConfirmDialog>
      <AssignDialog
        room={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={() => {
          setAssigning(null);
          toast.success(t`The room was assigned`);
          load();
        }}
      />
    </Stack>
  );
}

function RoomCard({
  room,
  canAssign,
  onEdit,
  onDelete,
  onAssign,
  onUnassign,
}: {
  room: Room;
  canAssign: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAssign: () => void;
  onUnassign: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const account = useAccount();
  const timeZone = account.info?.timeZone ?? browserTimeZone();
  const percent = room.storageBytes > 0 ? (room.usedBytes / room.storageBytes) * 100 : 0;
  const used = formatBytes(language, room.usedBytes);
  const total = formatBytes(language, room.storageBytes);
  const participants = formatNumber(language, room.participants);
  const meetings = formatNumber(language, room.meetingsCount);
  const sub = room.subscription;
  const periodLabel = sub
    ? { trial: t`Free trial`, daily: t`Daily`, monthly: t`Monthly`, annual: t`Annual` }[sub.period]
    : null;
  const remaining = sub ? formatNumber(language, sub.remainingDays) : '';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="room-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            <bdi>{room.name}</bdi>
          </Title>
          <Badge color={room.status === 'active' ? 'teal' : 'gray'} variant="light">
            {room.status === 'active' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="outline">{TYPE_LABEL[room.type]}</Badge>
          <Text size="sm">
            <Trans>{participants} participants</Trans>
          </Text>
          <Text size="sm">·</Text>
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
              color={percent >= 85 ? 'red' : 'majlis'}
              aria-label={t`Storage used in ${room.name}`}
            />
          </Progress.Root>
        </div>
        {sub && (
          <Text size="sm" data-testid="room-subscription">
            {periodLabel} ·{' '}
            {sub.expired ? (
              <Text span c="red" inherit>
                <Trans>Expired</Trans>
              </Text>
            ) : (
              plural(sub.remainingDays, {
                one: `${remaining} day left`,
                other: `${remaining} days left`,
              })
            )}{' '}
            ·{' '}
            <Trans>
              Renews on{' '}
              {formatWhen(language, sub.renewsAt, timeZone, { weekday: undefined, hour: undefined, minute: undefined })}
            </Trans>
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
          <Button size="xs" variant="light" onClick={onEdit} aria-label={t`Edit ${room.name}`}>
            <Trans>Edit</Trans>
          </Button>
          {canAssign &&
            (room.assignedUser ? (
              <Button size="xs" variant="light" color="orange" onClick={onUnassign}>
                <Trans>De-assign</Trans>
              </Button>
            ) : (
              <Button size="xs" variant="light" onClick={onAssign}>
                <Trans>Assign to a user</Trans>
              </Button>
            ))}
          <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={t`Delete ${room.name}`}>
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Enterprise: give the room to one of the account's users. */
function AssignDialog({
  room,
  onClose,
  onAssigned,
}: {
  room: Room | null;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [users, setUsers] = useState<AccountUser[] | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!room) return;
    setUserId(null);
    setError(null);
    void accountUsers().then(setUsers);
  }, [room]);
  return (
    <Modal opened={!!room} onClose={onClose} title={t`Assign the room to a user`} centered>
      <Stack>
        <Select
          label={t`User`}
          placeholder={t`Choose a user`}
          data={(users ?? []).map((u) => ({ value: u.userId, label: u.name }))}
          value={userId}
          onChange={setUserId}
          error={error}
          nothingFoundMessage={t`No other users in this account`}
          searchable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              if (!room) return;
              if (!userId) return setError(t`Choose a user`);
              setBusy(true);
              try {
                await roomsApi.assign(room.id, userId);
                onAssigned();
              } catch (e) {
                setError(messageOf(e, language, t`An error occurred, try again`));
              } finally {
                setBusy(false);
              }
            }}
          >
            <Trans>Assign</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
