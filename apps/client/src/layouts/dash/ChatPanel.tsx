import { Trans, useLingui } from '@lingui/react/macro';
import { CloseButton, Group, Tabs, Text } from '@mantine/core';
import { type ChatTab, useChat, useUnread } from '../../features/chat/ChatProvider.tsx';
import { ContactsList, CountBadge } from '../../features/chat/ContactsList.tsx';
import { ConversationView } from '../../features/chat/ConversationView.tsx';
import '../../features/chat/chat.css';

/** Team chat (spec §2): beside the content on wide screens, floating above the bottom bar at ≤ 850px. */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { tab, setTab, open, teams } = useChat();
  const unread = useUnread();
  return (
    <aside className="chat-panel" aria-label={t`Team chat`} data-testid="chat-panel">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700} component="h2" size="md" m={0}>
          <Trans>Team chat</Trans>
        </Text>
        <CloseButton onClick={onClose} aria-label={t`Close the chat`} />
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => setTab((v as ChatTab | null) ?? 'contacts')}
        className="chat-tabs"
        keepMounted={false}
      >
        <Tabs.List grow>
          <Tabs.Tab value="contacts" rightSection={<CountBadge count={unread.total} label={t`Unread messages`} />}>
            <Trans>Contacts</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="chat">
            <Trans>Chat</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contacts" pt="sm" className="chat-tabs__panel">
          <ContactsList />
        </Tabs.Panel>
        <Tabs.Panel value="chat" pt="sm" className="chat-tabs__panel">
          {open ? (
            <ConversationView key={open.id} open={open} />
          ) : (
            <Text size="sm" c="dimmed">
              {teams.length ? (
                <Trans>Choose a team or a contact in Contacts to start a conversation.</Trans>
              ) : (
                <Trans>Choose a contact in Contacts to start a conversation.</Trans>
              )}
            </Text>
          )}
        </Tabs.Panel>
      </Tabs>
    </aside>
  );
}
