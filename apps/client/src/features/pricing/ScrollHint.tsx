import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';

/**
 * Under a table that is wider than a phone (app.css shows it below 520 px, where both pricing tables overflow):
 * the reader learns the table goes on past the edge, in their reading direction.
 */
export function ScrollHint() {
  return (
    <Text size="xs" c="dimmed" className="scroll-hint" data-testid="scroll-hint">
      <span aria-hidden="true" className="scroll-hint__arrow">
        ⟷
      </span>{' '}
      <Trans>Swipe the table sideways to see every column</Trans>
    </Text>
  );
}
