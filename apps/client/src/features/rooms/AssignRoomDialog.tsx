import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { accountUsers } from '../../state/account-users.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { type Room, roomsApi } from './api.ts';

/** Enterprise: give the room to one of the account's users. */
export function AssignRoomDialog({
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
  const users = useQuery({ queryKey: queryKeys.account.users, queryFn: accountUsers, enabled: !!room }).data ?? null;
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!room) return;
    setUserId(null);
    setError(null);
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
