import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CURRENCIES, type Currency, ROOM_PERIODS, type RoomPeriod } from '@majlis/contracts/billing';
import { ZRoomName } from '@majlis/contracts/rooms';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useId, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import { type RoomType, type RoomTypeInfo, roomsApi } from '../rooms/api.ts';
import { useRoomName } from '../rooms/room-name.ts';
import { PARTICIPANT_CHOICES } from '../rooms/room-validation.ts';
import type { SubscriptionView, TPurchase } from './api.ts';
import { CouponField } from './CouponField.tsx';
import { DemoNotice } from './DemoNotice.tsx';
import { formatMoney, ROOM_TYPE_LABEL, useBillingLabels } from './labels.ts';
import { QuoteBox } from './QuoteBox.tsx';
import { useCheckout } from './use-checkout.ts';

/** What the dialog was opened for: a new room, a room of the account (buy, renew, more participants), the institution. */
export type CheckoutPreset =
  | { kind: 'room' }
  | { kind: 'renewal'; mode: 'buy' | 'renew' | 'upgrade'; subscription: SubscriptionView }
  | { kind: 'enterprise'; subscription?: SubscriptionView };

/** The room name does not change the price: quotes carry this stand-in (none before a name is typed, none per key). */
const QUOTE_NAME = 'Room';

/** Buy a room, or another period (or more participants) for one: choices, the server's quote, then Pay. */
export function CheckoutDialog({
  preset,
  demo,
  onClose,
}: {
  preset: CheckoutPreset | null;
  /** The payments go to the embedded sandbox (spec §8: a demo account, no money moves). */
  demo: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const labels = useBillingLabels();
  const nameOf = useRoomName();
  const errorText = useFieldError();
  const opened = preset !== null;
  const sub = preset?.kind === 'renewal' ? preset.subscription : null;
  const room = sub?.room ?? null;
  const upgrade = preset?.kind === 'renewal' && preset.mode === 'upgrade';

  const [types, setTypes] = useState<RoomTypeInfo[]>([]);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [type, setType] = useState<RoomType | ''>('');
  const [participants, setParticipants] = useState('10');
  const [period, setPeriod] = useState<RoomPeriod>('monthly');
  const [currency, setCurrency] = useState<Currency>('EGP');
  const [coupon, setCoupon] = useState<string | undefined>(undefined);
  // The preset the fields were filled for: until then, no quote (it would price the previous dialog's choices).
  const [filledFor, setFilledFor] = useState<CheckoutPreset | null>(null);
  // A phone gets the whole screen: the form is taller than a dialog there.
  const phoneScreen = useMediaQuery('(max-width: 36em)');
  const periodLabel = useId();
  const currencyLabel = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the dialog opens for a preset, not on each render.
  useEffect(() => {
    if (!preset) return;
    setName('');
    setNameError(null);
    setCoupon(undefined);
    const own =
      sub && (ROOM_PERIODS as readonly string[]).includes(sub.period) ? (sub.period as RoomPeriod) : 'monthly';
    setPeriod(own);
    // The currency paid last time; a new purchase starts in pounds.
    setCurrency((preset.kind === 'room' ? null : preset.subscription?.currency) ?? 'EGP');
    const bigger = PARTICIPANT_CHOICES.find((n) => n > (room?.participants ?? 0));
    setParticipants(String(upgrade ? (bigger ?? room?.participants ?? 10) : 10));
    setFilledFor(preset);
    if (preset.kind === 'room') {
      roomsApi
        .types()
        .then((list) => {
          setTypes(list);
          setType((current) => current || (list.find((x) => x.available)?.type ?? ''));
        })
        .catch(() => setTypes([]));
    }
  }, [preset]);

  const purchase: TPurchase | null =
    !preset || filledFor !== preset
      ? null
      : preset.kind === 'enterprise'
        ? { kind: 'enterprise', currency, coupon }
        : preset.kind === 'renewal' && room
          ? {
              kind: 'renewal',
              roomId: room.id,
              period,
              currency,
              coupon,
              ...(upgrade ? { participants: Number(participants) } : {}),
            }
          : type
            ? {
                kind: 'room',
                roomName: QUOTE_NAME,
                roomType: type,
                participants: Number(participants),
                period,
                currency,
                coupon,
              }
            : null;
  const { quote, quoting, quoteError, phase, payError, pay } = useCheckout(opened, purchase);
  const busy = phase !== 'choosing';
  const serverFields = fieldErrorsOf(payError, language);
  const formError = payError ? formErrorOf(payError, language, t`An error occurred, try again`) : null;

  const onPay = () => {
    if (!purchase || busy || quote?.coupon?.applied === false) return;
    if (purchase.kind === 'room') {
      const checked = ZRoomName.safeParse(name);
      if (!checked.success) return setNameError(checked.error.issues[0]?.message ?? 'field.roomName');
    }
    pay(purchase.kind === 'room' ? { ...purchase, roomName: name.trim() } : purchase);
  };

  const roomName = room ? nameOf(room) : '';
  const total = quote ? formatMoney(language, quote.totalMinor, quote.currency) : null;
  const title = !preset
    ? ''
    : preset.kind === 'room'
      ? t`Buy a room`
      : preset.kind === 'enterprise'
        ? t`Renew the enterprise account`
        : preset.mode === 'upgrade'
          ? t`More participants for ${roomName}`
          : preset.mode === 'renew'
            ? t`Renew ${roomName}`
            : t`Buy ${roomName}`;
  const count = (n: number) => {
    const shown = formatNumber(language, n);
    return plural(n, { one: `${shown} participant`, other: `${shown} participants` });
  };
  const participantOptions = PARTICIPANT_CHOICES.filter((n) => !upgrade || n > (room?.participants ?? 0)).map((n) => ({
    value: String(n),
    label: count(n),
  }));

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered fullScreen={phoneScreen} data-testid="checkout">
      <Stack>
        {demo && <DemoNotice compact />}
        {formError && (
          <Alert color="red" variant="light" role="alert" data-testid="checkout-error">
            {formError}
          </Alert>
        )}
        {preset?.kind === 'room' && (
          <>
            <TextInput
              label={t`Room name`}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={errorText(nameError ?? serverFields['purchase.roomName'])}
              required
              data-autofocus
            />
            <Select
              allowDeselect={false}
              label={t`Room type`}
              data={types.map((x) => ({
                value: x.type,
                label: x.available
                  ? ROOM_TYPE_LABEL[x.type]
                  : t`${ROOM_TYPE_LABEL[x.type]} (not set up on this server)`,
                disabled: !x.available,
              }))}
              value={type || null}
              onChange={(v) => setType((v ?? '') as RoomType | '')}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        )}
        {room && (
          <Text size="sm" data-testid="checkout-room">
            <bdi>{roomName}</bdi> — {ROOM_TYPE_LABEL[room.type]} — {count(room.participants)}
          </Text>
        )}
        {(preset?.kind === 'room' || upgrade) && (
          <Select
            allowDeselect={false}
            label={upgrade ? t`New number of participants` : t`Number of participants`}
            data={participantOptions}
            value={participants}
            onChange={(v) => v && setParticipants(v)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {preset?.kind !== 'enterprise' && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={periodLabel}>
              <Trans>Period</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby={periodLabel}
              fullWidth
              value={period}
              onChange={(v) => setPeriod(v as RoomPeriod)}
              data={ROOM_PERIODS.map((p) => ({ value: p, label: labels.buyPeriod[p] }))}
            />
            {period === 'daily' && (
              <Text size="xs" c="dimmed">
                <Trans>
                  A day is taken when the day's first meeting starts and lasts up to 24 hours; unused days never expire.
                </Trans>
              </Text>
            )}
          </Stack>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id={currencyLabel}>
            <Trans>Currency</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby={currencyLabel}
            fullWidth
            value={currency}
            onChange={(v) => setCurrency(v as Currency)}
            data={CURRENCIES.map((c) => ({ value: c, label: c === 'EGP' ? t`Egyptian pound` : t`US dollar` }))}
          />
        </Stack>
        <CouponField quote={quote} onApply={setCoupon} />
        <QuoteBox quote={quote} loading={quoting} error={quoteError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={phase === 'leaving'}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            onClick={onPay}
            loading={busy}
            // A refused coupon is never sent to be paid (issue 26: Pay stayed on and the checkout answered 409).
            disabled={!quote || quoting || quote.coupon?.applied === false}
            data-testid="pay"
          >
            {total ? <Trans>Pay {total}</Trans> : <Trans>Pay</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
