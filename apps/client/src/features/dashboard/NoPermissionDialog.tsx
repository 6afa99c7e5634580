import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Text } from '@mantine/core';

/** Spec §8: 'You don't have permission' (key YouDonHavePermission) with an OK button. */
export function NoPermissionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t({ id: 'YouDonHavePermission', message: "You don't have permission" })}
      centered
    >
      <Text size="sm">
        <Trans>Ask the owner of this account for access.</Trans>
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
