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
