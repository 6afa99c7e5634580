import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

/** "Delete this day", asked first: only that day of a series goes. The meeting's days list and the calendar ask it. */
export function DeleteDayConfirm({
  opened,
  day,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  /** The meeting's name and the day's time span, as the dialog names them. */
  day: { name: string | undefined; when: string };
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const { when } = day;
  return (
    <ConfirmDialog
      opened={opened}
      title={t`Delete this day`}
      confirmLabel={t`Delete this day`}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <Trans>
        Delete only this day of <bdi>{day.name}</bdi> ({when})? The other days stay as they are.
      </Trans>
    </ConfirmDialog>
  );
}
