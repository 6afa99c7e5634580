import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatDate, SEPARATOR, showDigits, viewZone } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { billingApi, goToPayment, type OrderList, type OrderView } from './api.ts';
import { formatMoney, ORDER_COLOR, useBillingLabels } from './labels.ts';

/** The last payment attempt of an order (the list is newest first), for its method and card. */
function lastPayment(list: OrderList, orderId: string) {
  return list.payments.find((p) => p.orderId === orderId) ?? null;
}

/** GET /api/billing/orders: every order, newest first, with its state, how it was paid, and "pay again" when it failed. */
export function PaymentHistory() {
  const { t } = useLingui();
  const language = useLanguage();
  const labels = useBillingLabels();
  const read = useQuery({ queryKey: queryKeys.billing.orders, queryFn: billingApi.orders });
  const list = read.data ?? null;
  const [payError, setPayError] = useState<string | null>(null);
  const error = payError ?? (read.error && messageOf(read.error, language, t`An error occurred, try again`));
  const [paying, setPaying] = useState<string | null>(null);
  const inFlight = useRef(false);

  const payAgain = async (order: OrderView) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPaying(order.id);
    try {
      goToPayment(await billingApi.payAgain(order.id));
    } catch (e) {
      inFlight.current = false;
      setPaying(null);
      setPayError(messageOf(e, language, t`An error occurred, try again`));
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="payment-history">
      <Title order={2} size="h3" id="payment-history">
        <Trans>Payment history</Trans>
      </Title>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!list && !error && <Loader size="sm" aria-label={t`Loading`} />}
      {list?.orders.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No payments yet.</Trans>
        </Text>
      )}
      {list && list.orders.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.orders.map((order) => {
            const payment = lastPayment(list, order.id);
            const card = payment?.last4 ? `${payment.brand ?? ''} •••• ${payment.last4}`.trim() : null;
            const method = payment?.method ? labels.methodOf(payment.method) : null;
            return (
              <Paper key={order.id} component="li" withBorder radius="md" p="sm" data-testid="order">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {labels.orderWhat(order)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <time dateTime={order.createdAt}>
                        {formatDate(language, order.createdAt, { dateStyle: 'medium', timeZone: viewZone() })}
                      </time>
                      {method && ` — ${method}`}
                      {card && (
                        <>
                          {SEPARATOR}
                          <bdi dir="ltr">{showDigits(language, card)}</bdi>
                        </>
                      )}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(language, order.totalMinor, order.currency)}
                    </Text>
                    <Badge color={ORDER_COLOR[order.status]} variant="outline" style={{ flexShrink: 0 }}>
                      {labels.orderStatus[order.status]}
                    </Badge>
                  </Stack>
                </Group>
                {order.status === 'failed' && (
                  <Button
                    size="xs"
                    mt="xs"
                    variant="light"
                    loading={paying === order.id}
                    disabled={paying !== null && paying !== order.id}
                    onClick={() => void payAgain(order)}
                  >
                    <Trans>Pay again</Trans>
                  </Button>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
