import { type InstitutionMonth, ZInstitutionMonth } from '@majlis/contracts/institution-month';
import type { OrderView, Quote, SubscriptionView } from './api.ts';

/** Wire shapes for the billing tests, as packages/contracts/src/billing.ts declares them. */
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

export const ROOM_ID = '00000000-0000-4000-8000-000000000010';

export function subscription(over: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 'sub-1',
    room: { id: ROOM_ID, name: 'غرفتي', nameKey: null, type: 'jitsi', participants: 25 },
    period: 'monthly',
    status: 'active',
    trial: false,
    expired: false,
    startsAt: inDays(-20),
    renewsAt: inDays(11),
    remainingDays: 11,
    daysLeft: 0,
    dayEndsAt: null,
    currency: 'EGP',
    unitMinor: 25_000,
    totalMinor: 28_500,
    ...over,
  };
}

export function order(over: Partial<OrderView> = {}): OrderView {
  return {
    id: 'ord-1',
    kind: 'renewal',
    status: 'pending',
    roomId: ROOM_ID,
    roomName: 'غرفتي',
    roomType: 'jitsi',
    participants: 25,
    period: 'monthly',
    currency: 'EGP',
    unitMinor: 25_000,
    discountMinor: 0,
    taxMinor: 3_500,
    totalMinor: 28_500,
    couponCode: null,
    provider: 'sandbox',
    failure: null,
    failureDetail: null,
    attempts: 1,
    invoiceId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: null,
    ...over,
  };
}

export function quote(over: Partial<Quote> = {}): Quote {
  return {
    currency: 'EGP',
    unitMinor: 25_000,
    tier: 25,
    discountMinor: 0,
    taxPercent: 14,
    taxMinor: 3_500,
    totalMinor: 28_500,
    coupon: null,
    ...over,
  };
}

export { inDays };

/** GET /api/billing/institution-month, as packages/contracts/src/institution-month.ts declares it (parsed there). */
export function institutionMonthOf(state: InstitutionMonth['state']): { body: InstitutionMonth } {
  return {
    body: ZInstitutionMonth.parse({
      state,
      subscriptionId: '0c1f4a2b-0000-4000-8000-0000000000e1',
      endsAt: '2026-11-01T10:00:00.000Z',
      readOnlyAt: '2026-11-08T10:00:00.000Z',
      canRenew: true,
    }),
  };
}
