import { z } from 'zod';

/** Wire contract of Web Push devices (issue 31): this browser's subscription, registered from the profile. */

/** The most devices one user keeps registered; registering another replaces the oldest. */
export const PUSH_DEVICES_MAX = 20;

/** POST /api/push/devices: PushSubscription.toJSON() as the browser gives it. */
export const ZPushDeviceBody = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/, error: 'field.invalid' }).max(2000, 'field.invalid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[\w-]{80,100}={0,2}$/, 'field.invalid'),
    auth: z.string().regex(/^[\w-]{16,30}={0,2}$/, 'field.invalid'),
  }),
});
export type TPushDeviceBody = z.infer<typeof ZPushDeviceBody>;

export const ZPushDevice = z.strictObject({
  id: z.uuid(),
  label: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The push service's endpoint, for the browser to find its own row (never another user's). */
  endpoint: z.string(),
});
export type PushDevice = z.infer<typeof ZPushDevice>;

export const ZPushDeviceList = z.strictObject({ devices: z.array(ZPushDevice) });

/** GET /api/push/key: the VAPID public key (applicationServerKey), or null where pushes are not configured. */
export const ZPushKey = z.strictObject({ publicKey: z.string().nullable() });
