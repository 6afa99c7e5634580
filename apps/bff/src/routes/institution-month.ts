import { ZInstitutionMonth } from '@majlis/contracts/institution-month';
import { getInstitutionMonth } from '@majlis/core/billing/institution-month';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { needsPower, requireActor } from '../http/session.ts';
import { doc } from '../http/validate.ts';

/**
 * The institution's own month (spec §9) as the dashboard's banner reads it: running, in its grace, or lapsed (the
 * administration read-only). Its officials read it (owner and admins); renewing is billing's checkout, the owner's.
 */
export const institutionMonthRoutes = new Hono<Env>().get(
  '/billing/institution-month',
  doc("The institution's month: active, grace or lapsed (its administration read-only)", {
    tags: ['billing'],
    response: ZInstitutionMonth,
    power: 'manageUsers',
  }),
  needsPower('manageUsers'),
  async (c) => c.json(await getInstitutionMonth(c.get('runtime').db, requireActor(c))),
);
