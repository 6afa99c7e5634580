import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { Icon } from '../../ui/icons.tsx';
import { CountBadge, useCountLabel } from '../chat/ContactsList.tsx';
import { useNotificationCount } from './NotificationsProvider.tsx';

/** The bell in the top bar, with how many notifications are listed (9+ at most). */
export function NotificationsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  const count = useNotificationCount();
  const countLabel = useCountLabel();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={onOpen}
      aria-label={countLabel(t`Notifications`, count)}
      data-testid="notifications-button"
    >
      <span className="icon-badge">
        <Icon name="bell" />
        <CountBadge count={count} label={t`Notifications`} testId="notifications-badge" />
      </span>
    </ActionIcon>
  );
}
