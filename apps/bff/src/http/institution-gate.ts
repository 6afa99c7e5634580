import { requireInstitutionWritable } from '@majlis/core/billing/institution-month';
import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';
import { requireActor } from './session.ts';

/**
 * Before a write of the institution's administration (users, invitations, teams, room assignment): 409
 * INSTITUTION_LAPSED once its month ended more than the grace ago (core billing/institution-month.ts).
 */
export const institutionWritable: MiddlewareHandler<Env> = async (c, next) => {
  await requireInstitutionWritable(c.get('runtime').db, requireActor(c));
  await next();
};
