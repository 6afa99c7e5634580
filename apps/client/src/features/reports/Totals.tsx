import { Paper, SimpleGrid, Text } from '@mantine/core';

/** The period's totals as a row of figures (two columns on a phone). */
export function Totals({ items, testId }: { items: { label: string; value: string; id: string }[]; testId?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} spacing="sm" data-testid={testId}>
      {items.map((i) => (
        <Paper key={i.id} withBorder radius="md" p="md" data-testid={`report-total-${i.id}`}>
          <Text size="sm" c="dimmed">
            {i.label}
          </Text>
          <Text fw={700} fz={{ base: 'xl', sm: 26 }} lh={1.3}>
            {i.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** One labelled figure of a report's card (the card form of a table row). */
export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}
