import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, List, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../ui/Page.tsx';

/** Plans as the product defines them (spec §1, §9); prices and checkout arrive with billing. */
export default function PricingPage() {
  const { t } = useLingui();
  const plans = [
    { name: t`Free trial`, badge: t`7 days`, points: [t`One room for 7 days`, t`Verify your phone to start`] },
    {
      name: t`Daily plan`,
      badge: t`7 days`,
      points: [
        t`A day is counted when your first meeting of the day starts`,
        t`Each day lasts up to 24 hours`,
        t`Unused days do not expire`,
      ],
    },
    { name: t`Monthly`, badge: t`Discount`, points: [t`Renews every month`, t`10 GB of storage per room`] },
    { name: t`Annual`, badge: t`Best value`, points: [t`Renews every year`, t`The largest discount`] },
  ];
  return (
    <Page title={t`Compare prices`}>
      <section className="section container">
        <Title order={1} ta="center">
          <Trans>Compare prices</Trans>
        </Title>
        <Text ta="center" c="dimmed" mt="sm" maw={680} mx="auto">
          <Trans>
            Rooms are bought by daily, monthly or annual subscription, with a coupon code if you have one. Exact prices
            are shown at checkout when billing opens in your dashboard.
          </Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="xl">
          {plans.map((p) => (
            <Card key={p.name} withBorder radius="md" padding="lg">
              <Badge variant="light">{p.badge}</Badge>
              <Title order={2} size="h3" mt="sm">
                {p.name}
              </Title>
              <List size="sm" mt="sm" spacing={6}>
                {p.points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
        <Title order={2} size="h3" mt={48} mb="md">
          <Trans>Individual or organisation</Trans>
        </Title>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>
                <Trans>Individual</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Organisation</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Trans>Rooms</Trans>
              </Table.Td>
              <Table.Td>
                <Trans>One room</Trans>
              </Table.Td>
              <Table.Td>
                <Trans>As many as you assign</Trans>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                <Trans>Users and teams</Trans>
              </Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td>
                <Trans>Admins, members and teams</Trans>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                <Trans>Reports</Trans>
              </Table.Td>
              <Table.Td>
                <Trans>Your meetings</Trans>
              </Table.Td>
              <Table.Td>
                <Trans>Meetings, rooms and users</Trans>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed" mt="sm">
          <Trans>Moving from an individual to an organisation account is free and cannot be undone.</Trans>
        </Text>
        <Button component={Link} to="/register" mt="lg">
          <Trans>Start your free trial</Trans>
        </Button>
      </section>
    </Page>
  );
}
