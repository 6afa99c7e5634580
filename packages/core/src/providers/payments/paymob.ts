import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type CallbackInput,
  CHECKOUT_EXPIRES_SECONDS,
  type CheckoutRequest,
  type CheckoutStart,
  type PaymentProvider,
  PaymentProviderError,
  type VerifiedTransaction,
} from './port.ts';

/**
 * Paymob's Intention API and Unified Checkout (developers.paymob.com "Intention API", "Transaction callbacks",
 * "HMAC Transaction Callback"): one server-side POST creates the intention, the browser pays on Paymob's page, and
 * Paymob calls back twice: the processed callback (POST JSON, authoritative) and the response callback (the browser's
 * GET return, for the page only). Both carry an HMAC of 20 transaction fields in `?hmac=`.
 */
export interface PaymobOptions {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  cardIntegrationId: number;
  walletIntegrationId?: number;
  /** https://accept.paymob.com (Egypt); no trailing path. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The signed fields, in Paymob's order. In the POST callback they are read from `obj` (order.id is obj.order.id); in
 * the GET callback they are query parameters of these names, except order.id, which arrives as `order` (what the
 * redirect carries in practice) or `order_id` (what the HMAC page names it).
 */
export const PAYMOB_HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

export type PaymobHmacField = (typeof PAYMOB_HMAC_FIELDS)[number];
/** The signed values as the wire writes them (booleans 'true' / 'false', numbers in decimal). */
export type PaymobHmacFields = Record<PaymobHmacField, string>;

/** The string Paymob signs: the values in order, nothing between them. */
export function paymobHmacString(fields: PaymobHmacFields): string {
  return PAYMOB_HMAC_FIELDS.map((f) => fields[f]).join('');
}

/** HMAC-SHA512 of that string, lower-case hex. */
export function paymobHmac(secret: string, fields: PaymobHmacFields): string {
  return createHmac('sha512', secret).update(paymobHmacString(fields)).digest('hex');
}

/** Constant time; a malformed or wrong-length hmac is false, never an exception. */
export function paymobHmacMatches(secret: string, fields: PaymobHmacFields, hmac: unknown): boolean {
  if (typeof hmac !== 'string' || !/^[0-9a-fA-F]{128}$/.test(hmac)) return false;
  const expected = Buffer.from(paymobHmac(secret, fields), 'utf8');
  const given = Buffer.from(hmac.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Paymob's Python side writes JSON scalars; null (a wallet has no card brand) signs as the empty string. */
function wire(value: unknown, nullable = false): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (nullable && (value === null || value === undefined)) return '';
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const NULLABLE = new Set<PaymobHmacField>(['source_data.pan', 'source_data.sub_type', 'source_data.type']);

function collect(read: (field: PaymobHmacField) => unknown): PaymobHmacFields | null {
  const out: Partial<PaymobHmacFields> = {};
  for (const field of PAYMOB_HMAC_FIELDS) {
    const value = wire(read(field), NULLABLE.has(field));
    if (value === undefined) return null;
    out[field] = value;
  }
  return out as PaymobHmacFields;
}

/** The signed fields of a processed callback's `obj`. */
export function paymobFieldsFromObj(obj: Record<string, unknown>): PaymobHmacFields | null {
  const order = obj.order;
  const source = isRecord(obj.source_data) ? obj.source_data : {};
  return collect((field) => {
    if (field === 'order.id') return isRecord(order) ? order.id : order;
    if (field.startsWith('source_data.')) return source[field.slice('source_data.'.length)];
    return obj[field];
  });
}

/** The signed fields of a response callback's query. */
export function paymobFieldsFromQuery(query: Record<string, string | undefined>): PaymobHmacFields | null {
  const { order, order_id } = query;
  if (order !== undefined && order_id !== undefined && order !== order_id) return null;
  return collect((field) => (field === 'order.id' ? (order ?? order_id) : query[field]));
}

/**
 * Paymob does not publish the text a wallet without an account answers with (the old pay API's error is shown by
 * products as "no wallet on this number"). We take a failed wallet payment whose reason names the wallet and says it is
 * not registered / not found / absent as NO_WALLET; any other failure is DECLINED.
 */
export function isNoWalletMessage(message: string | null): boolean {
  return (
    message !== null &&
    /wallet/i.test(message) &&
    /not\s+(registered|found|exist)|no\s+wallet|does\s*n[o']t\s+have/i.test(message)
  );
}

/** The bank's words for the buyer: one line, bounded, and no long digit runs (a card number never belongs in it). */
function cleanMessage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/\d[\d\s-]{10,}\d/g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return text || null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function bool(value: string): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** The verified transaction, or null: a bad signature and a bad shape look the same to the caller. */
export function verifyTransactionCallback(secret: string, input: CallbackInput): VerifiedTransaction | null {
  try {
    let fields: PaymobHmacFields | null;
    let unsigned: { message: unknown; isRefund: unknown; isVoid: unknown; parent: unknown };
    if (input.method === 'POST') {
      const body = input.body;
      if (!isRecord(body) || body.type !== 'TRANSACTION' || !isRecord(body.obj)) return null;
      const obj = body.obj;
      fields = paymobFieldsFromObj(obj);
      const data = isRecord(obj.data) ? obj.data : {};
      unsigned = {
        message: data.message,
        isRefund: obj.is_refund,
        isVoid: obj.is_void,
        parent: obj.parent_transaction,
      };
    } else {
      fields = paymobFieldsFromQuery(input.query);
      const q = input.query;
      unsigned = {
        message: q['data.message'],
        isRefund: q.is_refund,
        isVoid: q.is_void,
        parent: q.parent_transaction,
      };
    }
    if (!fields || !paymobHmacMatches(secret, fields, input.query.hmac)) return null;
    const success = bool(fields.success);
    const pending = bool(fields.pending);
    const isRefunded = bool(fields.is_refunded);
    const isVoided = bool(fields.is_voided);
    const hasParent = bool(fields.has_parent_transaction);
    const amount = Number(fields.amount_cents);
    if (
      success === undefined ||
      pending === undefined ||
      isRefunded === undefined ||
      isVoided === undefined ||
      hasParent === undefined ||
      !/^\d+$/.test(fields.amount_cents) ||
      !Number.isSafeInteger(amount) ||
      !ID.test(fields.id) ||
      !ID.test(fields['order.id'])
    )
      return null;
    const flag = (v: unknown) => v === true || v === 'true';
    const method = fields['source_data.type'];
    const digits = fields['source_data.pan'].replace(/\D/g, '');
    const message = cleanMessage(unsigned.message);
    const parent = wire(unsigned.parent);
    return {
      kind: input.method === 'POST' ? 'processed' : 'response',
      transactionId: fields.id,
      providerOrderId: fields['order.id'],
      success,
      pending,
      // A refund (or void) is a child transaction of its own: is_refunded marks the parent once Paymob updates it, the
      // child says is_refund. Only the parent link is signed, so the flag needs both.
      refunded: isRefunded || (hasParent && flag(unsigned.isRefund)),
      voided: isVoided || (hasParent && flag(unsigned.isVoid)),
      amountMinor: amount,
      currency: fields.currency,
      method,
      brand: fields['source_data.sub_type'] || null,
      last4: digits.length >= 4 ? digits.slice(-4) : null,
      message,
      reason: success || pending ? null : method === 'wallet' && isNoWalletMessage(message) ? 'NO_WALLET' : 'DECLINED',
      parentTransactionId: parent && ID.test(parent) ? parent : null,
    };
  } catch {
    return null;
  }
}

interface IntentionAnswer {
  id?: unknown;
  intention_order_id?: unknown;
  client_secret?: unknown;
  detail?: unknown;
}

/** A reason fit for a log line: Paymob's own words (they never hold our key), bounded; our key removed all the same. */
function paymobReason(body: unknown, secretKey: string): string {
  const detail = isRecord(body) && typeof body.detail === 'string' ? body.detail : JSON.stringify(body ?? '');
  return (detail ?? '').split(secretKey).join('…').slice(0, 300);
}

export function paymobProvider(opts: PaymobOptions): PaymentProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'paymob',

    async startCheckout(req: CheckoutRequest): Promise<CheckoutStart> {
      const na = (v: string | null | undefined) => (v?.trim() ? v.trim() : 'NA');
      const body = {
        amount: req.amountMinor,
        currency: req.currency,
        payment_methods: [opts.cardIntegrationId, opts.walletIntegrationId]
          .filter((id): id is number => id !== undefined)
          .map(Number),
        items: req.items.map((i) => ({
          name: i.name,
          amount: i.amountMinor,
          description: i.description,
          quantity: i.quantity,
        })),
        billing_data: {
          first_name: na(req.buyer.fname),
          last_name: na(req.buyer.lname),
          email: req.buyer.email,
          phone_number: na(req.buyer.phone),
          apartment: 'NA',
          floor: 'NA',
          street: 'NA',
          building: 'NA',
          city: na(req.buyer.city),
          country: na(req.buyer.country),
          state: 'NA',
          postal_code: 'NA',
          shipping_method: 'NA',
        },
        customer: { first_name: na(req.buyer.fname), last_name: na(req.buyer.lname), email: req.buyer.email },
        special_reference: req.orderId,
        extras: { orderId: req.orderId },
        notification_url: req.notificationUrl,
        redirection_url: req.redirectionUrl,
        expiration: CHECKOUT_EXPIRES_SECONDS,
      };
      const res = await doFetch(`${base}/v1/intention/`, {
        method: 'POST',
        headers: { authorization: `Token ${opts.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      }).catch((err: Error) => {
        throw new PaymentProviderError(
          `Paymob intention: ${err.name === 'TimeoutError' ? 'timed out' : 'unreachable'}`,
        );
      });
      const answer = (await res.json().catch(() => null)) as IntentionAnswer | null;
      if (!res.ok)
        throw new PaymentProviderError(
          `Paymob intention: HTTP ${res.status} ${paymobReason(answer, opts.secretKey)}`,
          res.status,
        );
      const orderId = answer?.intention_order_id;
      if (
        typeof answer?.id !== 'string' ||
        typeof answer.client_secret !== 'string' ||
        (typeof orderId !== 'number' && typeof orderId !== 'string')
      )
        throw new PaymentProviderError('Paymob intention: unexpected answer', res.status);
      const query = new URLSearchParams({ publicKey: opts.publicKey, clientSecret: answer.client_secret });
      return {
        providerOrderId: String(orderId),
        reference: answer.id,
        redirectUrl: `${base}/unifiedcheckout/?${query}`,
      };
    },

    verifyCallback(input) {
      return verifyTransactionCallback(opts.hmacSecret, input);
    },
  };
}
