import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Paymob for tests, on 127.0.0.1:0: the Intention API (POST /v1/intention/ with `Authorization: Token <secret key>`,
 * its validation answers: 401 without the key, 400 for a missing field, a total that is not the items' sum or a reused
 * special_reference, 404 "Integration ID/Name does not exist" for an unknown integration), the Unified Checkout page
 * (GET /unifiedcheckout/), and the two transaction callbacks a payment produces, signed as Paymob signs them: the
 * processed callback (POST {type:'TRANSACTION', obj} to notification_url?hmac=) and the browser's return (GET
 * redirection_url with the transaction flattened into parameters, hmac among them).
 * Its signing is written here again, not imported from the adapter, so a mistake in one shows against the other.
 * Test-only: never used by `npm start`.
 */

export interface PaymobFakeOptions {
  hmacSecret: string;
  secretKey: string;
  publicKey: string;
  integrationIds: { card: number; wallet?: number };
}

export interface PaymobFakeIntention {
  id: string;
  intention_order_id: number;
  client_secret: string;
  amount: number;
  currency: string;
  payment_methods: number[];
  items: Array<{ name: string; amount: number; description?: string; quantity: number }>;
  billing_data: Record<string, unknown>;
  customer: Record<string, unknown>;
  special_reference: string;
  extras: Record<string, unknown>;
  notification_url: string;
  redirection_url: string;
  expiration?: number;
  /** The request body as received, for assertions on its shape. */
  request: Record<string, unknown>;
}

export interface PaymobFakeCallback {
  url: string;
  body: { type: 'TRANSACTION'; obj: Record<string, unknown> };
  /** What our server answered (Paymob retries on non-2xx). */
  status: number;
}

export interface PayOptions {
  success: boolean;
  method: 'card' | 'wallet';
  walletPhone?: string;
  /** The full card number typed; Paymob keeps its last 4 digits. */
  pan?: string;
}

const SIGNED = [
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
  'order',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
];

/** The text this fake answers for a number without a wallet (Paymob does not publish its exact words). */
export const NO_WALLET_MESSAGE = 'Wallet not registered for this mobile number';

/** Paymob writes created_at as Python's naive isoformat (microseconds, no zone). */
const paymobTime = (d = new Date()) => `${d.toISOString().slice(0, 23)}${String(randomInt(1000)).padStart(3, '0')}`;

export function startPaymobFake(opts: PaymobFakeOptions) {
  const owner = 302852;
  const intentions: PaymobFakeIntention[] = [];
  const transactions = new Map<number, { obj: Record<string, unknown>; intention: PaymobFakeIntention }>();
  const noWallet = new Set<string>();
  const callbacks: PaymobFakeCallback[] = [];
  let nextOrder = 217_503_754;
  let nextTransaction = 192_036_465;
  let url = '';

  /** The GET parameters: nested objects flattened with dots, the order as its id. */
  function flatten(obj: Record<string, unknown>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(obj)) {
      if (key === 'order') out.order = String((value as { id: number }).id);
      else if (key === 'source_data' || key === 'data') {
        for (const [k, v] of Object.entries(value as Record<string, unknown>))
          if (v === null || typeof v !== 'object') out[`${key}.${k}`] = v === null ? '' : String(v);
      } else if (value === null) out[key] = '';
      else if (typeof value !== 'object') out[key] = String(value);
    }
    return out;
  }

  function sign(flat: Record<string, string>): string {
    return createHmac('sha512', opts.hmacSecret)
      .update(SIGNED.map((k) => flat[k] ?? '').join(''))
      .digest('hex');
  }

  async function post(callback: Omit<PaymobFakeCallback, 'status'>): Promise<PaymobFakeCallback> {
    const res = await fetch(callback.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(callback.body),
    });
    await res.arrayBuffer();
    const sent = { ...callback, status: res.status };
    callbacks.push(sent);
    return sent;
  }

  async function deliver(obj: Record<string, unknown>, intention: PaymobFakeIntention) {
    const flat = flatten(obj);
    const hmac = sign(flat);
    const notify = new URL(intention.notification_url);
    notify.searchParams.set('hmac', hmac);
    const callback = await post({ url: String(notify), body: { type: 'TRANSACTION', obj } });
    const response = new URL(intention.redirection_url);
    for (const [k, v] of Object.entries(flat)) response.searchParams.set(k, v);
    response.searchParams.set('hmac', hmac);
    return { callback, responseUrl: String(response) };
  }

  function transactionObj(
    intention: PaymobFakeIntention,
    over: { success: boolean; integrationId: number; source: Record<string, unknown>; data: Record<string, unknown> },
  ): Record<string, unknown> {
    const id = nextTransaction++;
    const card = over.source.type === 'card';
    return {
      id,
      pending: false,
      amount_cents: intention.amount,
      success: over.success,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: card,
      integration_id: over.integrationId,
      profile_id: 164295,
      has_parent_transaction: false,
      order: {
        id: intention.intention_order_id,
        created_at: paymobTime(),
        delivery_needed: false,
        merchant: { id: 164295, company_name: 'Majlis test merchant' },
        amount_cents: intention.amount,
        currency: intention.currency,
        merchant_order_id: null,
        items: intention.items,
        payment_method: 'tbc',
        api_source: 'OTHER',
      },
      created_at: paymobTime(),
      currency: intention.currency,
      source_data: over.source,
      api_source: 'IFRAME',
      terminal_id: null,
      merchant_commission: 0,
      is_void: false,
      is_refund: false,
      data: over.data,
      is_hidden: false,
      payment_key_claims: {
        extra: intention.extras,
        order_id: intention.intention_order_id,
        amount_cents: intention.amount,
        currency: intention.currency,
        integration_id: over.integrationId,
        next_payment_intention: intention.id,
      },
      error_occured: false,
      is_live: false,
      refunded_amount_cents: 0,
      is_captured: false,
      captured_amount: 0,
      updated_at: paymobTime(),
      is_settled: false,
      bill_balanced: false,
      is_bill: false,
      owner,
      parent_transaction: null,
    };
  }

  function intentionOf(ref: string | number): PaymobFakeIntention {
    const found = intentions.find((i) => i.client_secret === ref || String(i.intention_order_id) === String(ref));
    if (!found) throw new Error(`paymob fake: no intention ${ref}`);
    return found;
  }

  /** The buyer pays on the Unified Checkout: Paymob posts the processed callback, then sends the browser back. */
  async function pay(clientSecretOrOrderId: string | number, p: PayOptions) {
    const intention = intentionOf(clientSecretOrOrderId);
    const integrationId = p.method === 'card' ? opts.integrationIds.card : opts.integrationIds.wallet;
    if (integrationId === undefined || !intention.payment_methods.includes(integrationId))
      throw new Error(`paymob fake: the intention does not offer ${p.method}`);
    let source: Record<string, unknown>;
    let data: Record<string, unknown>;
    let success = p.success;
    if (p.method === 'card') {
      const pan = (p.pan ?? '5123456789012346').replace(/\D/g, '');
      source = {
        pan: pan.slice(-4),
        type: 'card',
        tenure: null,
        sub_type: pan.startsWith('4') ? 'Visa' : 'MasterCard',
      };
      data = success
        ? { klass: 'MigsPayment', message: 'Approved', txn_response_code: 'APPROVED', acq_response_code: '00' }
        : { klass: 'MigsPayment', message: 'Do not honour', txn_response_code: 'DECLINED', acq_response_code: '05' };
    } else {
      const phone = p.walletPhone ?? '01010101010';
      source = { pan: phone, type: 'wallet', sub_type: 'WALLET', phone_number: phone, owner_name: null };
      if (noWallet.has(phone)) success = false;
      data = noWallet.has(phone)
        ? { klass: 'WalletPayment', message: NO_WALLET_MESSAGE, txn_response_code: 'DECLINED' }
        : success
          ? { klass: 'WalletPayment', message: 'Transaction has been completed successfully', txn_response_code: '200' }
          : { klass: 'WalletPayment', message: 'Insufficient balance', txn_response_code: 'DECLINED' };
    }
    const obj = transactionObj(intention, { success, integrationId, source, data });
    transactions.set(obj.id as number, { obj, intention });
    const { callback, responseUrl } = await deliver(obj, intention);
    return { transaction: obj, callback, responseUrl };
  }

  /**
   * A full refund as Paymob records one: a new transaction on the same order whose parent is the payment
   * (has_parent_transaction, is_refund, parent_transaction), processed-callback only; the payment itself is now
   * is_refunded.
   */
  async function refund(transactionId: number | string) {
    const parent = transactions.get(Number(transactionId));
    if (!parent) throw new Error(`paymob fake: no transaction ${transactionId}`);
    if (parent.obj.success !== true) throw new Error(`paymob fake: transaction ${transactionId} did not succeed`);
    parent.obj.is_refunded = true;
    parent.obj.refunded_amount_cents = parent.obj.amount_cents;
    const obj: Record<string, unknown> = {
      ...transactionObj(parent.intention, {
        success: true,
        integrationId: parent.obj.integration_id as number,
        source: parent.obj.source_data as Record<string, unknown>,
        data: { klass: 'MigsPayment', message: 'Approved', txn_response_code: 'APPROVED' },
      }),
      amount_cents: parent.obj.amount_cents,
      has_parent_transaction: true,
      is_refund: true,
      is_3d_secure: false,
      parent_transaction: parent.obj.id,
    };
    transactions.set(obj.id as number, { obj, intention: parent.intention });
    const { callback } = await deliver(obj, parent.intention);
    return { transaction: obj, callback };
  }

  /** Paymob retries and sometimes repeats itself: the same callback once more. */
  function postAgain(last: PaymobFakeCallback) {
    return post({ url: last.url, body: last.body });
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function createIntention(body: Record<string, unknown>, res: ServerResponse) {
    const required = [
      'amount',
      'currency',
      'payment_methods',
      'items',
      'billing_data',
      'notification_url',
      'redirection_url',
    ];
    const missing = Object.fromEntries(
      required.filter((k) => body[k] === undefined || body[k] === null).map((k) => [k, ['This field is required.']]),
    );
    if (Object.keys(missing).length) return json(res, 400, missing);
    const billing = body.billing_data as Record<string, unknown>;
    const billingMissing = ['first_name', 'last_name', 'email', 'phone_number'].filter(
      (k) => typeof billing[k] !== 'string' || !billing[k],
    );
    if (billingMissing.length)
      return json(res, 400, {
        billing_data: Object.fromEntries(billingMissing.map((k) => [k, ['This field is required.']])),
      });
    if (!Number.isInteger(body.amount) || (body.amount as number) <= 0)
      return json(res, 400, { amount: ['A valid integer is required.'] });
    const methods = body.payment_methods as unknown[];
    if (!Array.isArray(methods) || methods.length === 0)
      return json(res, 400, { payment_methods: ['This list may not be empty.'] });
    const known = [opts.integrationIds.card, opts.integrationIds.wallet].filter((id) => id !== undefined);
    const unknown = methods.find((m) => typeof m !== 'number' || !known.includes(m));
    if (unknown !== undefined) return json(res, 404, { detail: 'Integration ID/Name does not exist.' });
    const items = body.items as PaymobFakeIntention['items'];
    if (
      !Array.isArray(items) ||
      items.some((i) => !i.name || !Number.isInteger(i.amount) || !Number.isInteger(i.quantity))
    )
      return json(res, 400, { items: ['Each item needs a name, an integer amount and a quantity.'] });
    const total = items.reduce((sum, i) => sum + i.amount * i.quantity, 0);
    if (total !== body.amount)
      return json(res, 400, { detail: 'Intention amount must be equal to the sum of the items amounts.' });
    const special = typeof body.special_reference === 'string' ? body.special_reference : '';
    if (special && intentions.some((i) => i.special_reference === special))
      return json(res, 400, { special_reference: ['Special reference is already used, please use another one.'] });
    const id = `pi_test_${randomBytes(16).toString('hex')}`;
    const intention: PaymobFakeIntention = {
      id,
      intention_order_id: nextOrder++,
      client_secret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
      amount: body.amount as number,
      currency: String(body.currency),
      payment_methods: methods as number[],
      items,
      billing_data: billing,
      customer: (body.customer ?? {}) as Record<string, unknown>,
      special_reference: special,
      extras: (body.extras ?? {}) as Record<string, unknown>,
      notification_url: String(body.notification_url),
      redirection_url: String(body.redirection_url),
      expiration: body.expiration as number | undefined,
      request: body,
    };
    intentions.push(intention);
    json(res, 201, {
      payment_keys: (methods as number[]).map((integration) => ({
        integration,
        key: randomBytes(24).toString('base64url'),
        gateway_type: integration === opts.integrationIds.wallet ? 'UIG' : 'MIGS',
        iframe_id: null,
        order_id: intention.intention_order_id,
        redirection_url: intention.redirection_url,
        save_card: false,
      })),
      intention_order_id: intention.intention_order_id,
      id,
      intention_detail: { amount: intention.amount, items, currency: intention.currency, billing_data: billing },
      client_secret: intention.client_secret,
      payment_methods: (methods as number[]).map((integration_id) => ({
        integration_id,
        name: null,
        method_type: integration_id === opts.integrationIds.wallet ? 'wallet' : 'online',
        currency: intention.currency,
        live: false,
        use_cvc_with_moto: false,
      })),
      special_reference: special || null,
      extras: { creation_extras: intention.extras, confirmation_extras: null },
      confirmed: false,
      status: 'intended',
      created: paymobTime(),
      card_detail: null,
      card_tokens: [],
      object: 'paymentintention',
    });
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', url);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (u.pathname === '/v1/intention/' && req.method === 'POST') {
      if (req.headers.authorization !== `Token ${opts.secretKey}`)
        return json(res, 401, { detail: 'Authentication credentials were not provided.' });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 400, { detail: 'JSON parse error' });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return json(res, 400, { detail: 'Invalid data.' });
      return createIntention(body as Record<string, unknown>, res);
    }
    if (u.pathname === '/unifiedcheckout/' && req.method === 'GET') {
      const intention = intentions.find((i) => i.client_secret === u.searchParams.get('clientSecret'));
      if (u.searchParams.get('publicKey') !== opts.publicKey || !intention) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><title>Paymob</title><p>Invalid payment link.</p>');
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><title>Paymob checkout</title><h1>Pay ${intention.amount / 100} ${intention.currency}</h1>`,
      );
    }
    json(res, 404, { detail: 'Not found.' });
  });

  return new Promise<{
    url: string;
    intentions: PaymobFakeIntention[];
    callbacks: PaymobFakeCallback[];
    noWallet: Set<string>;
    pay: typeof pay;
    refund: typeof refund;
    postAgain: typeof postAgain;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url,
        intentions,
        callbacks,
        noWallet,
        pay,
        refund,
        postAgain,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

export type PaymobFake = Awaited<ReturnType<typeof startPaymobFake>>;
