import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionUser } from '@majlis/machines';
import { ActionIcon, Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useUnread } from '../../features/chat/ChatProvider.tsx';
import { CountBadge, useCountLabel } from '../../features/chat/ContactsList.tsx';
import { LanguageToggle } from '../../features/language/LanguageMenu.tsx';
import { NotificationsButton } from '../../features/notifications/NotificationsButton.tsx';
import { type AccountData, displayedIdentity } from '../../state/account.tsx';
import { SessionContext } from '../../state/session.tsx';
import { Icon } from '../../ui/icons.tsx';

export function useRoleLabel() {
  const { t } = useLingui();
  return (role: string) => ({ owner: t`Owner`, admin: t`Admin`, member: t`Member` })[role] ?? role;
}

export function TopBar({
  user,
  account,
  menuLabel,
  onToggleSidebar,
  onToggleChat,
  onOpenNotifications,
  onSwitchAccount,
}: {
  user: SessionUser;
  account: AccountData;
  menuLabel: string;
  onToggleSidebar: () => void;
  onToggleChat: () => void;
  onOpenNotifications: () => void;
  onSwitchAccount: () => void;
}) {
  const { t } = useLingui();
  const session = SessionContext.useActorRef();
  const roleLabel = useRoleLabel();
  const me = displayedIdentity(user, account.owner);
  const p = account.permission;
  const unread = useUnread().total;
  const countLabel = useCountLabel();
  return (
    <header className="topbar">
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggleSidebar} aria-label={menuLabel}>
        <Icon name="menu" />
      </ActionIcon>
      <div className="topbar__spacer" />
      <LanguageToggle />
      <NotificationsButton onOpen={onOpenNotifications} />
      {p.showChat && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onToggleChat}
          aria-label={countLabel(t`Team chat`, unread)}
          className="chat-toggle"
          data-testid="chat-toggle"
        >
          <span className="icon-badge">
            <Icon name="chat" />
            <CountBadge count={unread} label={t`Unread messages`} testId="chat-unread-badge" />
          </span>
        </ActionIcon>
      )}
      <Menu position="bottom-end" withinPortal width={230}>
        <Menu.Target>
          {/* May shrink, the name cut with an ellipsis: a long account name widened the page past 360 px. */}
          <UnstyledButton className="side-link" style={{ width: 'auto', minWidth: 0 }} data-testid="user-menu">
            <Avatar src={me.picture} radius="xl" size="sm" alt="" />
            {/* On a phone only the picture shows (the menu names the account): a cut name read "…ar Khaled". */}
            <span style={{ minWidth: 0 }} className="topbar__who">
              <Text size="sm" fw={600} lh={1.2} truncate="end">
                <bdi>{me.name}</bdi>
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} data-testid="user-role">
                {roleLabel(user.role)}
              </Text>
            </span>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="dark" lh={1.3}>
              <bdi>{me.name}</bdi> — {roleLabel(user.role)}
            </Text>
            <bdi>{me.email}</bdi>
          </Menu.Label>
          {p.showProfile && (
            <Menu.Item component={Link} to="/dashbord/profile" leftSection={<Icon name="user" size={16} />}>
              <Trans>Profile</Trans>
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/dashbord/meeting" leftSection={<Icon name="video" size={16} />}>
            <Trans>Meetings</Trans>
          </Menu.Item>
          <Menu.Item component={Link} to="/dashbord/recordings" leftSection={<Icon name="record" size={16} />}>
            <Trans>Recordings</Trans>
          </Menu.Item>
          {p.showBilling && (
            <Menu.Item component={Link} to="/dashbord/billing" leftSection={<Icon name="card" size={16} />}>
              <Trans>Billing</Trans>
            </Menu.Item>
          )}
          {p.showAccounts && (
            <Menu.Item onClick={onSwitchAccount} leftSection={<Icon name="switch" size={16} />}>
              <Trans>Switch account</Trans>
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item component={Link} to="/" leftSection={<Icon name="home" size={16} />}>
            <Trans>Home page</Trans>
          </Menu.Item>
          <Menu.Item
            color="red"
            onClick={() => session.send({ type: 'LOGOUT' })}
            leftSection={<Icon name="logout" size={16} />}
          >
            <Trans>Log out</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </header>
  );
}
