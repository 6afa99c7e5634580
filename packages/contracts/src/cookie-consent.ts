import { z } from 'zod';

/** Wire contract: a signed-in user's cookie choice, kept on the server (issue 17). */

/** PUT /api/cookie-consent. */
export const ZCookieConsentBody = z.strictObject({ choice: z.enum(['accepted', 'declined'], 'field.invalid') });
export type TCookieConsentBody = z.infer<typeof ZCookieConsentBody>;

/**
 * GET and PUT /api/cookie-consent: the stored choice while it was made under today's cookie policy (null when there
 * is none or it is older: the banner asks again), the policy version and the moment it was made.
 */
export const ZCookieConsent = z.strictObject({
  choice: z.enum(['accepted', 'declined']).nullable(),
  version: z.number().int().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CookieConsent = z.infer<typeof ZCookieConsent>;
