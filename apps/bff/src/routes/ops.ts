import { ZAccountStatusAnswer, ZAccountStatusBody, ZOpsAccountList, ZOpsAccountQuery } from '@majlis/contracts';
import { findAccounts } from '@majlis/core/ops/find-accounts';
import { requireOps } from '@majlis/core/ops/require-ops';
import { setAccountStatus } from '@majlis/core/ops/set-account-status';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { doc, idParam, jsonBody, queryOf } from '../http/validate.ts';

/**
 * The platform operator's account tools (spec §1 terms: suspend, ban, reinstate). Only users with the ops role see
 * them; to everyone else, signed in or not, they answer 404 like any unknown path (core ops/require-ops.ts). The
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
    doc('Operator: suspend, ban or reinstate an account; closing it ends its sessions', {
      response: ZAccountStatusAnswer,
    }),
    jsonBody(ZAccountStatusBody),
    async (c) => {
      const { db, bus, limits } = c.get('runtime');
      const id = idParam(c.req.param('id'));
      await limits.consume('opsWrites', requireOps(c.get('actor')).userId);
      const { status } = c.req.valid('json');
      return c.json(await setAccountStatus({ db, bus }, c.get('actor'), id, status, c.get('ip')));
    },
  );
