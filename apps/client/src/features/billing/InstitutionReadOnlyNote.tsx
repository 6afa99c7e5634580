import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';

/** One line at the top of a page whose write controls are disabled because the institution's month lapsed. */
export function InstitutionReadOnlyNote({ readOnly, only }: { readOnly: boolean; only?: 'assignment' }) {
  if (!readOnly) return null;
  return (
    <Text size="sm" c="red.8" fw={500} data-testid="institution-read-only">
      {only === 'assignment' ? (
        <Trans>Room assignment is paused until the institution's monthly subscription is renewed</Trans>
      ) : (
        <Trans>Read-only until the institution's monthly subscription is renewed</Trans>
      )}
    </Text>
  );
}
