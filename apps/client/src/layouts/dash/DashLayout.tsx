import { Trans, useLingui } from '@lingui/react/macro';
import { Center, Drawer, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AccountSwitchDialog, accountSwitchLogic } from '../../features/account-switch/AccountSwitchDialog.tsx';
import { InstitutionMonthBanner } from '../../features/billing/InstitutionMonthBanner.tsx';
import { ChatProvider, useUnread } from '../../features/chat/ChatProvider.tsx';
import { CountBadge } from '../../features/chat/ContactsList.tsx';
import { OpenChatFromLink } from '../../features/chat/OpenChatFromLink.tsx';
import { RealtimeProvider, useRealtime } from '../../features/chat/realtime.tsx';
import { NotificationsDrawer } from '../../features/notifications/NotificationsDrawer.tsx';
import { NotificationsProvider } from '../../features/notifications/NotificationsProvider.tsx';
import { inspect } from '../../lib/inspect.ts';
import { CHAT_SCREEN_KEY, readLocal, writeLocal } from '../../lib/storage.ts';
import { AccountDataProvider, useAccountData } from '../../state/account.tsx';
import { useLiveInvalidations } from '../../state/live-queries.tsx';
import { QueryProvider } from '../../state/QueryProvider.tsx';
import { useSessionUser } from '../../state/session.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * Spec §9 breakpoints: the sidebar collapses at ≤ 590px, chat floats at ≤ 850px. On a phone (≤ 590px) even the
 * 60.76px rail took a fifth of a 320px screen, so there the sidebar is a drawer the menu button opens, with its
 * labels (issue 16); the rail stays the collapsed state on wider screens.
 */
export const SIDEBAR_QUERY = '(max-width: 590px)';

/** The dashboard frame ("Dash1" in the product), inside the server-state cache its pages read through. */
export default function DashLayout() {
  return (
    <QueryProvider>
      <DashFrame />
    </QueryProvider>
  );
}

/** Sidebar, top bar, content, chat. */
function DashFrame() {
  const user = useSessionUser();
  const account = useAccountData(user);
  const { t } = useLingui();
  const narrow = useMediaQuery(SIDEBAR_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [collapsed, setCollapsed] = useState(narrow);
  const [chatOpen, setChatOpen] = useState(() => readLocal(CHAT_SCREEN_KEY) === 'show');
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const switcher = useMachine(accountSwitchLogic, { inspect });
  const { pathname } = useLocation();

  useEffect(() => setCollapsed(narrow), [narrow]);
  // A link followed in the drawer (or the phone turned wide) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on each new path and width is the point.
  useEffect(() => setDrawerOpen(false), [pathname, narrow]);

  if (!user) return <Navigate to="/login" replace />;
  if (!account)
    return (
      <Center h="100vh" role="status" aria-label={t`Loading`}>
        <Loader />
      </Center>
    );

  const toggleChat = () =>
    setChatOpen((open) => {
      writeLocal(CHAT_SCREEN_KEY, open ? 'close' : 'show');
      return !open;
    });

  const showChat = () => setChatOpen(true);
  const me = { userId: user.id, ownerId: user.ownerId };
  return (
    <AccountDataProvider value={account}>
      <RealtimeProvider me={me}>
        <LiveQueries />
        <NotificationsProvider>
          <ChatProvider me={me} enabled={account.permission.showChat} panelOpen={chatOpen}>
            {account.permission.showChat && <OpenChatFromLink onShow={showChat} />}
            <div className="dash">
              {narrow ? (
                <Drawer
                  opened={drawerOpen}
                  onClose={() => setDrawerOpen(false)}
                  size={228}
                  // Mantine's side is logical: "left" is the start, the right in Arabic (its flex-start), where the
                  // menu button and the wide sidebar are; "right" would open it on the far side (issue 26).
                  position="left"
                  padding={0}
                  title={<Logo />}
                  closeButtonProps={{ 'aria-label': t`Close the menu` }}
                  classNames={{ header: 'sidebar-drawer__head', close: 'touch-44' }}
                >
                  <Sidebar account={account} role={user.role} collapsed={false} inDrawer />
                </Drawer>
              ) : (
                <Sidebar account={account} role={user.role} collapsed={collapsed} />
              )}
              <div className="dash__main">
                <TopBar
                  user={user}
                  account={account}
                  menuLabel={narrow ? t`Open the menu` : t`Collapse or expand the menu`}
                  onToggleSidebar={() => (narrow ? setDrawerOpen(true) : setCollapsed((c) => !c))}
                  onToggleChat={toggleChat}
                  onOpenNotifications={() => setNotificationsOpen(true)}
                  onSwitchAccount={() => switcher[1]({ type: 'OPEN' })}
                />
                <div className="dash__body">
                  <main className="dash__content" id="content">
                    <InstitutionMonthBanner />
                    <Outlet />
                  </main>
                  {account.permission.showChat && chatOpen && <ChatPanel onClose={toggleChat} />}
                </div>
              </div>
              {account.permission.showChat && (
                <nav className="bottom-bar" aria-label={t`Quick links`}>
                  <Link to="/" className="side-link" style={{ width: 'auto' }}>
                    <Icon name="home" /> <Trans>Home</Trans>
                  </Link>
                  <button type="button" className="side-link" style={{ width: 'auto' }} onClick={toggleChat}>
                    <Icon name="chat" /> <Trans>Chat</Trans>
                    <UnreadBadge />
                  </button>
                  <Link to="/dashbord/meeting" className="side-link" style={{ width: 'auto' }}>
                    <Icon name="video" /> <Trans>Meetings</Trans>
                  </Link>
                </nav>
              )}
            </div>
            <NotificationsDrawer opened={notificationsOpen} onClose={() => setNotificationsOpen(false)} />
            <AccountSwitchDialog machine={switcher} currentAccountId={user.ownerId} />
          </ChatProvider>
        </NotificationsProvider>
      </RealtimeProvider>
    </AccountDataProvider>
  );
}

function UnreadBadge() {
  const { t } = useLingui();
  return <CountBadge count={useUnread().total} label={t`Unread messages`} />;
}

/** Socket events mark the server state they change as stale (state/live-queries.tsx). */
function LiveQueries() {
  useLiveInvalidations(useRealtime());
  return null;
}
