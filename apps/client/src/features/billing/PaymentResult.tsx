import { Trans, useLingui } from '@lingui/react/macro';
import { paymentSnapshot } from '@majlis/machines';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { billingApi, goToPayment, type OrderView } from './api.ts';
import { DemoNotice } from './DemoNotice.tsx';
import { formatMoney, useBillingLabels } from './labels.ts';

/**
 * A pending order is asked about again after 1 s, 2 s and 4 s (the provider's callback usually lands in between),
 * then the OK button is left to the reader (spec §8 "Wait a few seconds and press OK again").
 */
export const POLL_DELAYS_MS = [1000, 2000, 4000] as const;

/** Whether the `payment` statechart lets this order start a new attempt ("pay again" keeps the order). */
function retryable(order: OrderView): boolean {
  return paymentSnapshot(order.status).can({ type: 'payment.retry' });
}

/** /dashbord/billing/payment/:orderId: where the provider sends the browser back; the order says how it went. */
export function PaymentResult({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const failedTitle = t`Payment failed`;
  const language = useLanguage();
  const labels = useBillingLabels();
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [paying, setPaying] = useState(false);
  // The automatic asks are over: the reader presses OK, or pays again if they left the gateway without paying.
  const [settled, setSettled] = useState(false);
  const polls = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const ask = useCallback(() => {
    clearTimeout(timer.current);
    setAsking(true);
    billingApi
      .order(orderId)
      .then((o) => {
        setOrder(o);
        setError(null);
        const delay = POLL_DELAYS_MS[polls.current];
        if (o.status === 'pending' && delay !== undefined) {
          polls.current++;
          timer.current = setTimeout(ask, delay);
        } else {
          setSettled(true);
        }
      })
      .catch((e) => setError(messageOf(e, language, t`An error occurred, try again`)))
      .finally(() => setAsking(false));
  }, [orderId, language, t]);

  useEffect(() => {
    polls.current = 0;
    setSettled(false);
    ask();
    return () => clearTimeout(timer.current);
  }, [ask]);

  const payAgain = async () => {
    if (!order || paying) return;
    setPaying(true);
    try {
      goToPayment(await billingApi.payAgain(order.id));
    } catch (e) {
      setPaying(false);
      setError(messageOf(e, language, t`An error occurred, try again`));
    }
  };

  const back = (
    <Button component={Link} to="/dashbord/billing" variant="default">
      <Trans>Back to billing</Trans>
    </Button>
  );

  return (
    <Paper withBorder radius="md" p="xl" maw={560} data-testid="payment-result" data-status={order?.status}>
      <Stack>
        {order?.provider === 'sandbox' && <DemoNotice />}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!order && !error && <Loader aria-label={t`Loading`} />}
        {order && (
          <Text size="sm" data-testid="order-what">
            {labels.orderWhat(order)} — {formatMoney(language, order.totalMinor, order.currency)}
          </Text>
        )}
        {order?.status === 'pending' && (
          <>
            <Title order={2} size="h3">
              <Trans>Your payment is being processed</Trans>
            </Title>
            <Text role="status">
              <Trans>Wait a few seconds and press OK again</Trans>
            </Text>
            <Group>
              <Button onClick={ask} loading={asking} data-testid="ask-again">
                <Trans>OK</Trans>
              </Button>
              {/* The payment chart lets a pending order start a new attempt (the gateway left without paying). */}
              {settled && retryable(order) && (
                <Button variant="light" onClick={() => void payAgain()} loading={paying} data-testid="pay-again">
                  <Trans>Pay again</Trans>
                </Button>
              )}
              {back}
            </Group>
          </>
        )}
        {order?.status === 'completed' && (
          <>
            <Title order={2} size="h3" c="teal.9">
              <Trans>Payment completed</Trans>
            </Title>
            <Group>
              {order.invoiceId && (
                <Button component={Link} to={`/dashbord/billing/invoices/${encodeURIComponent(order.invoiceId)}`}>
                  <Trans>See the invoice</Trans>
                </Button>
              )}
              <Button component={Link} to="/dashbord/roomManagement" variant="light">
                <Trans>Go to your rooms</Trans>
              </Button>
              {back}
            </Group>
          </>
        )}
        {order?.status === 'failed' && (
          <>
            <Title order={2} size="h3" c="red.9">
              {failedTitle}
            </Title>
            {/* A card declined says just "Payment failed", the title's words: said once (issue 26). */}
            {order.failure && order.failure[language].trim() !== failedTitle && (
              <Text data-testid="failure">{order.failure[language]}</Text>
            )}
            {order.failureDetail && (
              <Text size="sm" c="dimmed" dir="auto" data-testid="failure-detail">
                {order.failureDetail}
              </Text>
            )}
            <Group>
              {retryable(order) && (
                <Button onClick={() => void payAgain()} loading={paying} data-testid="pay-again">
                  <Trans>Pay again</Trans>
                </Button>
              )}
              {back}
            </Group>
          </>
        )}
        {order?.status === 'refunded' && (
          <>
            <Title order={2} size="h3">
              <Trans>This payment was refunded</Trans>
            </Title>
            <Group>{back}</Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
