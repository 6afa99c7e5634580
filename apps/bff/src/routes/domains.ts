import { ZIdParam, ZOk } from '@majlis/contracts';
import { ZDomainAnswer, ZDomainBody, ZDomainList, ZDomainModeBody, ZJoinRequests } from '@majlis/contracts/sso';
import {
  addDomain,
  decideJoinRequest,
  defaultResolveTxt,
  listDomains,
  listJoinRequests,
  removeDomain,
  setDomainMode,
  verifyDomain,
} from '@majlis/core/accounts/domains';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { needsPower, requireActor } from '../http/session.ts';
import { doc, jsonBody, paramsOf } from '../http/validate.ts';

const tags = ['domains'];
const power = 'editInstitution' as const;

/**
 * Issue 30: domains the institution proves by a DNS TXT record; people with an address at one join as members at
 * once or wait for an official's approval, as the owner chose. Every write is audited and rate-limited.
 */
export const domainRoutes = new Hono<Env>()
  .get('/account/domains', doc("The institution's domains", { tags, response: ZDomainList, power }), async (c) =>
    c.json(await listDomains(c.get('runtime').db, requireActor(c))),
  )
  .post(
    '/account/domains',
    doc('Claim a domain: answers the TXT record to add', { tags, response: ZDomainAnswer, power, statuses: [201] }),
    needsPower(power),
    jsonBody(ZDomainBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('ssoWrites', actor.userId);
      return c.json(await addDomain(db, actor, c.req.valid('json'), c.get('ip')), 201);
    },
  )
  .post(
    '/account/domains/:id/verify',
    doc('Look for the TXT record and prove the domain', { tags, response: ZDomainAnswer, power }),
    needsPower(power),
    paramsOf(ZIdParam),
    async (c) => {
      const actor = requireActor(c);
      const runtime = c.get('runtime');
      await runtime.limits.consume('ssoWrites', actor.userId);
      const resolve = runtime.resolveTxt ?? defaultResolveTxt;
      return c.json(await verifyDomain(runtime.db, resolve, actor, c.req.valid('param').id, c.get('ip')));
    },
  )
  .put(
    '/account/domains/:id',
    doc('Join at once or wait for approval', { tags, response: ZDomainAnswer, power }),
    needsPower(power),
    paramsOf(ZIdParam),
    jsonBody(ZDomainModeBody),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('ssoWrites', actor.userId);
      const { id } = c.req.valid('param');
      return c.json(await setDomainMode(db, actor, id, c.req.valid('json').joinMode, c.get('ip')));
    },
  )
  .delete(
    '/account/domains/:id',
    doc('Give the domain up', { tags, response: ZDomainList, power }),
    needsPower(power),
    paramsOf(ZIdParam),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('ssoWrites', actor.userId);
      return c.json(await removeDomain(db, actor, c.req.valid('param').id, c.get('ip')));
    },
  )
  .get(
    '/account/join-requests',
    doc('People waiting to join by domain', { tags, response: ZJoinRequests, power: 'manageUsers' }),
    async (c) => c.json(await listJoinRequests(c.get('runtime').db, requireActor(c))),
  )
  .post(
    '/account/join-requests/:id/approve',
    doc('Let them in as a member', { tags, response: ZOk, power: 'manageUsers' }),
    needsPower('manageUsers'),
    paramsOf(ZIdParam),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('invitationWrites', actor.userId);
      return c.json(await decideJoinRequest(db, actor, c.req.valid('param').id, true, c.get('ip')));
    },
  )
  .post(
    '/account/join-requests/:id/reject',
    doc('Turn them away', { tags, response: ZOk, power: 'manageUsers' }),
    needsPower('manageUsers'),
    paramsOf(ZIdParam),
    async (c) => {
      const actor = requireActor(c);
      const { db, limits } = c.get('runtime');
      await limits.consume('invitationWrites', actor.userId);
      return c.json(await decideJoinRequest(db, actor, c.req.valid('param').id, false, c.get('ip')));
    },
  );
