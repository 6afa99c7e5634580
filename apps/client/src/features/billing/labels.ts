import { useLingui } from '@lingui/react/macro';
import type { Currency, RoomPeriod } from '@majlis/contracts/billing';
import type { Locale } from '@majlis/i18n';
import { formatMoney as money } from '../../lib/format.ts';
import type { OrderView, SubscriptionView } from './api.ts';

/** An amount in minor units (piastres, cents) as money in the reader's language and digits; no fraction when whole. */
export function formatMoney(locale: Locale, minor: number, currency: Currency | string): string {
  return money(locale, minor, currency);
}

export { ROOM_TYPE_LABEL } from '@majlis/contracts/rooms';

type Status = SubscriptionView['status'];

/** Badge colours by subscription state (outline badges: Mantine's light ones fill with the text colour). */
/** Mantine's orange.9 is 4.0:1 on white, short of AA for a badge's small text: a darker orange (6.5:1). */
const DARK_ORANGE = '#a63c06';

export const STATUS_COLOR: Record<Status, string> = {
  unpaid: 'gray.8',
  trial: 'blue.9',
  active: 'teal.9',
  expiring: DARK_ORANGE,
  expired: 'red.9',
  renewed: 'teal.9',
};

export const ORDER_COLOR: Record<OrderView['status'], string> = {
  pending: DARK_ORANGE,
  completed: 'teal.9',
  failed: 'red.9',
  refunded: 'gray.8',
};

/** The words billing shows for its states and periods, in the active language. */
export function useBillingLabels() {
  const { t } = useLingui();
  const status: Record<Status, string> = {
    unpaid: t`Not bought yet`,
    trial: t`Free trial`,
    active: t({ message: 'Active', context: 'subscription' }),
    expiring: t`Ends soon`,
    expired: t`Expired`,
    renewed: t`Renewed`,
  };
  const period: Record<SubscriptionView['period'], string> = {
    trial: t`Free trial of 7 days`,
    daily: t`Daily plan (7-day packs)`,
    monthly: t`Monthly`,
    annual: t`Annual`,
    enterprise: t`Enterprise account`,
  };
  /** The checkout's period choice. */
  const buyPeriod: Record<RoomPeriod, string> = {
    daily: t`7 days`,
    monthly: t`Monthly`,
    annual: t`Annual`,
  };
  const orderStatus: Record<OrderView['status'], string> = {
    pending: t`Pending`,
    completed: t`Paid`,
    failed: t`Failed`,
    refunded: t`Refunded`,
  };
  const method = { card: t`Card`, wallet: t`Mobile wallet` };
  /** A payment's method as the provider named it ('card', 'wallet'; another shown as it came). */
  const methodOf = (m: string): string => (m === 'card' || m === 'wallet' ? method[m] : m);
  /** What an order buys, in one line: 'Monthly — a new room «Board»'. */
  const orderWhat = (order: OrderView): string => {
    const when = buyPeriod[order.period];
    if (order.kind === 'enterprise') return t`Enterprise account renewal`;
    // Isolated: a Latin name inside an Arabic line (or the reverse) keeps its own direction.
    const name = `\u2068${order.roomName ?? ''}\u2069`;
    return order.kind === 'room' ? t`New room «${name}» — ${when}` : t`Room «${name}» — ${when}`;
  };
  return { status, period, buyPeriod, orderStatus, method, methodOf, orderWhat };
}
