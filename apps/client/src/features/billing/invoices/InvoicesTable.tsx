import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, formatReference, viewZone } from '../../../lib/format.ts';
import { messageOf } from '../../../lib/http.ts';
import { useLanguage } from '../../../state/language.tsx';
import { queryKeys } from '../../../state/query-keys.ts';
import { type InvoiceSummary, invoicePath, invoicePdfUrl, invoicesApi } from './api.ts';
import { money, useInvoiceType } from './labels.ts';

/** Spec §9: at ≤ 590 px (a phone) the table becomes one card per invoice. */
const PHONE = '(max-width: 590px)';

export function PaidBadge({ paid }: { paid: boolean }) {
  return (
    <Badge color={paid ? 'teal.9' : 'red.9'} variant="outline" style={{ flexShrink: 0 }}>
      {paid ? <Trans context="invoice">Paid</Trans> : <Trans>Not paid</Trans>}
    </Badge>
  );
}

/** View and PDF links of one invoice (the PDF in the reader's language). */
function Links({ invoice }: { invoice: InvoiceSummary }) {
  const language = useLanguage();
  const number = formatReference(language, invoice.number);
  return (
    <Group gap="md" wrap="nowrap">
      <Anchor component={Link} to={invoicePath(invoice.id)} size="sm" className="touch-44">
        <Trans>View</Trans>
        <VisuallyHidden> {number}</VisuallyHidden>
      </Anchor>
      <Anchor href={invoicePdfUrl(invoice.id, language)} download size="sm" className="touch-44">
        PDF
        <VisuallyHidden> {number}</VisuallyHidden>
      </Anchor>
    </Group>
  );
}

/** GET /api/billing/invoices: number, date, type, total, paid or not, with links to the invoice and its PDF. */
export function InvoicesTable() {
  const { t } = useLingui();
  const language = useLanguage();
  const typeOf = useInvoiceType();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false }) ?? false;
  const read = useQuery({ queryKey: queryKeys.billing.invoices, queryFn: invoicesApi.list });
  const invoices = read.data?.invoices ?? null;
  const error = read.error && messageOf(read.error, language, t`An error occurred, try again`);

  const day = (iso: string) => formatDate(language, iso, { dateStyle: 'medium', timeZone: viewZone() });
  const number = (i: InvoiceSummary) => <bdi dir="ltr">{formatReference(language, i.number)}</bdi>;

  return (
    <Stack gap="sm" component="section" aria-labelledby="invoices-title">
      <Title order={2} size="h3" id="invoices-title">
        <Trans>Invoices</Trans>
      </Title>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!invoices && !error && <Loader size="sm" aria-label={t`Loading`} />}
      {invoices?.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No invoices yet.</Trans>
        </Text>
      )}
      {invoices && invoices.length > 0 && phone && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {invoices.map((i) => (
            <Paper key={i.id} component="li" withBorder radius="md" p="sm" data-testid="invoice">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 10rem' }}>
                  <Text size="sm" fw={600}>
                    {number(i)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={i.issuedAt}>{day(i.issuedAt)}</time>
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {typeOf(i.type)}
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {money(language, i.totalMinor, i.currency)}
                  </Text>
                  <PaidBadge paid={i.paid} />
                </Stack>
              </Group>
              <Links invoice={i} />
            </Paper>
          ))}
        </Stack>
      )}
      {invoices && invoices.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Number</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Date</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Type</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Total</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <VisuallyHidden>
                    <Trans>Links</Trans>
                  </VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((i) => (
                <Table.Tr key={i.id} data-testid="invoice">
                  <Table.Td>{number(i)}</Table.Td>
                  <Table.Td>
                    <time dateTime={i.issuedAt}>{day(i.issuedAt)}</time>
                  </Table.Td>
                  <Table.Td>{typeOf(i.type)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(language, i.totalMinor, i.currency)}</Table.Td>
                  <Table.Td>
                    <PaidBadge paid={i.paid} />
                  </Table.Td>
                  <Table.Td>
                    <Links invoice={i} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
