import { z } from 'zod';
import { PHONE_MAX, personName } from './auth.ts';
import { ZEmail } from './common.ts';
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
