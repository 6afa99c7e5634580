import { Badge, Card, Group, List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One plan on /home/pricing: its name, price and what it gives (List.Item children). */
export function PlanCard({
  name,
  price,
  unit,
  badge = null,
  children,
}: {
  name: string;
  price: string;
  unit: string;
  badge?: string | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="pricing-plan">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3">
          {name}
        </Title>
        {badge && (
          <Badge color="teal.9" variant="outline">
            {badge}
          </Badge>
        )}
      </Group>
      <Text fz={28} fw={700} mt="sm" lh={1.2}>
        {price}
      </Text>
      <Text size="sm" c="dimmed">
        {unit}
      </Text>
      <List size="sm" mt="sm" spacing={6}>
        {children}
      </List>
    </Card>
  );
}
