import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymobFake, startPaymobFake } from '../../../test/fakes/paymob.ts';
import { ConfigError, parseConfig } from '../../config.ts';
import { paymentProviderFor } from './index.ts';
import { paymobFieldsFromObj, paymobHmac, paymobHmacString, paymobProvider } from './paymob.ts';
import { type CheckoutRequest, type PaymentProvider, PaymentProviderError } from './port.ts';
import { sandboxProvider, sandboxTransaction } from './sandbox.ts';

/** The sample transaction of Paymob's "HMAC Transaction Callback" page, the fields it signs. */
const SAMPLE_OBJ = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  profile_id: 164295,
  has_parent_transaction: false,
  order: { id: 217503754, merchant_order_id: null },
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  source_data: { pan: '2346', type: 'card', tenure: null, sub_type: 'MasterCard' },
  data: { message: 'Approved', txn_response_code: 'APPROVED' },
  error_occured: false,
  owner: 302852,
  parent_transaction: null,
};
const SAMPLE_STRING =
  '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';
const SECRET = 'D4E1A7F9C2B84D6E9A0F3C5B7E2D1A68';
const independentHmac = (secret: string, text: string) => createHmac('sha512', secret).update(text).digest('hex');

describe('Paymob HMAC', () => {
  it('concatenates the documented sample exactly, and its HMAC verifies as a processed callback', () => {
    const fields = paymobFieldsFromObj(SAMPLE_OBJ);
    expect(fields).not.toBeNull();
    expect(paymobHmacString(fields as NonNullable<typeof fields>)).toBe(SAMPLE_STRING);
    const hmac = independentHmac(SECRET, SAMPLE_STRING);
    expect(paymobHmac(SECRET, fields as NonNullable<typeof fields>)).toBe(hmac);
    const provider = paymobProvider({
      secretKey: 'sk',
      publicKey: 'pk',
      hmacSecret: SECRET,
      cardIntegrationId: 4097558,
      baseUrl: 'https://accept.paymob.com',
    });
    const verified = provider.verifyCallback({
      method: 'POST',
      query: { hmac },
      body: { type: 'TRANSACTION', obj: SAMPLE_OBJ },
    });
    expect(verified).toEqual({
      kind: 'processed',
      transactionId: '192036465',
      providerOrderId: '217503754',
      success: true,
      pending: false,
      refunded: false,
      voided: false,
      amountMinor: 100000,
      currency: 'EGP',
      method: 'card',
      brand: 'MasterCard',
      last4: '2346',
      message: 'Approved',
      reason: null,
      parentTransactionId: null,
    });
    // The browser's GET names the order order_id (the HMAC page) or order (what redirects carry); both verify.
    const query = {
      amount_cents: '100000',
      created_at: '2024-06-13T11:33:44.592345',
      currency: 'EGP',
      error_occured: 'false',
      has_parent_transaction: 'false',
      id: '192036465',
      integration_id: '4097558',
      is_3d_secure: 'true',
      is_auth: 'false',
      is_capture: 'false',
      is_refunded: 'false',
      is_standalone_payment: 'true',
      is_voided: 'false',
      owner: '302852',
      pending: 'false',
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
      success: 'true',
      hmac,
    };
    for (const order of [{ order_id: '217503754' }, { order: '217503754' }])
      expect(provider.verifyCallback({ method: 'GET', query: { ...query, ...order }, body: undefined })).toMatchObject({
        kind: 'response',
        providerOrderId: '217503754',
        success: true,
      });
    expect(
      provider.verifyCallback({
        method: 'GET',
        query: { ...query, order: '217503754', order_id: '217503755' },
        body: undefined,
      }),
    ).toBeNull();
  });
});

describe('payments configuration', () => {
  const paymobEnv = {
    DATA_DIR: '/tmp/majlis-config-test',
    PAYMENTS_PROVIDER: 'paymob',
    PAYMOB_SECRET_KEY: 'egy_sk_test_x',
    PAYMOB_PUBLIC_KEY: 'egy_pk_test_x',
    PAYMOB_HMAC_SECRET: 'hmac',
    PAYMOB_CARD_INTEGRATION_ID: '4097558',
  };

  it('defaults to the sandbox; paymob with every key gives Paymob', () => {
    expect(paymentProviderFor(parseConfig({ DATA_DIR: '/tmp/majlis-config-test' })).name).toBe('sandbox');
    const config = parseConfig(paymobEnv);
    expect(config.PAYMOB_BASE_URL).toBe('https://accept.paymob.com');
    expect(paymentProviderFor(config).name).toBe('paymob');
    expect(paymentProviderFor(config)).toBe(paymentProviderFor(config));
  });

  it.each(['PAYMOB_SECRET_KEY', 'PAYMOB_PUBLIC_KEY', 'PAYMOB_HMAC_SECRET', 'PAYMOB_CARD_INTEGRATION_ID'])(
    'paymob chosen without %s stops start-up naming it',
    (name) => {
      expect(() => parseConfig({ ...paymobEnv, [name]: undefined })).toThrowError(ConfigError);
      try {
        parseConfig({ ...paymobEnv, [name]: undefined });
      } catch (err) {
        expect((err as ConfigError).variable).toBe(name);
        expect((err as Error).message).toBe(`Invalid configuration: ${name} is required with PAYMENTS_PROVIDER=paymob`);
      }
    },
  );

  it('a malformed integration id names the variable', () => {
    expect(() => parseConfig({ ...paymobEnv, PAYMOB_WALLET_INTEGRATION_ID: 'abc' })).toThrowError(
      /PAYMOB_WALLET_INTEGRATION_ID/,
    );
  });
});

/** Our side of the callbacks: records what Paymob posts, answers 200. */
async function callbackReceiver() {
  const received: Array<{ query: Record<string, string>; body: unknown }> = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const u = new URL(req.url ?? '/', 'http://x');
    received.push({ query: Object.fromEntries(u.searchParams), body: JSON.parse(raw) });
    res.writeHead(200).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const KEYS = { hmacSecret: 'hmac-secret-of-test', secretKey: 'egy_sk_test_0123456789', publicKey: 'egy_pk_test_abc' };
const IDS = { card: 4097558, wallet: 4097559 };

describe('Paymob against the fake', () => {
  let fake: PaymobFake;
  let receiver: Awaited<ReturnType<typeof callbackReceiver>>;
  let paymob: PaymentProvider;
  let n = 0;

  const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    orderId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    amountMinor: 29_900,
    currency: 'EGP',
    items: [{ name: 'Pro monthly', amountMinor: 29_900, description: 'Majlis Pro, 1 month', quantity: 1 }],
    buyer: { fname: 'Mona', lname: 'Saleh', email: 'mona@example.com', phone: null },
    notificationUrl: `${receiver.url}/api/billing/paymob/callback`,
    redirectionUrl: 'https://majlis.example/billing/return?x=1',
    ...over,
  });

  const lastPosted = () => {
    const last = receiver.received.at(-1);
    if (!last) throw new Error('no callback received');
    return paymob.verifyCallback({ method: 'POST', query: last.query, body: last.body });
  };

  const responseOf = (responseUrl: string) =>
    paymob.verifyCallback({
      method: 'GET',
      query: Object.fromEntries(new URL(responseUrl).searchParams),
      body: undefined,
    });

  beforeAll(async () => {
    fake = await startPaymobFake({ ...KEYS, integrationIds: IDS });
    receiver = await callbackReceiver();
    paymob = paymobProvider({
      ...KEYS,
      cardIntegrationId: IDS.card,
      walletIntegrationId: IDS.wallet,
      baseUrl: fake.url,
    });
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it('creates an intention of the documented shape and sends the buyer to the Unified Checkout', async () => {
    const req = request();
    const start = await paymob.startCheckout(req);
    const intention = fake.intentions.at(-1);
    expect(intention?.request).toEqual({
      amount: 29_900,
      currency: 'EGP',
      payment_methods: [IDS.card, IDS.wallet],
      items: [{ name: 'Pro monthly', amount: 29_900, description: 'Majlis Pro, 1 month', quantity: 1 }],
      billing_data: {
        first_name: 'Mona',
        last_name: 'Saleh',
        email: 'mona@example.com',
        phone_number: 'NA',
        apartment: 'NA',
        floor: 'NA',
        street: 'NA',
        building: 'NA',
        city: 'NA',
        country: 'NA',
        state: 'NA',
        postal_code: 'NA',
        shipping_method: 'NA',
      },
      customer: { first_name: 'Mona', last_name: 'Saleh', email: 'mona@example.com' },
      special_reference: req.orderId,
      extras: { orderId: req.orderId },
      notification_url: req.notificationUrl,
      redirection_url: req.redirectionUrl,
      expiration: 3600,
    });
    expect(start).toEqual({
      providerOrderId: String(intention?.intention_order_id),
      reference: intention?.id,
      redirectUrl: `${fake.url}/unifiedcheckout/?publicKey=${KEYS.publicKey}&clientSecret=${intention?.client_secret}`,
    });
    expect(start.reference).toMatch(/^pi_test_/);
    const page = await fetch(start.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('299 EGP');
  });

  it('refuses a wrong integration id, a reused special_reference and a wrong key, with no key in the message', async () => {
    const wrong = paymobProvider({ ...KEYS, cardIntegrationId: 999, baseUrl: fake.url });
    const err = await wrong.startCheckout(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ status: 404, message: expect.stringContaining('Integration ID/Name does not exist') });

    const req = request();
    await paymob.startCheckout(req);
    const again = await paymob.startCheckout(req).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaymentProviderError);
    expect(again).toMatchObject({ status: 400, message: expect.stringContaining('special_reference') });

    const badKey = paymobProvider({
      ...KEYS,
      secretKey: 'egy_sk_test_wrong',
      cardIntegrationId: IDS.card,
      baseUrl: fake.url,
    });
    const denied = await badKey.startCheckout(request()).catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 401 });
    for (const e of [err, again, denied]) {
      expect((e as Error).message).not.toContain(KEYS.secretKey);
      expect((e as Error).message).not.toContain('egy_sk_test_wrong');
    }

    const unreachable = paymobProvider({ ...KEYS, cardIntegrationId: IDS.card, baseUrl: 'http://127.0.0.1:1' });
    await expect(unreachable.startCheckout(request())).rejects.toThrowError(PaymentProviderError);
  });

  it('a card payment: the processed callback verifies with its fields mapped, the browser return verifies as a response', async () => {
    const start = await paymob.startCheckout(request());
    const { transaction, responseUrl } = await fake.pay(start.providerOrderId, {
      success: true,
      method: 'card',
      pan: '5123456789012346',
    });
    const processed = lastPosted();
    expect(processed).toEqual({
      kind: 'processed',
      transactionId: String(transaction.id),
      providerOrderId: start.providerOrderId,
      success: true,
      pending: false,
      refunded: false,
      voided: false,
      amountMinor: 29_900,
      currency: 'EGP',
      method: 'card',
      brand: 'MasterCard',
      last4: '2346',
      message: 'Approved',
      reason: null,
      parentTransactionId: null,
    });
    expect(JSON.stringify(processed)).not.toContain('5123456789012346');
    expect(responseUrl.startsWith('https://majlis.example/billing/return?x=1&')).toBe(true);
    expect(responseOf(responseUrl)).toEqual({ ...processed, kind: 'response' });
  });

  it('forged callbacks verify as nothing', async () => {
    const start = await paymob.startCheckout(request());
    const { responseUrl } = await fake.pay(start.providerOrderId, { success: false, method: 'card' });
    const last = receiver.received.at(-1);
    if (!last) throw new Error('no callback received');
    const obj = (last.body as { obj: Record<string, unknown> }).obj;
    const post = (body: unknown, query: Record<string, string | undefined> = last.query) =>
      paymob.verifyCallback({ method: 'POST', query, body });
    expect(post(last.body)).toMatchObject({ success: false, reason: 'DECLINED', message: 'Do not honour' });

    expect(post({ type: 'TRANSACTION', obj: { ...obj, success: true } })).toBeNull();
    expect(post({ type: 'TRANSACTION', obj: { ...obj, amount_cents: 100 } })).toBeNull();
    expect(post({ type: 'TRANSACTION', obj: { ...obj, order: { id: 1 } } })).toBeNull();
    expect(post(last.body, {})).toBeNull();
    expect(post(last.body, { hmac: (last.query.hmac as string).slice(2) })).toBeNull();
    expect(post(last.body, { hmac: 'zz'.repeat(64) })).toBeNull();
    expect(post(last.body, { hmac: independentHmac('another secret', 'x') })).toBeNull();
    for (const garbage of [null, 'x', 42, [], {}, { type: 'TRANSACTION' }, { type: 'TOKEN', obj }, { obj }])
      expect(post(garbage)).toBeNull();
    expect(post({ type: 'TRANSACTION', obj: { ...obj, source_data: 'x', order: null } })).toBeNull();
    expect(paymob.verifyCallback({ method: 'POST', query: undefined as never, body: undefined })).toBeNull();

    const query = Object.fromEntries(new URL(responseUrl).searchParams);
    expect(responseOf(responseUrl)).toMatchObject({ kind: 'response', success: false });
    const get = (q: Record<string, string | undefined>) =>
      paymob.verifyCallback({ method: 'GET', query: q, body: null });
    expect(get({ ...query, success: 'true' })).toBeNull();
    expect(get({ ...query, order: '1' })).toBeNull();
    expect(get({ ...query, hmac: undefined })).toBeNull();
    expect(get({})).toBeNull();
  });

  it('a wallet number with no wallet: success false, reason NO_WALLET; a wallet that pays succeeds', async () => {
    fake.noWallet.add('01099999999');
    const start = await paymob.startCheckout(request());
    const { responseUrl } = await fake.pay(start.providerOrderId, {
      success: true,
      method: 'wallet',
      walletPhone: '01099999999',
    });
    expect(lastPosted()).toMatchObject({
      kind: 'processed',
      providerOrderId: start.providerOrderId,
      success: false,
      method: 'wallet',
      brand: 'WALLET',
      last4: '9999',
      reason: 'NO_WALLET',
    });
    expect(responseOf(responseUrl)).toMatchObject({ kind: 'response', reason: 'NO_WALLET' });

    await fake.pay(start.providerOrderId, { success: true, method: 'wallet', walletPhone: '01010101010' });
    expect(lastPosted()).toMatchObject({ success: true, method: 'wallet', reason: null });
    await fake.pay(start.providerOrderId, { success: false, method: 'wallet', walletPhone: '01010101010' });
    expect(lastPosted()).toMatchObject({ success: false, method: 'wallet', reason: 'DECLINED' });
  });

  it('a refund arrives as a new transaction on the same order: refunded, its parent named; a repeat is identical', async () => {
    const start = await paymob.startCheckout(request());
    const paid = await fake.pay(start.providerOrderId, { success: true, method: 'card' });
    const refund = await fake.refund(paid.transaction.id as number);
    const verified = lastPosted();
    expect(verified).toMatchObject({
      kind: 'processed',
      providerOrderId: start.providerOrderId,
      success: true,
      refunded: true,
      amountMinor: 29_900,
      parentTransactionId: String(paid.transaction.id),
    });
    expect(verified?.transactionId).not.toBe(String(paid.transaction.id));

    const again = await fake.postAgain(refund.callback);
    expect(again.status).toBe(200);
    expect(lastPosted()).toEqual(verified);
  });
});

describe('sandbox', () => {
  const config = { publicUrl: 'http://localhost:3000', sessionSecret: 'a'.repeat(64) };
  const sandbox = sandboxProvider(config);

  it('sends the buyer to our own page and signs what it posts back', async () => {
    const start = await sandbox.startCheckout(
      {} as CheckoutRequest, // the sandbox needs nothing from the order to open its page
    );
    expect(start.providerOrderId).toMatch(/^sbx_[0-9a-f]{24}$/);
    expect(start.redirectUrl).toBe(`/billing/sandbox/${start.providerOrderId}`);

    const order = { providerOrderId: start.providerOrderId, amountMinor: 29_900, currency: 'EGP' };
    const paid = sandboxTransaction(config, order, 'success', 'card');
    const verified = sandbox.verifyCallback({ method: 'POST', query: paid.query, body: paid.body });
    expect(verified).toMatchObject({
      kind: 'processed',
      transactionId: paid.transactionId,
      providerOrderId: start.providerOrderId,
      success: true,
      amountMinor: 29_900,
      method: 'card',
      last4: '4242',
      reason: null,
    });
    expect(sandbox.verifyCallback({ method: 'GET', query: paid.responseQuery, body: undefined })).toMatchObject({
      kind: 'response',
      transactionId: paid.transactionId,
      success: true,
    });

    const tampered = { ...paid.body, obj: { ...paid.body.obj, amount_cents: 1 } };
    expect(sandbox.verifyCallback({ method: 'POST', query: paid.query, body: tampered })).toBeNull();
    const other = sandboxProvider({ ...config, sessionSecret: 'b'.repeat(64) });
    expect(other.verifyCallback({ method: 'POST', query: paid.query, body: paid.body })).toBeNull();

    const failed = sandboxTransaction(config, order, 'fail', 'card');
    expect(sandbox.verifyCallback({ method: 'POST', query: failed.query, body: failed.body })).toMatchObject({
      success: false,
      reason: 'DECLINED',
    });
    const noWallet = sandboxTransaction(config, order, 'no_wallet', 'wallet');
    expect(sandbox.verifyCallback({ method: 'POST', query: noWallet.query, body: noWallet.body })).toMatchObject({
      success: false,
      method: 'wallet',
      reason: 'NO_WALLET',
    });
  });
});
