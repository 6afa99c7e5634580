import { z } from 'zod';
import { ZSessionUser } from './account.ts';
import { EMAIL_MAX, ZEmail } from './common.ts';
import { nameText, singleLine } from './strings.ts';

/** Wire contract: sign-up, sign-in, password reset (spec §5 messages; field messages are server.po catalog ids). */

export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;
/** A sign-in password is only hashed and compared: it may be longer than a new one (old accounts, pasted phrases). */
export const LOGIN_PASSWORD_MAX = 1024;
export const PERSON_NAME_MAX = 100;
export const PHONE_MAX = 40;
/** Reset and confirmation tokens: random base64url strings well inside these bounds. */
export const TOKEN_LIMITS = { min: 10, max: 200 } as const;

/** A person's first or last name (and the contact form's name). */
export const personName = (id: string) => nameText(id).trim().min(1, id).max(PERSON_NAME_MAX, 'field.tooLong');

export const ZLoginBody = z.strictObject({
  email: singleLine('field.email').trim().min(1, 'field.email').max(EMAIL_MAX, 'field.tooLong'),
  // Any string: a password is only hashed and compared, never stored or shown, so control characters do no harm here.
  password: z.string('field.password').min(1, 'field.password').max(LOGIN_PASSWORD_MAX, 'field.passwordLong'),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZForgotBody = z.strictObject({ email: ZEmail });
export type TForgotBody = z.infer<typeof ZForgotBody>;

export const ZConfirmBody = z.strictObject({
  token: singleLine('field.required')
    .min(TOKEN_LIMITS.min, 'error.REGISTER_TOKEN_INVALID')
    .max(TOKEN_LIMITS.max, 'error.REGISTER_TOKEN_INVALID'),
});
export type TConfirmBody = z.infer<typeof ZConfirmBody>;

// ---------------------------------------------------------------- views (responses)

/** GET /api/csrf-token (spec §7 name). */
export const ZCsrfToken = z.strictObject({ getCsrfToken: z.string() });
/** POST /api/register → 202: a confirmation link (or a note to a known address's owner) went by e-mail. */
export const ZRegisterAnswer = z.strictObject({ ok: z.literal(true), confirm: z.literal('email') });
/** POST /api/login and /api/register/confirm: the signed-in user. */
export const ZSignedIn = z.strictObject({ user: ZSessionUser });
export type SignedIn = z.infer<typeof ZSignedIn>;
