import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toAsciiDigits } from '@majlis/i18n';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Spec §5 messages, defined once and rendered in the active language. */
export const MESSAGES = {
  fname: msg`Enter your first name`,
  lname: msg`Enter your last name`,
  email: msg`Enter your e-mail`,
  emailInvalid: msg`Enter a valid e-mail address`,
  password: msg`Enter the password`,
  passwordShort: msg`The password is too short (at least 8 characters)`,
  passwordLong: msg`The password is too long (at most 128 characters)`,
  passwordMismatch: msg`The passwords do not match`,
  phone: msg`Enter your phone number`,
  phoneCountry: msg`A phone number needs its country code`,
  phoneInvalid: msg`This phone number is not valid for the chosen country`,
  acceptTerms: msg`You must accept the terms and conditions`,
  ageConfirmed: msg`You must be over 12 years old`,
} satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof MESSAGES;

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

export type FieldErrors<T> = Partial<Record<keyof T, MessageKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The E.164 number for what the user typed, or why not. Digits typed in Arabic-Indic are digits; a number that
 * starts with '+' (or 00) carries its own country code, otherwise the chosen calling code is put in front.
 */
export function toE164(countryCode: string, phone: string): { value: string } | { error: MessageKey } {
  const typed = toAsciiDigits(phone).replace(/[\s\-().]/g, '');
  if (!typed) return { error: 'phone' };
  const international = typed.startsWith('00') ? `+${typed.slice(2)}` : typed;
  const candidate = international.startsWith('+')
    ? international
    : countryCode
      ? `${countryCode}${international.replace(/^0+/, '')}`
      : '';
  if (!candidate) return { error: 'phoneCountry' };
  if (!/^\+\d+$/.test(candidate) || !isValidPhoneNumber(candidate)) return { error: 'phoneInvalid' };
  const parsed = parsePhoneNumberFromString(candidate);
  return parsed ? { value: parsed.number } : { error: 'phoneInvalid' };
}

export function validatePassword(password: string, confirm: string): { password?: MessageKey; confirm?: MessageKey } {
  const errors: { password?: MessageKey; confirm?: MessageKey } = {};
  if (!password) errors.password = 'password';
  else if (password.length < PASSWORD_MIN) errors.password = 'passwordShort';
  else if (password.length > PASSWORD_MAX) errors.password = 'passwordLong';
  if (password && confirm !== password) errors.confirm = 'passwordMismatch';
  return errors;
}

export function validateEmail(email: string): MessageKey | undefined {
  if (!email.trim()) return 'email';
  return EMAIL.test(email.trim()) ? undefined : 'emailInvalid';
}

export function validateRegister(form: RegisterForm): FieldErrors<RegisterForm> {
  const errors: FieldErrors<RegisterForm> = {};
  if (!form.fname.trim()) errors.fname = 'fname';
  if (!form.lname.trim()) errors.lname = 'lname';
  const email = validateEmail(form.email);
  if (email) errors.email = email;
  Object.assign(errors, validatePassword(form.password, form.confirm));
  const phone = toE164(form.countryCode, form.phone);
  if ('error' in phone) errors.phone = phone.error;
  if (!form.acceptTerms) errors.acceptTerms = 'acceptTerms';
  if (!form.ageConfirmed) errors.ageConfirmed = 'ageConfirmed';
  return errors;
}
