import { ZRegisterBody, ZResetBody } from '@majlis/contracts/new-password';
import { normalizePhone } from '@majlis/contracts/phone';
import { toAsciiDigits } from '@majlis/i18n';
import { schemaResolver } from '@mantine/form';
import { type FieldErrors, topLevelErrors } from '../../lib/field-errors.ts';
import { PASSWORD_MISMATCH } from './password-mismatch.ts';

/**
 * The forms that set a new password (register, reset) on the contract the BFF validates with: field messages are
 * server catalog ids ('field.fname' …), so the form shows the words the server would answer with. This module carries
 * the common-password list (contracts/new-password.ts), so those pages load it after they have painted
 * (load-validation.ts); sign-in, forgotten password and contact (validation.ts) never download it.
 */

export interface RegisterForm {
  fname: string;
  lname: string;
  email: string;
  password: string;
  confirm: string;
  /** Calling code chosen beside the number, e.g. '+20'; empty when the number itself starts with '+'. */
  countryCode: string;
  phone: string;
  acceptTerms: boolean;
  ageConfirmed: boolean;
}

export type RegisterErrors = FieldErrors<keyof RegisterForm>;

/**
 * The number to send for what the user typed: digits typed in Arabic-Indic are digits, a number that starts with
 * '+' (or 00) carries its own country code, otherwise the chosen calling code goes in front (without the national
 * leading 0). E.164 when it is a valid number; otherwise as typed, for the contract to refuse ('field.phone').
 */
export function phoneOf(countryCode: string, phone: string): string {
  const typed = toAsciiDigits(phone).replace(/[\s\-().]/g, '');
  if (!typed) return '';
  const international = typed.startsWith('00') ? `+${typed.slice(2)}` : typed;
  const candidate =
    international.startsWith('+') || !countryCode ? international : `${countryCode}${international.replace(/^0+/, '')}`;
  return normalizePhone(candidate) ?? candidate;
}

/** The POST /api/register body of the form. */
export function registerBodyOf(form: RegisterForm) {
  return {
    fname: form.fname.trim(),
    lname: form.lname.trim(),
    email: form.email.trim(),
    password: form.password,
    phone: phoneOf(form.countryCode, form.phone),
    acceptTerms: form.acceptTerms,
    ageConfirmed: form.ageConfirmed,
  };
}

const checkRegister = schemaResolver(ZRegisterBody, { sync: true });
const checkReset = schemaResolver(ZResetBody, { sync: true });

function withConfirmation<E extends { password?: string; confirm?: string }>(
  errors: E,
  form: { password: string; confirm: string },
): E {
  // Shown beside a refused password too, as before: both are for the person to fix before sending.
  return form.password && form.confirm !== form.password ? { ...errors, confirm: PASSWORD_MISMATCH } : errors;
}

/** Spec §5 register rules: ZRegisterBody (names, e-mail, new password, phone, both boxes), plus the confirmation. */
export function validateRegister(form: RegisterForm): RegisterErrors {
  return withConfirmation(topLevelErrors<keyof RegisterForm>(checkRegister(registerBodyOf(form))), form);
}

/** A new password from the e-mailed link: the token is the link's, the rules are ZNewPassword's. */
export function validateReset(form: {
  token: string;
  password: string;
  confirm: string;
}): FieldErrors<'password' | 'confirm'> {
  const { password } = topLevelErrors<'token' | 'password'>(checkReset({ token: form.token, password: form.password }));
  return withConfirmation(password ? { password } : {}, form);
}
