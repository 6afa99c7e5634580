import { Trans, useLingui } from '@lingui/react/macro';
import { CloseButton, Group, Tabs, Text } from '@mantine/core';

/** Chat beside the content (or floating at ≤ 850px). Conversations arrive with the realtime issue. */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <aside className="chat-panel" aria-label={t`Team chat`} data-testid="chat-panel">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>
          <Trans>Team chat</Trans>
        </Text>
        <CloseButton onClick={onClose} aria-label={t`Close`} />
      </Group>
      <Tabs defaultValue="contacts">
        <Tabs.List grow>
          <Tabs.Tab value="contacts">
            <Trans>Contacts</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="chat">
            <Trans>Chat</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contacts" pt="md">
          <Text size="sm" c="dimmed">
            <Trans>Your team's contacts will show here when team chat opens.</Trans>
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="chat" pt="md">
          <Text size="sm" c="dimmed">
            <Trans>No conversations yet.</Trans>
          </Text>
        </Tabs.Panel>
      </Tabs>
    </aside>
  );
}
