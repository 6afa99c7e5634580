import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { type Room, roomsApi } from '../rooms/api.ts';
import { useRoomName } from '../rooms/room-name.ts';
import type { ManagedUser } from './api.ts';

/** Give one of the account's free rooms to a user (the rooms page's assignment, chosen from the person's side). */
export function AssignUserRoomDialog({
  user,
  onClose,
  onAssigned,
}: {
  user: ManagedUser | null;
  onClose: () => void;
  onAssigned: (room: Room) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const [roomId, setRoomId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Keyed on the person alone, not the row object nor the language functions: the list behind the dialog may refresh
  // (a new row object for the same person) and a catalog may load while the choice is made, and neither must wipe
  // the room just picked. A load failure is worded at render, in the current language.
  const userId = user?.id;
  const read = useQuery({ queryKey: queryKeys.rooms.list, queryFn: roomsApi.list, enabled: !!userId });
  const rooms = read.data?.filter((r) => !r.assignedUser) ?? null;
  const loadError = read.error;
  useEffect(() => {
    if (!userId) return;
    setRoomId(null);
    setError(null);
  }, [userId]);
  const shownError = error ?? (loadError ? messageOf(loadError, language, t`An error occurred, try again`) : null);
  const name = user ? `${user.fname} ${user.lname}` : '';
  return (
    <Modal
      opened={!!user}
      onClose={onClose}
      title={t`Assign a room`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack>
        <Text size="sm">
          <Trans>
            Choose the room <bdi>{name}</bdi> will hold their meetings in.
          </Trans>
        </Text>
        <Select
          label={t`Room`}
          placeholder={t`Choose a room`}
          data={(rooms ?? []).map((r) => ({ value: r.id, label: roomName(r) }))}
          value={roomId}
          onChange={setRoomId}
          error={shownError}
          nothingFoundMessage={t`No free room: every room is assigned`}
          disabled={rooms === null}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              const room = rooms?.find((r) => r.id === roomId);
              if (!user) return;
              if (!room) return setError(t`Choose a room`);
              setBusy(true);
              try {
                await roomsApi.assign(room.id, user.id);
                onAssigned(room);
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
