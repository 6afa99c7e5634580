import { ZForgotBody, ZLoginBody } from '@majlis/contracts/auth';
import { type TContactBody, ZContactBody } from '@majlis/contracts/public';
import { toAsciiDigits } from '@majlis/i18n';
import { schemaResolver } from '@mantine/form';
import { type FieldErrors, topLevelErrors } from '../../lib/field-errors.ts';

/**
 * The sign-in, forgotten-password and contact forms on the contract the BFF validates with: field messages are
 * server catalog ids, so the form shows the words the server would answer with. Small (no password list), so these
 * pages import it directly; register and reset use new-password-validation.ts, loaded lazily.
 */

const checkLogin = schemaResolver(ZLoginBody, { sync: true });
const checkForgot = schemaResolver(ZForgotBody, { sync: true });
export function validateLogin(form: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return topLevelErrors(checkLogin({ email: form.email, password: form.password }));
}

export function validateForgot(form: { email: string }): FieldErrors<'email'> {
  return topLevelErrors(checkForgot({ email: form.email }));
}

export interface ContactForm {
  name: string;
  email: string;
  phone: string;
  kind: TContactBody['kind'];
  message: string;
}

/** The POST /api/contact body of the form (an empty phone is left out). */
export function contactBodyOf(form: ContactForm): TContactBody {
  const phone = toAsciiDigits(form.phone).trim();
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    ...(phone ? { phone } : {}),
    kind: form.kind,
    message: form.message.trim(),
  };
}

const checkContact = schemaResolver(ZContactBody, { sync: true });

export function validateContact(form: ContactForm): FieldErrors<keyof ContactForm> {
  return topLevelErrors(checkContact(contactBodyOf(form)));
}
