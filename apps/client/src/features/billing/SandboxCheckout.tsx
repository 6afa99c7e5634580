import { Trans, useLingui } from '@lingui/react/macro';
import { ZPhone } from '@majlis/contracts/new-password';
import { Alert, Button, Divider, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../lib/http.ts';
import { hardNavigation } from '../../lib/navigation.ts';
import { fieldErrorsOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import { billingApi, paymentPath, type SandboxOrder, type TSandboxPayBody } from './api.ts';
import { DemoNotice } from './DemoNotice.tsx';
import { formatMoney, useBillingLabels } from './labels.ts';

/**
 * The embedded sandbox's checkout (the default payment provider): the order, the demo-account notice, a card or a
 * mobile wallet, and the outcome to play. POST /api/billing/sandbox/{ref} records it as the provider's callback would
 * and answers where the provider would send the browser back.
 */
export function SandboxCheckout({ reference }: { reference: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const labels = useBillingLabels();
  const errorText = useFieldError();
  const methodLabel = useId();
  const [data, setData] = useState<SandboxOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [method, setMethod] = useState<TSandboxPayBody['method']>('card');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sending, setSending] = useState<TSandboxPayBody['outcome'] | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    billingApi
      .sandboxOrder(reference)
      .then(setData)
      .catch((e) => setError(messageOf(e, language, t`An error occurred, try again`)));
  }, [reference, language, t]);

  const send = async (outcome: TSandboxPayBody['outcome']) => {
    if (inFlight.current) return;
    let walletPhone: string | undefined;
    if (method === 'wallet') {
      const checked = ZPhone.safeParse(phone);
      if (!checked.success) return setPhoneError(checked.error.issues[0]?.message ?? 'field.phone');
      walletPhone = checked.data;
    }
    inFlight.current = true;
    setSending(outcome);
    setError(null);
    try {
      const { redirectUrl } = await billingApi.sandboxPay(reference, { outcome, method, walletPhone });
      hardNavigation.go(redirectUrl);
    } catch (e) {
      inFlight.current = false;
      setSending(null);
      const fields = fieldErrorsOf(e, language);
      if (fields.walletPhone) setPhoneError(fields.walletPhone);
      else setError(messageOf(e, language, t`An error occurred, try again`));
    }
  };

  if (!data)
    return error ? (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    ) : (
      <Loader aria-label={t`Loading`} />
    );
  const { order } = data;
  const open = order.status === 'pending' || order.status === 'failed';
  return (
    <Stack data-testid="sandbox-checkout">
      <DemoNotice />
      <Stack gap={4}>
        <Text size="sm" data-testid="sandbox-what">
          {labels.orderWhat(order)}
        </Text>
        <Group justify="space-between">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={700} data-testid="sandbox-total">
            {formatMoney(language, order.totalMinor, order.currency)}
          </Text>
        </Group>
      </Stack>
      <Divider />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!open ? (
        <>
          <Text>
            <Trans>This order is no longer waiting for a payment.</Trans>
          </Text>
          <Button component={Link} to={paymentPath(order.id)} variant="light">
            <Trans>See the order</Trans>
          </Button>
        </>
      ) : (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={methodLabel}>
              <Trans>Pay with</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby={methodLabel}
              fullWidth
              value={method}
              onChange={(v) => setMethod(v as TSandboxPayBody['method'])}
              data={[
                { value: 'card', label: labels.method.card },
                { value: 'wallet', label: labels.method.wallet },
              ]}
            />
          </Stack>
          {method === 'card' ? (
            <Text size="sm" c="dimmed">
              <Trans>A test card is used: nothing to type.</Trans>
            </Text>
          ) : (
            <TextInput
              label={t`Wallet phone number`}
              description={t`With the country code, for example +20 100 123 4567`}
              type="tel"
              dir="ltr"
              autoComplete="tel"
              value={phone}
              onChange={(e) => {
                setPhone(e.currentTarget.value);
                setPhoneError(null);
              }}
              error={errorText(phoneError)}
              required
            />
          )}
          <Stack gap="xs">
            <Button
              // teal.9: white on Mantine's default teal is 2.9:1
              color="teal.9"
              onClick={() => void send('success')}
              loading={sending === 'success'}
              disabled={sending !== null}
              data-testid="sandbox-succeed"
            >
              <Trans>Pay (succeeds)</Trans>
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => void send('fail')}
              loading={sending === 'fail'}
              disabled={sending !== null}
              data-testid="sandbox-fail"
            >
              <Trans>Decline (fails)</Trans>
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
