import type {
  CheckoutAnswer,
  OrderList,
  OrderView,
  Quote,
  SubscriptionList,
  SubscriptionView,
  TPurchase,
} from '@majlis/contracts/billing';
import type { InferRequestType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';
import { hardNavigation } from '../../lib/navigation.ts';

export type { CheckoutAnswer, OrderList, OrderView, Quote, SubscriptionList, SubscriptionView, TPurchase };
export type PaymentView = OrderList['payments'][number];
export type SandboxOrder = Awaited<ReturnType<typeof billingApi.sandboxOrder>>;
export type TSandboxPayBody = InferRequestType<(typeof api.billing.sandbox)[':ref']['$post']>['json'];
type TCheckoutBody = InferRequestType<typeof api.billing.checkout.$post>['json'];

const order = (id: string) => ({ param: { id: seg(id) } });
const sandbox = (ref: string) => ({ param: { ref: seg(ref) } });

/** The billing routes (lib/api.ts's typed client: paths, bodies and answers as the BFF declares them). */
export const billingApi = {
  subscriptions: () => body(api.billing.subscriptions.$get()),
  orders: () => body(api.billing.orders.$get()),
  order: (id: string) => body(api.billing.orders[':id'].$get(order(id))),
  quote: (json: TPurchase) => body(api.billing.quote.$post({ json })),
  checkout: (json: TCheckoutBody) => body(api.billing.checkout.$post({ json })),
  /** "Pay again": a new attempt on the same order. */
  payAgain: (id: string) => body(api.billing.orders[':id'].pay.$post(order(id))),
  sandboxOrder: (ref: string) => body(api.billing.sandbox[':ref'].$get(sandbox(ref))),
  sandboxPay: (ref: string, json: TSandboxPayBody) =>
    body(api.billing.sandbox[':ref'].$post({ ...sandbox(ref), json })),
};

/** The order's result page. */
export const paymentPath = (orderId: string) => `/dashbord/billing/payment/${encodeURIComponent(orderId)}`;

/**
 * To the provider's checkout (Paymob's Unified Checkout, or our sandbox page) as a full page load, the way the
 * provider's own return comes back; nothing to pay there (no redirect) shows the order's result.
 */
export function goToPayment(answer: { order: { id: string }; redirectUrl: string | null }): void {
  hardNavigation.go(answer.redirectUrl ?? paymentPath(answer.order.id));
}
