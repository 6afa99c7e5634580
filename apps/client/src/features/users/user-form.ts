/** The add form as typed (a role not chosen yet is ''). */
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
