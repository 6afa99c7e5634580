import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';

/** Spec §8: the sandbox is a demo account, no money moves; said wherever the sandbox takes a payment. */
export function DemoNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t`You are now on a demo account`}
      data-testid="demo-notice"
      p={compact ? 'xs' : undefined}
      // a light yellow alert writes its title in yellow (2:1 on its background): the title in the text's dark
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {!compact && <Trans>This is the built-in sandbox: no card is charged and no money moves.</Trans>}
    </Alert>
  );
}
