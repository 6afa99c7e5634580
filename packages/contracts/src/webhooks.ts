import { z } from 'zod';

/**
 * Wire contract: what Majlis answers the conferencing providers' servers (/api/webhooks/*). BigBlueButton's end and
 * recording callbacks get plain text ('ok', or 'gone' with 410) as BBB expects; these are the JSON ones.
 */

/** POST /api/webhooks/bbb/events: how many of the posted events changed a meeting. */
export const ZBbbEventsAnswer = z.strictObject({ ok: z.literal(true), handled: z.number() });
/** POST /api/webhooks/zoom: Zoom's endpoint URL validation (HMAC-SHA256 of plainToken), or a plain receipt. */
export const ZZoomWebhookAnswer = z.union([
  z.strictObject({ plainToken: z.string(), encryptedToken: z.string() }),
  z.strictObject({ ok: z.literal(true) }),
]);
