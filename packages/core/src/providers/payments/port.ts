/**
 * The payment port: start a hosted checkout, then believe only signed callbacks. The embedded default is the sandbox
 * (our own page, signed by us); Paymob is the real gateway. Both sign the same transaction fields, so the ledger reads
 * one shape whichever answered.
 */

export type PaymentMethod = 'card' | 'wallet' | 'sandbox';

export interface CheckoutRequest {
  /** Our order uuid → Paymob special_reference (Paymob refuses one it has seen). */
  orderId: string;
  /** Piastres / cents. */
  amountMinor: number;
  currency: 'EGP' | 'USD';
  /** Their amountMinor × quantity must add up to amountMinor (Paymob refuses the intention otherwise). */
  items: Array<{ name: string; amountMinor: number; description: string; quantity: number }>;
  buyer: { fname: string; lname: string; email: string; phone: string | null; city?: string; country?: string };
  /** Our server callback (transaction processed). */
  notificationUrl: string;
  /** Browser return (transaction response). */
  redirectionUrl: string;
}

export interface CheckoutStart {
  /** Paymob's order id (intention_order_id): what signed callbacks name, so what the order is found by. */
  providerOrderId: string;
  redirectUrl: string;
  /** The intention id (pi_…), for support. */
  reference: string;
}

/** A callback whose signature verified. Only `kind: 'processed'` may grant anything (the lead's ledger decides). */
export interface VerifiedTransaction {
  kind: 'processed' | 'response';
  transactionId: string;
  /** Paymob order id (obj.order.id / order_id) – signed; never special_reference. */
  providerOrderId: string;
  success: boolean;
  pending: boolean;
  refunded: boolean;
  voided: boolean;
  amountMinor: number;
  currency: string;
  /** source_data.type */
  method: PaymentMethod | string;
  /** source_data.sub_type */
  brand: string | null;
  /** Last 4 digits of source_data.pan only. */
  last4: string | null;
  /** data.message (bank / wallet reason), trimmed, no secrets. Not signed: show it, never decide on it. */
  message: string | null;
  /** NO_WALLET when a wallet payment failed because the number has no wallet. */
  reason: 'NO_WALLET' | 'DECLINED' | null;
  /** A refund or void is a transaction of its own whose parent is the payment (unsigned: for records only). */
  parentTransactionId: string | null;
}

export interface CallbackInput {
  method: 'GET' | 'POST';
  query: Record<string, string | undefined>;
  body: unknown;
}

/** How long a checkout can be paid: Paymob's intention `expiration` (its payment key's life), and the sandbox's ref. */
export const CHECKOUT_EXPIRES_SECONDS = 3600;

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paymob';
  startCheckout(req: CheckoutRequest): Promise<CheckoutStart>;
  /** Verifies the HMAC in constant time; null when it does not verify or the shape is wrong (never throws on input). */
  verifyCallback(input: CallbackInput): VerifiedTransaction | null;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
