import { z } from 'zod';

/**
 * Wire contract: the institution's own month (spec §9: "Enterprise monthly renewal 12.5 dollars"). The move to an
 * institution starts it (the first month is part of the transfer); the owner renews it through checkout
 * (`{ kind: 'enterprise' }`). Past its end the institution has a grace of INSTITUTION_GRACE_DAYS; after that its
 * administration is read-only (409 INSTITUTION_LAPSED) until renewed, while its rooms and meetings keep working.
 */

export const INSTITUTION_GRACE_DAYS = 7;

/** `none`: not an institution, or one from before the month existed; `grace`: ended, still writable; `lapsed`: read-only. */
export const INSTITUTION_MONTH_STATES = ['none', 'active', 'grace', 'lapsed'] as const;
export type InstitutionMonthState = (typeof INSTITUTION_MONTH_STATES)[number];

/** GET /api/billing/institution-month: for the dashboard's banner. */
export const ZInstitutionMonth = z.strictObject({
  state: z.enum(INSTITUTION_MONTH_STATES),
  /** The enterprise subscription (billing's `?renew=<id>` opens its renewal). */
  subscriptionId: z.string().nullable(),
  /** When the paid month ends (or ended). */
  endsAt: z.iso.datetime().nullable(),
  /** When the administration becomes (or became) read-only: the end plus the grace. */
  readOnlyAt: z.iso.datetime().nullable(),
  /** Whether the reader may renew it (the owner: manageBilling). */
  canRenew: z.boolean(),
});
export type InstitutionMonth = z.infer<typeof ZInstitutionMonth>;
