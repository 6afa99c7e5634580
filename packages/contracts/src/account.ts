import { z } from 'zod';
import { singleLine } from './strings.ts';

/** Wire contract: the signed-in user's account calls (spec §7, bodies fixed in DESIGN §5). */

export const ROLES = ['owner', 'admin', 'member'] as const;
export type TRole = (typeof ROLES)[number];

/** Switch the acting account (/api/inst-login). */
export const ZInstLoginBody = z.strictObject({
  userId: z.uuid('field.invalid'),
  ownerId: z.uuid('field.invalid'),
  role: z.enum(ROLES).optional(),
  sub: singleLine().max(200).optional(),
});
export type TInstLoginBody = z.infer<typeof ZInstLoginBody>;
