import { ZOk, ZPriceList, ZPurchase, ZQuote, ZTransferBody } from '@majlis/contracts';
import { getPriceList } from '@majlis/core/billing/prices';
import { quotePurchase, quoteView } from '@majlis/core/billing/quote';
import { transferToEnterprise } from '@majlis/core/billing/transfer';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor, startSession } from '../http/session.ts';
import { doc, jsonBody } from '../http/validate.ts';

/**
 * The price list, quotes and the move to enterprise (issue 13; checkout itself is routes/billing.ts). Prices are
 * public (the pricing page); a quote is the owner's (spec §6: owners buy), as checkout will charge it.
 */
export const priceRoutes = new Hono<Env>()
  .get('/billing/prices', doc('The price list, tax and tiers', { public: true, response: ZPriceList }), async (c) => {
    const { db, config } = c.get('runtime');
    return c.json(await getPriceList(db, config));
  })
  .post(
    '/billing/quote',
    doc('What a purchase costs: unit, coupon, tax, total; a refused coupon says why', {
      response: ZQuote,
      power: 'manageBilling',
    }),
    jsonBody(ZPurchase),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const actor = requireActor(c);
      await limits.consume('quoteUser', actor.userId);
      return c.json(quoteView(await quotePurchase(db, config, actor, c.req.valid('json'))));
    },
  )
  /**
   * Individual → enterprise, once and for good (spec §4). The session gets a new id afterwards, as at an account
   * switch: the powers behind it grew. Its open sockets end with the old id and reconnect with the new powers.
   */
  .post(
    '/billing/transfer',
    doc('Move the personal account to an enterprise account (free, irreversible); 409 when not individual', {
      response: ZOk,
    }),
    jsonBody(ZTransferBody),
    async (c) => {
      const { db, bus, limits } = c.get('runtime');
      const actor = requireActor(c);
      await limits.consume('transferUser', actor.userId);
      const answer = await transferToEnterprise({ db, bus }, actor, c.req.valid('json'), c.get('ip'));
      await startSession(c, actor.userId, actor.accountId);
      return c.json(answer);
    },
  );
