import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { useStorageChanged } from '../../state/live-queries.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { toast } from '../../ui/toast.ts';
import { InstitutionReadOnlyNote } from '../billing/InstitutionReadOnlyNote.tsx';
import { useInstitutionReadOnly } from '../billing/institution-month.ts';
import { AssignRoomDialog } from './AssignRoomDialog.tsx';
import { type Room, type RoomTypeInfo, roomsApi } from './api.ts';
import { RoomCard } from './RoomCard.tsx';
import { RoomFormDialog } from './RoomFormDialog.tsx';

const NO_TYPES: RoomTypeInfo[] = [];

/** /dashbord/roomManagement: the account's rooms, their storage and subscription; create, edit, delete, assign. */
export function RoomsPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const account = useAccount();
  const isInstitution = account.type?.type === 'inst';
  const assignPaused = useInstitutionReadOnly();
  const queryClient = useQueryClient();
  const storageChanged = useStorageChanged();
  const list = useQuery({ queryKey: queryKeys.rooms.list, queryFn: roomsApi.list });
  const types = useQuery({ queryKey: queryKeys.rooms.types, queryFn: roomsApi.types }).data ?? NO_TYPES;
  const rooms = list.data ?? null;
  const loadError = list.error && messageOf(list.error, language, t`An error occurred, try again`);
  const [editing, setEditing] = useState<Room | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Room | null>(null);
  const [unassigning, setUnassigning] = useState<Room | null>(null);
  const [assigning, setAssigning] = useState<Room | null>(null);
  const [busy, setBusy] = useState(false);
  // Spec §5: an individual account holds one room. Once it has it, the advice replaces "Add a room" (which the server
  // would refuse with INDIVIDUAL_ONE_ROOM) instead of being offered and then refused.
  const roomFull = !isInstitution && (rooms?.length ?? 0) >= 1;

  const load = () => void queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });

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
      <InstitutionReadOnlyNote readOnly={assignPaused} only="assignment" />
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          <Trans>Each room comes with 10 GB of storage for its recordings.</Trans>
        </Text>
        {rooms && !roomFull && (
          <Button onClick={openCreate} data-testid="add-room">
            <Trans>Add a room</Trans>
          </Button>
        )}
      </Group>
      {roomFull && (
        <Alert
          color="blue"
          variant="light"
          title={t`An individual account holds one room`}
          data-testid="one-room-advice"
        >
          <Stack gap={4} align="flex-start">
            <Text size="sm">
              <Trans>
                To add more rooms, move to an enterprise account: it also adds users, teams, room assignment and
                reports.
              </Trans>
            </Text>
            <Anchor component={Link} to="/home/pricing" size="sm">
              <Trans>Compare individual and enterprise accounts</Trans>
            </Anchor>
          </Stack>
        </Alert>
      )}
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
              assignPaused={assignPaused}
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
          // Rooms carry the storage: the sidebar's storage block re-reads it after one is added.
          if (!editing) storageChanged();
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
          if (!room || !(await run(() => roomsApi.remove(room.id), t`The room was deleted`))) return;
          setDeleting(null);
          storageChanged();
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
      <AssignRoomDialog
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
