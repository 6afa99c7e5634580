import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { billingApi, type SubscriptionList } from './api.ts';
import { CheckoutDialog, type CheckoutPreset } from './CheckoutDialog.tsx';
import { InvoicesTable } from './invoices/InvoicesTable.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import { actionsOf, SubscriptionCard } from './SubscriptionCard.tsx';
import { TransferCard } from './TransferCard.tsx';
import { TrialCard } from './trial/TrialCard.tsx';

/**
 * Which dialog a link asks for: `?buy=1` a new room; `?room=<roomId>` or `?renew=<subscriptionId>` (the renewal
 * reminder's "renew now") that room's first action, so renewing is one step from the notification.
 */
function presetFromLink(params: URLSearchParams, list: SubscriptionList): CheckoutPreset | null {
  if (params.get('buy')) return { kind: 'room' };
  const roomId = params.get('room');
  const subId = params.get('renew');
  const sub = list.subscriptions.find((s) => (roomId ? s.room?.id === roomId : subId ? s.id === subId : false));
  return sub ? (actionsOf(sub)[0] ?? null) : null;
}

/**
 * /dashbord/billing: the trial, the account's subscriptions with buy / renew / upgrade, invoices, payments, and the
 * move of a personal account to an enterprise one.
 */
export function BillingPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const account = useAccount();
  const [params, setParams] = useSearchParams();
  // A trial started from the trial card invalidates this list too (TrialCard).
  const read = useQuery({ queryKey: queryKeys.billing.subscriptions, queryFn: billingApi.subscriptions });
  const list = read.data ?? null;
  const error = read.error && messageOf(read.error, language, t`An error occurred, try again`);
  const [checkout, setCheckout] = useState<CheckoutPreset | null>(null);

  // A link's dialog opens once the subscriptions are known; the parameter is then dropped, so closing stays closed.
  useEffect(() => {
    if (!list || !(params.has('buy') || params.has('room') || params.has('renew'))) return;
    const preset = list.canBuy ? presetFromLink(params, list) : null;
    if (preset) setCheckout(preset);
    setParams(
      (p) => {
        for (const key of ['buy', 'room', 'renew']) p.delete(key);
        return p;
      },
      { replace: true },
    );
  }, [list, params, setParams]);

  const individual = account.type?.type === 'indv';
  // Spec §5: an individual account holds one room; once it has one, buying another is not offered.
  const roomFull = individual && (list?.subscriptions.some((s) => s.room) ?? false);
  const canBuy = list?.canBuy ?? false;

  return (
    <Stack gap="xl">
      <TrialCard />
      <Stack gap="sm" component="section" aria-labelledby="your-subscriptions">
        <Group justify="space-between">
          <Title order={2} size="h3" id="your-subscriptions">
            <Trans>Your subscriptions</Trans>
          </Title>
          {canBuy && !roomFull && list && list.subscriptions.length > 0 && (
            <Button onClick={() => setCheckout({ kind: 'room' })} data-testid="buy-room">
              <Trans>Buy a room</Trans>
            </Button>
          )}
        </Group>
        {list && !canBuy && (
          <Text size="sm" c="dimmed" data-testid="owner-only">
            <Trans>Only the account owner can buy, renew or upgrade.</Trans>
          </Text>
        )}
        {canBuy && roomFull && (
          <Text size="sm" c="dimmed">
            <Trans>An individual account holds one room. To add more rooms, move to an enterprise account.</Trans>{' '}
            <Anchor component={Link} to="/home/pricing" size="sm" inherit underline="always">
              <Trans>Compare individual and enterprise accounts</Trans>
            </Anchor>
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!list && !error && <Loader aria-label={t`Loading`} />}
        {list?.subscriptions.length === 0 && (
          <EmptyState
            title={<Trans>No subscriptions yet</Trans>}
            action={
              canBuy && (
                <Button onClick={() => setCheckout({ kind: 'room' })} data-testid="buy-room">
                  <Trans>Buy a room</Trans>
                </Button>
              )
            }
          >
            <Trans>Buy a room by the day, the month or the year to hold your meetings in it.</Trans>
          </EmptyState>
        )}
        {list && list.subscriptions.length > 0 && (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            {list.subscriptions.map((sub) => (
              <SubscriptionCard key={sub.id} sub={sub} canBuy={canBuy} onCheckout={setCheckout} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {/* Invoices and orders are the owner's (their routes answer 403 to others). */}
      {canBuy && <InvoicesTable />}
      {canBuy && <PaymentHistory />}
      <TransferCard />
      <CheckoutDialog preset={checkout} demo={list?.provider === 'sandbox'} onClose={() => setCheckout(null)} />
    </Stack>
  );
}
