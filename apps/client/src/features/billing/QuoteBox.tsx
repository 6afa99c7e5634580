import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import type { Quote } from './api.ts';
import { formatMoney } from './labels.ts';

function Row({ label, value, strong, testId }: { label: ReactNode; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={strong ? 700 : undefined} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The price the server will charge, as POST /api/billing/quote answered it: nothing here is computed on the client. */
export function QuoteBox({ quote, loading, error }: { quote: Quote | null; loading: boolean; error: string | null }) {
  const { t } = useLingui();
  const language = useLanguage();
  const money = (minor: number) => (quote ? formatMoney(language, minor, quote.currency) : '');
  const percent = quote
    ? formatNumber(language, quote.taxPercent / 100, { style: 'percent', maximumFractionDigits: 2 })
    : '';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="quote" aria-busy={loading} aria-live="polite">
      {error ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {error}
        </Alert>
      ) : !quote ? (
        <Group justify="center">
          <Loader size="sm" aria-label={t`Loading`} />
        </Group>
      ) : (
        <Stack gap={6} style={{ opacity: loading ? 0.6 : 1 }}>
          <Row label={<Trans>Price</Trans>} value={money(quote.unitMinor)} testId="quote-unit" />
          {quote.discountMinor > 0 && (
            <Row
              label={
                quote.coupon?.applied ? (
                  <Trans>
                    Discount (<bdi>{quote.coupon.code}</bdi>)
                  </Trans>
                ) : (
                  <Trans>Discount</Trans>
                )
              }
              value={`−${money(quote.discountMinor)}`}
              testId="quote-discount"
            />
          )}
          <Row label={<Trans>Tax ({percent})</Trans>} value={money(quote.taxMinor)} testId="quote-tax" />
          <Divider />
          <Row label={<Trans>Total</Trans>} value={money(quote.totalMinor)} strong testId="quote-total" />
        </Stack>
      )}
    </Paper>
  );
}
