import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Db } from '../db/connect.ts';
import { orders } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { paymentProviderFor } from '../providers/payments/index.ts';
import { sandboxRefExpired, sandboxTransaction } from '../providers/payments/sandbox.ts';
import { byProviderOrder, onTransaction, type Rt } from './ledger.ts';
import type { OrderRow } from './orders.ts';

/**
 * The sandbox checkout page's order (GET /api/billing/sandbox/{ref}): the actor's own only. A ref older than a Paymob
 * payment key lives (CHECKOUT_EXPIRES_SECONDS) is 409 CHECKOUT_EXPIRED while its order is still to be paid: the buyer
 * starts again ("pay again", a new ref), as on a real gateway (issue 25).
 */
export async function sandboxOrder(db: Db, actor: Actor, ref: string): Promise<OrderRow> {
  if (!/^sbx_[0-9a-f]{24}$/.test(ref)) throw notFound();
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, 'sandbox'), eq(orders.accountId, actor.accountId), byProviderOrder(ref)));
  if (!o) throw notFound();
  if ((o.status === 'pending' || o.status === 'failed') && sandboxRefExpired(ref)) {
    throw new AppError(409, 'CHECKOUT_EXPIRED');
  }
  return o;
}

/**
 * POST /api/billing/sandbox/{ref}: the embedded sandbox's pay or decline. It signs a Paymob-shaped transaction with
 * the sandbox key and hands it to the same verification and ledger path as a real callback (spec §8: a demo account,
 * no money moves). A declined wallet plays "no wallet on this number".
 */
export async function sandboxPay(
  rt: Rt,
  actor: Actor,
  ref: string,
  body: { outcome: 'success' | 'fail'; method: 'card' | 'wallet' },
): Promise<{ redirectUrl: string }> {
  requirePower(actor, 'manageBilling');
  const o = await sandboxOrder(rt.db, actor, ref);
  if (o.provider !== 'sandbox') throw notFound();
  const provider = rt.provider ?? paymentProviderFor(rt.config);
  if (provider.name !== 'sandbox') throw notFound();
  const outcome = body.outcome === 'success' ? 'success' : body.method === 'wallet' ? 'no_wallet' : 'fail';
  const signed = sandboxTransaction(
    rt.config,
    { providerOrderId: ref, amountMinor: o.totalMinor, currency: o.currency },
    outcome,
    body.method,
  );
  const t = provider.verifyCallback({ method: 'POST', query: signed.query, body: signed.body });
  if (!t) throw new Error('the sandbox could not verify its own signature');
  await onTransaction(rt, 'sandbox', t);
  return { redirectUrl: `/dashbord/billing/payment/${o.id}` };
}
