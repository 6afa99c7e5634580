import { ZAddUserBody, ZUpdateUserBody } from '@majlis/contracts/users';
import { schemaResolver } from '@mantine/form';
import { type FieldErrors, topLevelErrors } from '../../lib/field-errors.ts';
import { phoneOf } from '../auth/new-password-validation.ts';
import type { AddUserBody, UpdateUserBody } from './api.ts';
import type { UserForm } from './user-form.ts';

/**
 * The add and edit forms on the schemas POST and PUT /api/users validate with: field messages are server catalog ids
 * ('field.fname' …). Loaded when a dialog opens (user-form.ts): the contract carries the common-password
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

export function updateBodyOf(form: UserForm, canChangeRole: boolean): UpdateUserBody {
  return {
    fname: form.fname.trim(),
    lname: form.lname.trim(),
    phone: phoneOf(form.countryCode, form.phone),
    ...(canChangeRole ? { role: form.role as UpdateUserBody['role'] } : {}),
  };
}

const checkAdd = schemaResolver(ZAddUserBody, { sync: true });
const checkUpdate = schemaResolver(ZUpdateUserBody, { sync: true });

/** Spec §5: enter first name, enter last name, enter e-mail, a phone with its country code, a role; a password. */
export function validateAddUser(form: UserForm): UserErrors {
  return topLevelErrors(checkAdd(addBodyOf(form)));
}

export function validateEditUser(form: UserForm, canChangeRole: boolean): UserErrors {
  return topLevelErrors(checkUpdate(updateBodyOf(form, canChangeRole)));
}
