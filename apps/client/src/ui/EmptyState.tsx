import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a page whose feature comes later shows: its name and an honest sentence, in the active language. */
export function EmptyState({ title, children, action }: { title: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" className="empty-state">
      <Stack align="center" gap="sm" ta="center">
        <svg
          width="56"
          height="56"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3 9h18M8 13h8M8 16h5" />
        </svg>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
