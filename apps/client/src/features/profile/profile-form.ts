import { ZInstitutionBody } from '@majlis/contracts/institution';
import { ZPasswordChangeBody, ZProfileBody } from '@majlis/contracts/profile';
import { schemaResolver } from '@mantine/form';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { type FieldErrors, topLevelErrors } from '../../lib/field-errors.ts';
import { phoneOf } from '../auth/new-password-validation.ts';
import type { InstitutionBody, PasswordBody, ProfileBody } from './api.ts';

/**
 * The profile page's forms on the contracts the BFF validates with (field messages are server catalog ids). The
 * phone is shown as calling code + national number and sent in E.164, as on the register page.
 */

export interface DetailsForm {
  fname: string;
  lname: string;
  countryCode: string;
  phone: string;
  locale: 'ar' | 'en';
  timeZone: string;
  digits: 'arab' | 'latn';
  chatDigest: boolean;
  hijri: boolean;
}

/** '+201001234567' → { countryCode: '+20', phone: '1001234567' }; anything unparsable stays whole. */
export function splitPhone(e164: string): { countryCode: string; phone: string } {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return parsed
    ? { countryCode: `+${parsed.countryCallingCode}`, phone: String(parsed.nationalNumber) }
    : { countryCode: '+20', phone: e164 };
}

export function profileBodyOf(form: DetailsForm): ProfileBody {
  return {
    fname: form.fname.trim(),
    lname: form.lname.trim(),
    phone: phoneOf(form.countryCode, form.phone),
    locale: form.locale,
    timeZone: form.timeZone,
    digits: form.digits,
    chatDigest: form.chatDigest,
    hijri: form.hijri,
  };
}

const checkProfile = schemaResolver(ZProfileBody, { sync: true });
export function validateDetails(form: DetailsForm): FieldErrors<keyof DetailsForm> {
  return topLevelErrors(checkProfile(profileBodyOf(form)));
}

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}
export const PASSWORD_MISMATCH = 'passwordMismatch';
const checkPassword = schemaResolver(ZPasswordChangeBody, { sync: true });
export function validatePassword(form: PasswordForm): FieldErrors<keyof PasswordForm> {
  const body: PasswordBody = { currentPassword: form.currentPassword, newPassword: form.newPassword };
  const errors: FieldErrors<keyof PasswordForm> = topLevelErrors(checkPassword(body));
  return form.newPassword && form.confirm !== form.newPassword ? { ...errors, confirm: PASSWORD_MISMATCH } : errors;
}

export interface InstitutionForm {
  name: string;
  address: string;
  country: string;
  city: string;
  postalCode: string;
  countryCode: string;
  phone: string;
}

export function institutionBodyOf(form: InstitutionForm): InstitutionBody {
  return {
    name: form.name.trim(),
    address: form.address.trim(),
    country: form.country,
    city: form.city.trim(),
    postalCode: form.postalCode.trim(),
    phone: phoneOf(form.countryCode, form.phone),
  };
}
const checkInstitution = schemaResolver(ZInstitutionBody, { sync: true });
export function validateInstitution(form: InstitutionForm): FieldErrors<keyof InstitutionForm> {
  return topLevelErrors(checkInstitution(institutionBodyOf(form)));
}
