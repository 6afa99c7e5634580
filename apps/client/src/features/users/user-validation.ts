import { ZAddUserBody } from '@majlis/contracts/users';
import { schemaResolver } from '@mantine/form';
import { type FieldErrors, topLevelErrors } from '../../lib/field-errors.ts';
import { phoneOf } from '../auth/new-password-validation.ts';
import type { AddUserBody } from './api.ts';
import type { UserForm } from './user-form.ts';

/**
 * The add form on the schema POST /api/users validates with: field messages are server catalog ids
 * ('field.fname' …). Loaded when the dialog opens (load-user-validation.ts): the contract carries the common-password
 * list for the initial password, which the table itself never needs.
 */

export type UserErrors = FieldErrors<keyof UserForm>;

export function addBodyOf(form: UserForm): AddUserBody {
  return {
    fname: form.fname.trim(),
    lname: form.lname.trim(),
    email: form.email.trim(),
    phone: phoneOf(form.countryCode, form.phone),
    role: form.role as AddUserBody['role'],
    mode: form.mode,
    ...(form.mode === 'password' ? { password: form.password } : {}),
  };
}

const checkAdd = schemaResolver(ZAddUserBody, { sync: true });

/** Spec §5: enter first name, enter last name, enter e-mail, a phone with its country code, a role; a password. */
export function validateAddUser(form: UserForm): UserErrors {
  return topLevelErrors(checkAdd(addBodyOf(form)));
}
