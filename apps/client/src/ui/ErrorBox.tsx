import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { useState } from 'react';

/** The generic error box (spec §2): an optional close icon, a message, and a button that closes it. */
export function ErrorBox({
  message,
  closeIcon = true,
  onClose,
}: {
  message: string;
  closeIcon?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(true);
  const { t } = useLingui();
  if (!open) return null;
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  return (
    <Alert color="red" role="alert" variant="light">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm">{message}</Text>
        {closeIcon && <CloseButton size="sm" aria-label={t`Close`} onClick={close} />}
      </Group>
      <Button mt="sm" size="xs" color="red" variant="outline" onClick={close}>
        <Trans>OK</Trans>
      </Button>
    </Alert>
  );
}
