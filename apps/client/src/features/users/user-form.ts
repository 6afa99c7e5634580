import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ManagedUser } from './api.ts';

/** The add / edit form as typed (a role not chosen yet is ''). */
export interface UserForm {
  fname: string;
  lname: string;
  email: string;
  /** Calling code chosen beside the number, e.g. '+20'. */
  countryCode: string;
  phone: string;
  role: 'admin' | 'member' | '';
  mode: 'password' | 'invite';
  password: string;
}

export const EMPTY_USER_FORM: UserForm = {
  fname: '',
  lname: '',
  email: '',
  countryCode: '+20',
  phone: '',
  role: '',
  mode: 'invite',
  password: '',
};

/** The form filled from a row: the stored E.164 number split back into its calling code and national number. */
export function userFormOf(user: ManagedUser): UserForm {
  const parsed = parsePhoneNumberFromString(user.phone);
  return {
    ...EMPTY_USER_FORM,
    fname: user.fname,
    lname: user.lname,
    email: user.email,
    countryCode: parsed ? `+${parsed.countryCallingCode}` : '',
    phone: parsed ? parsed.nationalNumber : user.phone,
    role: user.role === 'owner' ? '' : user.role,
  };
}

let loading: Promise<typeof import('./user-validation.ts')> | null = null;

/** The validators with the contract (and its common-password list): started when a dialog opens, awaited on submit. */
export function userValidation(): Promise<typeof import('./user-validation.ts')> {
  loading ??= import('./user-validation.ts').catch((error: unknown) => {
    // A failed download (offline a moment): the next submit tries again.
    loading = null;
    throw error;
  });
  return loading;
}
