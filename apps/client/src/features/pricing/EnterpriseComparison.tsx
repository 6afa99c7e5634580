import { Trans } from '@lingui/react/macro';
import type { Currency, PriceList } from '@majlis/contracts/billing';
import type { Locale } from '@majlis/i18n';
import { Badge, Group, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '../billing/labels.ts';
import { KEYBOARD_SCROLL } from './keyboard-scroll.ts';
import { ScrollHint } from './ScrollHint.tsx';

/** The institution's side: what it adds, its monthly renewal, and the move from a personal account (base waived). */
export function EnterpriseComparison({
  list,
  currency,
  locale,
}: {
  list: PriceList;
  currency: Currency;
  locale: Locale;
}) {
  const renewal = list.enterprise.find((p) => p.currency === currency);
  const transfer = list.transfer.find((p) => p.currency === currency);
  return (
    <>
      <Title order={2} size="h3" mt={48} mb="md">
        <Trans>Individual or organisation</Trans>
      </Title>
      <ScrollHint />
      <Table.ScrollContainer minWidth={420} scrollAreaProps={KEYBOARD_SCROLL}>
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
            <Table.Tr>
              <Table.Td>
                <Trans>The account itself</Trans>
              </Table.Td>
              <Table.Td>
                <Trans>No fee</Trans>
              </Table.Td>
              <Table.Td data-testid="pricing-enterprise">
                {renewal ? <Trans>{formatMoney(locale, renewal.amountMinor, currency)} a month</Trans> : '—'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap={6} mt="sm" data-testid="pricing-transfer">
        <Text size="sm">
          <Trans>Moving from an individual to an organisation account:</Trans>
        </Text>
        {transfer && (
          <Text size="sm" component="s" c="dimmed">
            {formatMoney(locale, transfer.amountMinor, currency)}
          </Text>
        )}
        <Badge color="teal.9" variant="outline">
          <Trans>Free</Trans>
        </Badge>
        <Text size="sm" c="dimmed">
          <Trans>It cannot be undone.</Trans>
        </Text>
      </Group>
    </>
  );
}
