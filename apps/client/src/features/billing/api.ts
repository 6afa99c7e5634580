import type {
  CheckoutAnswer,
  OrderList,
  OrderView,
  Quote,
  SubscriptionList,
  SubscriptionView,
  TCheckoutBody,
  TPurchase,
} from '@majlis/contracts/billing';
import { seg } from '../../lib/api.ts';
import { http } from '../../lib/http.ts';
import { hardNavigation } from '../../lib/navigation.ts';

export type { CheckoutAnswer, OrderList, OrderView, Quote, SubscriptionList, SubscriptionView, TPurchase };
export type PaymentView = OrderList['payments'][number];
/** ZSandboxOrder and ZSandboxPayBody (contracts' billing.ts) as types. */
export interface SandboxOrder {
  order: OrderView;
  demo: true;
}
export interface TSandboxPayBody {
  outcome: 'success' | 'fail';
  method: 'card' | 'wallet';
  walletPhone?: string;
}

/**
 * The billing routes (GET /api/billing/subscriptions … POST /api/billing/sandbox/{ref}), typed by the wire contracts
 * (packages/contracts/src/billing.ts) the BFF validates with, through lib/http.ts's fetch (CSRF, 401, ApiError).
 */
export const billingApi = {
  subscriptions: () => http.get<SubscriptionList>('/api/billing/subscriptions'),
  orders: () => http.get<OrderList>('/api/billing/orders'),
  order: (id: string) => http.get<OrderView>(`/api/billing/orders/${seg(id)}`),
  quote: (purchase: TPurchase) => http.post<Quote>('/api/billing/quote', purchase),
  checkout: (json: TCheckoutBody) => http.post<CheckoutAnswer>('/api/billing/checkout', json),
  /** "Pay again": a new attempt on the same order. */
  payAgain: (id: string) => http.post<CheckoutAnswer>(`/api/billing/orders/${seg(id)}/pay`, {}),
  sandboxOrder: (ref: string) => http.get<SandboxOrder>(`/api/billing/sandbox/${seg(ref)}`),
  sandboxPay: (ref: string, json: TSandboxPayBody) =>
    http.post<{ redirectUrl: string }>(`/api/billing/sandbox/${seg(ref)}`, json),
};

/** The order's result page. */
export const paymentPath = (orderId: string) => `/dashbord/billing/payment/${encodeURIComponent(orderId)}`;

/**
 * To the provider's checkout (Paymob's Unified Checkout, or our sandbox page) as a full page load, the way the
 * provider's own return comes back; nothing to pay there (no redirect) shows the order's result.
 */
export function goToPayment(answer: CheckoutAnswer): void {
  hardNavigation.go(answer.redirectUrl ?? paymentPath(answer.order.id));
}
