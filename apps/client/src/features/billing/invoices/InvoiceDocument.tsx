import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatNumber, formatPhone, formatReference, viewZone } from '../../../lib/format.ts';
import { useLanguage } from '../../../state/language.tsx';
import type { InvoiceView } from './api.ts';
import { PaidBadge } from './InvoicesTable.tsx';
import { money, useInvoiceType } from './labels.ts';

type Party = InvoiceView['seller'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw="7.5rem">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Seller or buyer as the invoice keeps them; phone, e-mail and tax number keep their own direction. */
function PartyBlock({ title, party }: { title: string; party: Party }) {
  const { t } = useLingui();
  const language = useLanguage();
  const place = [party.address, party.city, party.postalCode, party.country].filter(Boolean).join(t`, `);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {title}
      </Text>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {party.name}
      </Text>
      {place && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {place}
        </Text>
      )}
      {party.phone && (
        <Text size="sm">
          <Trans>Phone:</Trans> <bdi dir="ltr">{formatPhone(language, party.phone)}</bdi>
        </Text>
      )}
      {party.email && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Trans>E-mail:</Trans> <bdi dir="ltr">{party.email}</bdi>
        </Text>
      )}
      {party.taxId && (
        <Text size="sm">
          <Trans>Tax registration no.</Trans> <bdi dir="ltr">{formatReference(language, party.taxId)}</bdi>
        </Text>
      )}
    </Stack>
  );
}

/**
 * The invoice (spec §3) as a document in the reader's language and digits: seller and bill-to, number, date, type,
 * paid or not, the lines, subtotal, discount with its coupon, the tax line with the seller's registration, the total.
 * The printable page prints only this.
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const typeOf = useInvoiceType();
  const cash = (minor: number) => money(language, minor, invoice.currency);
  const day = (iso: string) => formatDate(language, iso, { dateStyle: 'long', timeZone: viewZone() });
  const percent = formatNumber(language, invoice.taxPercent / 100, { style: 'percent' });
  const coupon = invoice.couponCode;
  const registration = invoice.seller.taxId ? formatReference(language, invoice.seller.taxId) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className="invoice-doc" data-testid="invoice-document">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Stack gap={0}>
          <Title order={2} size="h1" c="#0b3d91">
            <Trans>Invoice</Trans>
          </Title>
          <Text fw={700}>{invoice.seller.name}</Text>
        </Stack>
        <Stack gap={4}>
          <Fact label={t`Invoice number`}>
            <bdi dir="ltr">{formatReference(language, invoice.number)}</bdi>
          </Fact>
          <Fact label={t`Date`}>
            <time dateTime={invoice.issuedAt}>{day(invoice.issuedAt)}</time>
          </Fact>
          <Fact label={t`Type`}>{typeOf(invoice.type)}</Fact>
          <Fact label={t`Status`}>
            <PaidBadge paid={invoice.paid} />
            {invoice.paid && invoice.paidAt && (
              <Text span size="xs" c="dimmed" ms="xs">
                <time dateTime={invoice.paidAt}>{day(invoice.paidAt)}</time>
              </Text>
            )}
          </Fact>
        </Stack>
      </Group>
      <Divider my="md" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <PartyBlock title={t`From`} party={invoice.seller} />
        <PartyBlock title={t`Bill to`} party={invoice.billTo} />
      </SimpleGrid>
      <Table mt="lg" verticalSpacing="xs" className="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Description</Trans>
            </Table.Th>
            <Table.Th className="invoice-lines__wide" ta="center">
              <Trans>Qty</Trans>
            </Table.Th>
            <Table.Th className="invoice-lines__wide" ta="end">
              <Trans>Unit price</Trans>
            </Table.Th>
            <Table.Th ta="end">
              <Trans>Amount</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change order.
            <Table.Tr key={i}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.label}</Table.Td>
              <Table.Td className="invoice-lines__wide" ta="center">
                {formatNumber(language, line.quantity)}
              </Table.Td>
              <Table.Td className="invoice-lines__wide" ta="end" style={{ whiteSpace: 'nowrap' }}>
                {cash(line.unitMinor)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {cash(line.amountMinor)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={6} mt="md" ms="auto" maw={360} className="invoice-totals">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            <Trans>Subtotal</Trans>
          </Text>
          <Text size="sm">{cash(invoice.subtotalMinor)}</Text>
        </Group>
        {invoice.discountMinor > 0 && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{coupon ? <Trans>Discount (coupon {coupon})</Trans> : <Trans>Discount</Trans>}</Text>
            <Text size="sm">{cash(-invoice.discountMinor)}</Text>
          </Group>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            <Trans>Tax ({percent})</Trans>
          </Text>
          <Text size="sm">{cash(invoice.taxMinor)}</Text>
        </Group>
        <Divider />
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={700} data-testid="invoice-total">
            {cash(invoice.totalMinor)}
          </Text>
        </Group>
        {registration && (
          <Text size="xs" c="dimmed">
            <Trans>Tax registration no.</Trans> <bdi dir="ltr">{registration}</bdi>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
