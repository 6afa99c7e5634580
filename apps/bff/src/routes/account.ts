import {
  ZAccountType,
  ZBilling,
  ZCurrentOwner,
  ZInstLoginBody,
  ZPermissions,
  ZSessionUser,
  ZStorageAnswer,
  ZUserAccounts,
  ZUserInfo,
  ZUserTrial,
} from '@majlis/contracts';
import {
  getAccountType,
  getBilling,
  getCurrentOwner,
  getPermissions,
  getStorage,
  getUserAccounts,
  getUserInfo,
  getUserTrial,
} from '@majlis/core/accounts/account-info';
import { actorToSwitchTo, toSessionUser } from '@majlis/core/auth/actor';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor, startSession } from '../http/session.ts';
import { doc, jsonBody } from '../http/validate.ts';

/** Spec §7 account calls, with the bodies fixed in DESIGN §5. All need a signed-in user. */
export const accountRoutes = new Hono<Env>()
  .get('/user/info', doc('The signed-in user', { response: ZUserInfo }), async (c) => {
    const actor = requireActor(c);
    // Read with the session (http/session-cache.ts), dropped with it whenever the user's details change.
    const info = c.get('userInfo');
    return c.json(info?.id === actor.userId ? { info } : await getUserInfo(c.get('runtime').db, actor));
  })
  .get('/user/permission', doc('Permission set of the acting role', { response: ZPermissions }), async (c) =>
    c.json(await getPermissions(c.get('runtime').db, requireActor(c))),
  )
  .get('/account/type', doc('Kind of the acting account and role in it', { response: ZAccountType }), async (c) =>
    c.json(await getAccountType(requireActor(c))),
  )
  .get('/account/storage', doc('Storage of the acting account', { response: ZStorageAnswer }), async (c) =>
    c.json({ results: { data: await getStorage(c.get('runtime').db, requireActor(c)) } }),
  )
  .get('/billing', doc('Plans of the personal and the acting institution account', { response: ZBilling }), async (c) =>
    c.json(await getBilling(c.get('runtime').db, requireActor(c))),
  )
  .get('/usertrial', doc('Free-trial state of the user', { response: ZUserTrial }), async (c) =>
    c.json(await getUserTrial(c.get('runtime').db, requireActor(c))),
  )
  .get('/current-owner', doc('Owner of the acting account', { response: ZCurrentOwner }), async (c) =>
    c.json(await getCurrentOwner(c.get('runtime').db, requireActor(c))),
  )
  .get('/user/accounts', doc('Accounts the user can switch to', { response: ZUserAccounts }), async (c) =>
    c.json(await getUserAccounts(c.get('runtime').db, requireActor(c))),
  )
  /** Switch the acting account as the accountSwitch machine decides, then a new session id (the privilege changed). */
  .post(
    '/inst-login',
    doc('Switch to another account of the user', { response: ZSessionUser }),
    jsonBody(ZInstLoginBody),
    async (c) => {
      const { userId, ownerId } = c.req.valid('json');
      const actor = requireActor(c);
      // each switch writes a session row: a person switches a few times an hour, a script does not get far
      await c.get('runtime').limits.consume('switchUser', actor.userId);
      const next = await actorToSwitchTo(c.get('runtime').db, actor, userId, ownerId);
      await startSession(c, userId, ownerId);
      c.set('actor', next);
      return c.json(toSessionUser(next));
    },
  );
