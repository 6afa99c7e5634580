import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { roomsApi } from '../rooms/api.ts';
import { type ManagedUser, usersApi } from './api.ts';

/** A change the page asks about first: each ends sessions or deletes something. */
export type Pending = { kind: 'status' | 'remove' | 'unassign'; user: ManagedUser };

/** The yes/no questions of the users page, and what a yes does. */
export function UserConfirms({
  pending,
  onClose,
  onBusy,
  onDone,
}: {
  pending: Pending | null;
  onClose: () => void;
  /** The row whose change is in flight (its controls wait), or null. */
  onBusy: (id: string | null) => void;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const user = pending?.user;
  const name = user ? `${user.fname} ${user.lname}` : '';
  const room = user?.room?.name ?? '';

  async function run(action: (u: ManagedUser) => Promise<string>) {
    if (!user) return;
    setBusy(true);
    onBusy(user.id);
    try {
      const message = await action(user);
      onClose();
      onDone(message);
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
      onBusy(null);
    }
  }

  const deactivate = pending?.kind === 'status' && user?.active;
  return (
    <>
      <ConfirmDialog
        opened={pending?.kind === 'status'}
        title={deactivate ? t`Deactivate the user` : t`Activate the user`}
        confirmLabel={deactivate ? t`Deactivate` : t`Activate`}
        busy={busy}
        onClose={onClose}
        onConfirm={() =>
          run(async (u) => {
            await usersApi.setActive(u.id, !u.active);
            return u.active ? t`${name} was deactivated` : t`${name} was activated`;
          })
        }
      >
        {deactivate ? (
          <Trans>
            Deactivate <bdi>{name}</bdi>? Their sessions in this account end at once and they cannot sign in to it until
            you activate them again. Their data is kept.
          </Trans>
        ) : (
          <Trans>
            Activate <bdi>{name}</bdi>? They can sign in to this account again.
          </Trans>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.kind === 'remove'}
        title={t`Remove the user`}
        confirmLabel={t`Remove`}
        busy={busy}
        onClose={onClose}
        onConfirm={() =>
          run(async (u) => {
            const { deletedMeetings } = await usersApi.remove(u.id);
            const count = formatNumber(language, deletedMeetings);
            return plural(deletedMeetings, {
              0: `${name} was removed from the account`,
              one: `${name} was removed from the account; ${count} meeting was deleted`,
              other: `${name} was removed from the account; ${count} meetings were deleted`,
            });
          })
        }
      >
        {room ? (
          <Trans>
            Remove <bdi>{name}</bdi> from this account? Their sessions in it end at once, and <bdi>{room}</bdi> is
            de-assigned: their meetings in it will be deleted. Their own Majlis account stays.
          </Trans>
        ) : (
          <Trans>
            Remove <bdi>{name}</bdi> from this account? Their sessions in it end at once. Their own Majlis account
            stays.
          </Trans>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.kind === 'unassign'}
        title={t`De-assign the room`}
        confirmLabel={t`De-assign`}
        busy={busy}
        onClose={onClose}
        onConfirm={() =>
          run(async (u) => {
            if (!u.room) return t`The room was de-assigned`;
            const { deletedMeetings } = await roomsApi.unassign(u.room.id);
            const count = formatNumber(language, deletedMeetings);
            return plural(deletedMeetings, {
              0: 'The room was de-assigned',
              one: `The room was de-assigned; ${count} meeting was deleted`,
              other: `The room was de-assigned; ${count} meetings were deleted`,
            });
          })
        }
      >
        <Trans>
          De-assign <bdi>{room}</bdi> from <bdi>{name}</bdi>? Their meetings in this room will be deleted.
        </Trans>
      </ConfirmDialog>
    </>
  );
}
