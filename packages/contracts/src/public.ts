import { z } from 'zod';
import { PHONE_MAX, personName } from './auth.ts';
import { ZEmail } from './common.ts';
import { ZBilingual } from './errors.ts';
import { multiLine, singleLine } from './strings.ts';

/** Wire contract: the public pages' calls (contact form, support details, health). */

export const CONTACT_KINDS = ['suggestion', 'complaint', 'question'] as const;
export const CONTACT_MESSAGE_MAX = 4000;

export const ZContactBody = z.strictObject({
  name: personName('field.name'),
  email: ZEmail,
  phone: singleLine('field.phone').max(PHONE_MAX, 'field.phone').optional(),
  kind: z.enum(CONTACT_KINDS, 'field.invalid'),
  message: multiLine('field.message').trim().min(1, 'field.message').max(CONTACT_MESSAGE_MAX, 'field.tooLong'),
});
export type TContactBody = z.infer<typeof ZContactBody>;

// ---------------------------------------------------------------- views (responses)

/** GET /api/config/contact: support details and social links (spec §7 names, `phoneMs` verbatim). */
export const ZContactConfig = z.array(
  z.strictObject({
    phoneMs: z.string(),
    phone2: z.string(),
    email: z.string(),
    whatsapp: z.string(),
    facebook: z.string(),
    twitter: z.string(),
    linkedin: z.string(),
    youtube: z.string(),
    taxNumber: z.string(),
    address: ZBilingual,
  }),
);
export type ContactConfig = z.infer<typeof ZContactConfig>;

/** GET /api/ready: 200 when the database (and Redis, when configured) answer, 503 with the same shape otherwise. */
export const ZReadiness = z.strictObject({
  ok: z.boolean(),
  driver: z.enum(['pglite', 'postgres']),
  checks: z.strictObject({ database: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down', 'not configured']) }),
});
