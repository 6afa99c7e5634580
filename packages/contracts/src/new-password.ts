import { z } from 'zod';
import { PASSWORD_LIMITS, PHONE_MAX, personName, TOKEN_LIMITS } from './auth.ts';
import { ZEmail, ZTimeZone } from './common.ts';
import { passwordProblem } from './password-policy.ts';
import { normalizePhone } from './phone.ts';
import { singleLine } from './strings.ts';

/**
 * Wire contract: the bodies that set a new password (sign-up, reset). Apart from auth.ts because the common-password
 * list they check against is about 380 kB: the sign-in, forgotten-password and contact pages never download it.
 */

export const ZNewPassword = singleLine('field.password')
  .min(1, 'field.password')
  .min(PASSWORD_LIMITS.min, 'field.passwordShort')
  .max(PASSWORD_LIMITS.max, 'field.passwordLong')
  .refine((p) => passwordProblem(p) !== 'field.passwordCommon', 'field.passwordCommon');

/** International form with country code (spec §5); the parsed value is E.164. */
export const ZPhone = singleLine('field.phone')
  .max(PHONE_MAX, 'field.phone')
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'field.phone' });
      return z.NEVER;
    }
    return phone;
  });

export const ZRegisterBody = z
  .strictObject({
    fname: personName('field.fname'),
    lname: personName('field.lname'),
    email: ZEmail,
    password: ZNewPassword,
    phone: ZPhone,
    acceptTerms: z.literal(true, 'field.acceptTerms'),
    ageConfirmed: z.literal(true, 'field.ageConfirmed'),
    timeZone: ZTimeZone.optional(),
  })
  .superRefine((body, ctx) => {
    if (passwordProblem(body.password, body.email) === 'field.passwordEmail') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'field.passwordEmail' });
    }
  });
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

export const ZResetBody = z.strictObject({
  token: singleLine('field.required')
    .min(TOKEN_LIMITS.min, 'error.RESET_TOKEN_INVALID')
    .max(TOKEN_LIMITS.max, 'error.RESET_TOKEN_INVALID'),
  password: ZNewPassword,
});
export type TResetBody = z.infer<typeof ZResetBody>;
