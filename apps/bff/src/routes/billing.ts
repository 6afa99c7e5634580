import {
  ZCheckoutAnswer,
  ZCheckoutBody,
  ZOrderList,
  ZOrderView,
  ZPaymentCallbackAnswer,
  ZSandboxOrder,
  ZSandboxPayAnswer,
  ZSandboxPayBody,
  ZSandboxRefParam,
  ZSubscriptionList,
} from '@majlis/contracts';
import { hasPower } from '@majlis/core/auth/powers';
import { checkout, onTransaction, orderOfReturn, payAgain } from '@majlis/core/billing/ledger';
import { getOrder, listOrders, orderView } from '@majlis/core/billing/orders';
import { sandboxOrder, sandboxPay } from '@majlis/core/billing/sandbox-checkout';
import { listSubscriptions } from '@majlis/core/billing/subscriptions';
import { AppError } from '@majlis/core/errors';
import { paymentProviderFor } from '@majlis/core/providers/payments/index';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { needsPower, requireActor } from '../http/session.ts';
import { doc, idParam, jsonBody, paramsOf } from '../http/validate.ts';

const tags = ['billing'];
/** Spec §6: the account's owner buys; admins and members do not (powers.ts manageBilling). */
const mayBuy = needsPower('manageBilling');

/**
 * Billing (spec §1 offers, §4 payment; DESIGN §5): subscriptions, orders and their payments, the sandbox checkout,
 * and Paymob's two callbacks. Only the transaction-processed callback (signed) changes an order; the browser's return
 * only finds which order to show. Buying is the account owner's (spec §6).
 */
export const billingRoutes = new Hono<Env>()
  .get(
    '/billing/subscriptions',
    doc("The acting account's subscriptions (rooms, the enterprise plan)", {
      tags,
      response: ZSubscriptionList,
      power: 'manageRooms',
    }),
    // those who manage rooms see what the rooms run on; the owner alone buys (powers.ts)
    needsPower('manageRooms'),
    async (c) => {
      const actor = requireActor(c);
      const { db, config } = c.get('runtime');
      return c.json({
        subscriptions: await listSubscriptions(db, actor),
        canBuy: hasPower(actor, 'manageBilling'),
        provider: config.PAYMENTS_PROVIDER,
      });
    },
  )
  .post(
    '/billing/checkout',
    doc('Price the purchase on the server, keep the order, start a checkout → { order, redirectUrl }', {
      tags,
      response: ZCheckoutAnswer,
      power: 'manageBilling',
    }),
    mayBuy,
    jsonBody(ZCheckoutBody),
    async (c) => {
      const actor = requireActor(c);
      const rt = c.get('runtime');
      await rt.limits.consume('checkoutUser', actor.userId);
      return c.json(await checkout(rt, actor, c.req.valid('json')));
    },
  )
  .get(
    '/billing/orders',
    doc('Orders and payments, newest first', { tags, response: ZOrderList, power: 'manageBilling' }),
    mayBuy,
    async (c) => c.json(await listOrders(c.get('runtime').db, requireActor(c))),
  )
  .get(
    '/billing/orders/:id',
    doc('One order', { tags, response: ZOrderView, power: 'manageBilling' }),
    mayBuy,
    async (c) => c.json(await getOrder(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')))),
  )
  .post(
    '/billing/orders/:id/pay',
    doc('Pay again: a new attempt on the same order (409 ORDER_PAID)', {
      tags,
      response: ZCheckoutAnswer,
      power: 'manageBilling',
    }),
    mayBuy,
    async (c) => {
      const actor = requireActor(c);
      const rt = c.get('runtime');
      await rt.limits.consume('checkoutUser', actor.userId);
      return c.json(await payAgain(rt, actor, idParam(c.req.param('id'))));
    },
  )
  .get(
    '/billing/sandbox/:ref',
    doc('The sandbox checkout page: the order to pay (demo account)', {
      tags,
      response: ZSandboxOrder,
      power: 'manageBilling',
    }),
    mayBuy,
    paramsOf(ZSandboxRefParam),
    async (c) => {
      const { db } = c.get('runtime');
      const o = await sandboxOrder(db, requireActor(c), c.req.valid('param').ref);
      return c.json({ order: await orderView(db, o, c.get('locale')), demo: true as const });
    },
  )
  .post(
    '/billing/sandbox/:ref',
    doc('The sandbox checkout: pay or decline → { redirectUrl } (the same signed path as a real callback)', {
      tags,
      response: ZSandboxPayAnswer,
      power: 'manageBilling',
    }),
    mayBuy,
    paramsOf(ZSandboxRefParam),
    jsonBody(ZSandboxPayBody),
    async (c) => {
      const actor = requireActor(c);
      const rt = c.get('runtime');
      await rt.limits.consume('checkoutUser', actor.userId);
      const body = c.req.valid('json');
      return c.json(await sandboxPay(rt, actor, c.req.valid('param').ref, body));
    },
  )
  /** Paymob's transaction processed callback (server to server, HMAC in the query): the only one that grants. */
  .post(
    '/webhooks/paymob',
    doc('Paymob transaction processed callback (HMAC-SHA512)', {
      tags: ['webhooks'],
      public: true,
      response: ZPaymentCallbackAnswer,
    }),
    async (c) => {
      const rt = c.get('runtime');
      const provider = paymentProviderFor(rt.config);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw new AppError(400, 'INVALID_JSON');
      }
      const t =
        provider.name === 'paymob' ? provider.verifyCallback({ method: 'POST', query: c.req.query(), body }) : null;
      if (t?.kind !== 'processed') throw new AppError(401, 'WEBHOOK_SIGNATURE');
      const { handled } = await onTransaction(rt, 'paymob', t);
      return c.json({ ok: true, handled });
    },
  )
  /** Paymob's transaction response callback: the buyer's browser comes back; verified, it only picks the page. */
  .get(
    '/billing/paymob/return',
    doc("The buyer's return from Paymob → the order's payment page (grants nothing)", { tags, public: true }),
    async (c) => {
      const rt = c.get('runtime');
      const provider = paymentProviderFor(rt.config);
      const t =
        provider.name === 'paymob'
          ? provider.verifyCallback({ method: 'GET', query: c.req.query(), body: null })
          : null;
      const orderId = t ? await orderOfReturn(rt.db, 'paymob', t) : null;
      return c.redirect(orderId ? `/dashbord/billing/payment/${orderId}` : '/dashbord/billing', 303);
    },
  );
