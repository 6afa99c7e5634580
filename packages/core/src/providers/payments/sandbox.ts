import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Config } from '../../config.ts';
import { type PaymobHmacFields, paymobFieldsFromObj, paymobHmac, verifyTransactionCallback } from './paymob.ts';
import { CHECKOUT_EXPIRES_SECONDS, type CheckoutStart, type PaymentProvider } from './port.ts';

/**
 * The embedded default: no gateway, no network. The checkout is our own page (the BFF's /api/billing/sandbox/:id);
 * its pay button posts a transaction we sign exactly as Paymob signs its callbacks, so the ledger's path from a
 * verified callback onwards is the same code whichever provider answered.
 */

/** A key of its own, derived from the session secret: nothing new to configure, and a session hash is no signature. */
export function sandboxSecret(config: Pick<Config, 'sessionSecret'>): string {
  return createHmac('sha256', config.sessionSecret).update('majlis:payments:sandbox').digest('hex');
}

/** The sandbox's signature over a transaction's 20 fields (the same HMAC-SHA512 as Paymob's). */
export function signSandbox(secret: string, fields: PaymobHmacFields): string {
  return paymobHmac(secret, fields);
}

export function sandboxProvider(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  secret = sandboxSecret(config),
): PaymentProvider {
  return {
    name: 'sandbox',
    async startCheckout(): Promise<CheckoutStart> {
      // When it was made, in the ref itself (8 hex digits of Unix seconds, then 16 random ones): it expires as a
      // Paymob payment key does (sandboxRefExpired), with nothing more to store.
      const issued = Math.floor(Date.now() / 1000)
        .toString(16)
        .padStart(8, '0');
      const providerOrderId = `sbx_${issued}${randomBytes(8).toString('hex')}`;
      return {
        providerOrderId,
        reference: providerOrderId,
        // our own checkout page (a client route, same origin as the app whatever host the browser used); its pay
        // action is POST /api/billing/sandbox/{ref}
        redirectUrl: `/billing/sandbox/${providerOrderId}`,
      };
    },
    verifyCallback(input) {
      return verifyTransactionCallback(secret, input);
    },
  };
}

/**
 * Whether a sandbox ref can no longer be paid: made more than CHECKOUT_EXPIRES_SECONDS ago, or not made by this
 * scheme at all (its time then lies in the future: a ref of the older, all-random kind).
 */
export function sandboxRefExpired(ref: string, now = Date.now()): boolean {
  const issued = Number.parseInt(ref.slice(4, 12), 16) * 1000;
  if (!Number.isFinite(issued) || issued > now + 60_000) return true;
  return now - issued > CHECKOUT_EXPIRES_SECONDS * 1000;
}

export interface SandboxOrder {
  providerOrderId: string;
  amountMinor: number;
  currency: string;
}

/** 'no_wallet' plays the wallet answer the product shows as "no wallet on this number". */
export type SandboxOutcome = 'success' | 'fail' | 'no_wallet';

export interface SandboxTransaction {
  transactionId: string;
  /** POST this as JSON to the notification URL… */
  body: { type: 'TRANSACTION'; obj: Record<string, unknown> };
  /** …with this query string (the hmac). */
  query: { hmac: string };
  /** The browser's return: the redirection URL with these parameters (hmac included), as Paymob's GET. */
  responseQuery: Record<string, string>;
}

const MESSAGES: Record<SandboxOutcome, string> = {
  success: 'Approved',
  fail: 'Declined by the sandbox',
  no_wallet: 'No wallet is registered on this number',
};

/** What the sandbox page posts to the callback: a Paymob-shaped transaction, signed with the sandbox key. */
export function sandboxTransaction(
  config: Pick<Config, 'sessionSecret'>,
  order: SandboxOrder,
  outcome: SandboxOutcome,
  method: 'card' | 'wallet' = 'card',
): SandboxTransaction {
  const wallet = method === 'wallet' || outcome === 'no_wallet';
  const success = outcome === 'success';
  const transactionId = String(randomInt(1, 2 ** 47));
  const obj = {
    id: Number(transactionId),
    pending: false,
    amount_cents: order.amountMinor,
    success,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: !wallet,
    integration_id: 0,
    has_parent_transaction: false,
    order: { id: order.providerOrderId },
    created_at: new Date().toISOString().replace('Z', ''),
    currency: order.currency,
    error_occured: false,
    owner: 0,
    source_data: wallet
      ? { pan: '01000000000', type: 'wallet', sub_type: 'WALLET' }
      : { pan: '4242', type: 'card', sub_type: 'Visa' },
    data: { message: MESSAGES[outcome], txn_response_code: success ? 'APPROVED' : 'DECLINED' },
    is_refund: false,
    is_void: false,
    parent_transaction: null,
  };
  const fields = paymobFieldsFromObj(obj);
  if (!fields) throw new Error('sandbox transaction: unsigned field');
  const hmac = signSandbox(sandboxSecret(config), fields);
  const { 'order.id': orderId, ...rest } = fields;
  return {
    transactionId,
    body: { type: 'TRANSACTION', obj },
    query: { hmac },
    responseQuery: { ...rest, order: orderId, 'data.message': obj.data.message, hmac },
  };
}
