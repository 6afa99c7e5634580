import { multiLine, nameText, singleLine } from '@majlis/contracts';
import { normalizePhone, passwordProblem } from '@majlis/core';
import { z } from 'zod';

/** Field messages are catalog ids (packages/i18n/locales/{ar,en}/server.po), rendered in both languages on error. */
const name = (id: string) => nameText(id).trim().min(1, id).max(100, 'field.tooLong');

export const ZEmail = singleLine('field.email')
  .trim()
  .toLowerCase()
  .min(1, 'field.email')
  .max(254, 'field.tooLong')
  .pipe(z.email('field.emailInvalid'));

export const ZNewPassword = singleLine('field.password')
  .min(1, 'field.password')
  .min(8, 'field.passwordShort')
  .max(128, 'field.passwordLong')
  .refine((p) => passwordProblem(p) !== 'field.passwordCommon', 'field.passwordCommon');

export const ZPhone = singleLine('field.phone')
  .max(40, 'field.phone')
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'field.phone' });
      return z.NEVER;
    }
    return phone;
  });

const ZTimeZone = singleLine()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'field.invalid');

export const ZRegisterBody = z
  .strictObject({
    fname: name('field.fname'),
    lname: name('field.lname'),
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

export const ZLoginBody = z.strictObject({
  email: singleLine('field.email').trim().min(1, 'field.email').max(254, 'field.tooLong'),
  // Any string: a password is only hashed and compared, never stored or shown, so control characters do no harm here.
  password: z.string('field.password').min(1, 'field.password').max(1024, 'field.passwordLong'),
});

export const ZForgotBody = z.strictObject({ email: ZEmail });

export const ZResetBody = z.strictObject({
  token: singleLine('field.required').min(10, 'error.RESET_TOKEN_INVALID').max(200, 'error.RESET_TOKEN_INVALID'),
  password: ZNewPassword,
});

export const ZConfirmBody = z.strictObject({
  token: singleLine('field.required').min(10, 'error.REGISTER_TOKEN_INVALID').max(200, 'error.REGISTER_TOKEN_INVALID'),
});

export const ZInstLoginBody = z.strictObject({
  userId: z.uuid('field.invalid'),
  ownerId: z.uuid('field.invalid'),
  role: z.enum(['owner', 'admin', 'member']).optional(),
  sub: singleLine().max(200).optional(),
});

export const ZContactBody = z.strictObject({
  name: name('field.name'),
  email: ZEmail,
  phone: singleLine('field.phone').max(40, 'field.phone').optional(),
  kind: z.enum(['suggestion', 'complaint', 'question'], 'field.invalid'),
  message: multiLine('field.message').trim().min(1, 'field.message').max(4000, 'field.tooLong'),
});

export const ZIdParam = z.strictObject({ id: z.uuid('error.NOT_FOUND') });
