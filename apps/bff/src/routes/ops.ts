import {
  ZAccountStatusAnswer,
  ZAccountStatusBody,
  ZCouponActiveBody,
  ZCouponBody,
  ZCouponList,
  ZCouponView,
  ZOpsAccountList,
  ZOpsAccountQuery,
  ZPriceBody,
  ZPriceList,
} from '@majlis/contracts';
import { requireOps } from '@majlis/core/auth/require-ops';
import { createCoupon, listCoupons, setCouponActive } from '@majlis/core/billing/coupons';
import { getPriceList, setPrice } from '@majlis/core/billing/prices';
import { notFound } from '@majlis/core/errors';
import { findAccounts } from '@majlis/core/ops/find-accounts';
import { setAccountStatus } from '@majlis/core/ops/set-account-status';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { doc, idParam, jsonBody, queryOf } from '../http/validate.ts';

// Bodies of the operator's billing edits; ask the lead to move them to @majlis/contracts/billing beside ZCouponBody.
/** A price key as billing/prices.ts spells them ('room:jitsi:25:monthly:EGP', 'enterprise:monthly:USD', 'transfer:EGP'). */
const PRICE_KEY = /^(room:(bbb|zoom|jitsi):\d{1,4}:(daily|monthly|annual)|enterprise:monthly|transfer):(EGP|USD)$/;

/**
 * The platform operator's account tools (spec §1 terms: suspend, ban, reinstate). Only users with the ops role see
 * them; to everyone else, signed in or not, they answer 404 like any unknown path (core auth/require-ops.ts). The
 * check runs before validation, so a non-operator's malformed request is a 404 too, never a 400 that would tell.
 */
export const opsRoutes = new Hono<Env>()
  .use('/ops/*', async (c, next) => {
    requireOps(c.get('actor'));
    await next();
  })
  .get(
    '/ops/accounts',
    doc('Operator: accounts by name or owner e-mail, paged', { response: ZOpsAccountList }),
    queryOf(ZOpsAccountQuery),
    async (c) => c.json(await findAccounts(c.get('runtime').db, c.req.valid('query'))),
  )
  .put(
    '/ops/accounts/:id/status',
    doc('Operator: suspend, ban or reinstate an account; closing it ends its sessions and its running meetings', {
      response: ZAccountStatusAnswer,
    }),
    jsonBody(ZAccountStatusBody),
    async (c) => {
      const { db, bus, config, limits } = c.get('runtime');
      const id = idParam(c.req.param('id'));
      await limits.consume('opsWrites', requireOps(c.get('actor')).userId);
      const { status } = c.req.valid('json');
      return c.json(await setAccountStatus({ db, bus, config }, c.get('actor'), id, status, c.get('ip')));
    },
  )
  .get('/ops/prices', doc('Operator: the price list (README: "Prices")', { response: ZPriceList }), async (c) => {
    const { db, config } = c.get('runtime');
    return c.json(await getPriceList(db, config));
  })
  .put(
    '/ops/prices/:key',
    doc('Operator: change one price, in minor units; orders already placed keep theirs', { response: ZPriceList }),
    jsonBody(ZPriceBody),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const key = c.req.param('key');
      if (!PRICE_KEY.test(key)) throw notFound();
      await limits.consume('opsWrites', requireOps(c.get('actor')).userId);
      const { amountMinor } = c.req.valid('json');
      return c.json(await setPrice(db, config, c.get('actor'), key, amountMinor, c.get('ip')));
    },
  )
  .get('/ops/coupons', doc('Operator: coupons, newest first', { response: ZCouponList }), async (c) =>
    c.json(await listCoupons(c.get('runtime').db, c.get('actor'))),
  )
  .post(
    '/ops/coupons',
    doc('Operator: create a coupon (percent or fixed, dates, total uses); 409 COUPON_EXISTS', {
      response: ZCouponView,
      statuses: [201],
    }),
    jsonBody(ZCouponBody),
    async (c) => {
      const { db, limits } = c.get('runtime');
      await limits.consume('opsWrites', requireOps(c.get('actor')).userId);
      return c.json(await createCoupon(db, c.get('actor'), c.req.valid('json'), c.get('ip')), 201);
    },
  )
  .patch(
    '/ops/coupons/:id',
    doc('Operator: switch a coupon off or on', { response: ZCouponView }),
    jsonBody(ZCouponActiveBody),
    async (c) => {
      const { db, limits } = c.get('runtime');
      const id = idParam(c.req.param('id'));
      await limits.consume('opsWrites', requireOps(c.get('actor')).userId);
      const { active } = c.req.valid('json');
      return c.json(await setCouponActive(db, c.get('actor'), id, active, c.get('ip')));
    },
  );
