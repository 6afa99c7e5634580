import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PARTICIPANTS } from '@majlis/contracts/rooms';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { browserTimeZone, formatNumber, formatWhen, SEPARATOR } from '../../lib/format.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { useRoomName } from '../rooms/room-name.ts';
import type { SubscriptionView } from './api.ts';
import type { CheckoutPreset } from './CheckoutDialog.tsx';
import { formatMoney, ROOM_TYPE_LABEL, STATUS_COLOR, useBillingLabels } from './labels.ts';

const DAY_ONLY = { weekday: undefined, hour: undefined, minute: undefined } as const;
const TIME = { weekday: undefined, year: undefined } as const;

/** What the card offers: buy a room not bought (or on trial), renew a bought one, more participants for it. */
export function actionsOf(sub: SubscriptionView): CheckoutPreset[] {
  if (!sub.room) return sub.period === 'enterprise' ? [{ kind: 'enterprise', subscription: sub }] : [];
  if (sub.status === 'unpaid' || sub.status === 'trial') return [{ kind: 'renewal', mode: 'buy', subscription: sub }];
  const renew: CheckoutPreset = { kind: 'renewal', mode: 'renew', subscription: sub };
  return sub.room.participants < PARTICIPANTS.max
    ? [renew, { kind: 'renewal', mode: 'upgrade', subscription: sub }]
    : [renew];
}

/** One subscription: its room, state, period in words, what is left of it, what was paid, and buy / renew / upgrade. */
export function SubscriptionCard({
  sub,
  canBuy,
  onCheckout,
}: {
  sub: SubscriptionView;
  canBuy: boolean;
  onCheckout: (preset: CheckoutPreset) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const labels = useBillingLabels();
  const account = useAccount();
  const zone = account.info?.timeZone ?? browserTimeZone();
  const remaining = formatNumber(language, sub.remainingDays);
  const left = formatNumber(language, sub.daysLeft);
  const participants = sub.room ? formatNumber(language, sub.room.participants) : '';
  const renewsOn = sub.renewsAt ? formatWhen(language, sub.renewsAt, zone, DAY_ONLY) : '';
  const dayRunning = sub.dayEndsAt && new Date(sub.dayEndsAt).getTime() > Date.now() ? sub.dayEndsAt : null;
  const until = dayRunning ? formatWhen(language, dayRunning, zone, TIME) : '';
  const paid = sub.totalMinor !== null && sub.currency ? formatMoney(language, sub.totalMinor, sub.currency) : null;
  const name = sub.room ? roomName(sub.room) : t`Enterprise account`;
  const buttonLabel = (p: CheckoutPreset) =>
    p.kind === 'enterprise' || (p.kind === 'renewal' && p.mode === 'renew')
      ? t`Renew`
      : p.kind === 'renewal' && p.mode === 'upgrade'
        ? t`More participants`
        : t`Buy`;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="subscription-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <bdi>{name}</bdi>
          </Title>
          <Badge color={STATUS_COLOR[sub.status]} variant="outline" style={{ flexShrink: 0 }} data-testid="sub-status">
            {labels.status[sub.status]}
          </Badge>
        </Group>
        {sub.room && (
          <Text size="sm">
            {ROOM_TYPE_LABEL[sub.room.type]} —{' '}
            {plural(sub.room.participants, {
              one: `${participants} participant`,
              other: `${participants} participants`,
            })}
          </Text>
        )}
        <Text size="sm" fw={500} data-testid="sub-period">
          {labels.period[sub.period]}
        </Text>
        <Text size="sm" data-testid="sub-remaining">
          {sub.period === 'daily' ? (
            <>
              {plural(sub.daysLeft, { one: `${left} day left`, other: `${left} days left` })}
              {dayRunning && (
                <>
                  {SEPARATOR}
                  <Trans>a day is running until {until}</Trans>
                </>
              )}
            </>
          ) : sub.status === 'unpaid' ? (
            <Trans>Buy this room to hold meetings in it.</Trans>
          ) : sub.expired || !sub.renewsAt ? (
            sub.renewsAt ? (
              <Trans>Ended on {renewsOn}</Trans>
            ) : null
          ) : (
            <>
              {plural(sub.remainingDays, { one: `${remaining} day left`, other: `${remaining} days left` })}
              {SEPARATOR}
              {sub.trial ? <Trans>Ends on {renewsOn}</Trans> : <Trans>Renewal date: {renewsOn}</Trans>}
            </>
          )}
        </Text>
        {paid && (
          <Text size="sm" c="dimmed" data-testid="sub-paid">
            <Trans>Paid {paid}</Trans>
          </Text>
        )}
        {canBuy && (
          <Group gap="xs">
            {actionsOf(sub).map((preset) => (
              <Button
                key={preset.kind === 'renewal' ? preset.mode : preset.kind}
                size="xs"
                variant={preset.kind === 'renewal' && preset.mode === 'upgrade' ? 'light' : 'filled'}
                onClick={() => onCheckout(preset)}
                aria-label={`${buttonLabel(preset)}: ${name}`}
              >
                {buttonLabel(preset)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
