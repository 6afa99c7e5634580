import { describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH } from './load-validation.ts';
import {
  phoneOf,
  type RegisterForm,
  registerBodyOf,
  validateRegister,
  validateReset,
} from './new-password-validation.ts';

const valid: RegisterForm = {
  fname: 'سلمى',
  lname: 'حسن',
  email: 'salma@example.test',
  password: 'Long-enough-1',
  confirm: 'Long-enough-1',
  countryCode: '+20',
  phone: '1001234567',
  acceptTerms: true,
  ageConfirmed: true,
};

describe('register validation (spec §5, the contract the BFF validates with)', () => {
  it('accepts a complete form, and sends the E.164 number', () => {
    expect(validateRegister(valid)).toEqual({});
    expect(registerBodyOf(valid)).toMatchObject({ phone: '+201001234567', email: 'salma@example.test' });
  });

  it('names every missing field with the server catalog id', () => {
    const empty = {
      ...valid,
      fname: ' ',
      lname: '',
      email: '',
      password: '',
      confirm: '',
      phone: '',
      acceptTerms: false,
      ageConfirmed: false,
    };
    expect(validateRegister(empty)).toEqual({
      fname: 'field.fname',
      lname: 'field.lname',
      email: 'field.email',
      password: 'field.password',
      phone: 'field.phone',
      acceptTerms: 'field.acceptTerms',
      ageConfirmed: 'field.ageConfirmed',
    });
  });

  it('checks password length, common passwords, the e-mail as password, and the confirmation', () => {
    const withPassword = (password: string, confirm = password) => validateRegister({ ...valid, password, confirm });
    expect(withPassword('short')).toEqual({ password: 'field.passwordShort' });
    expect(withPassword('x'.repeat(129))).toEqual({ password: 'field.passwordLong' });
    expect(withPassword('password123')).toEqual({ password: 'field.passwordCommon' });
    expect(withPassword('salma@example.test')).toEqual({ password: 'field.passwordEmail' });
    expect(withPassword('Long-enough-1', 'other')).toEqual({ confirm: PASSWORD_MISMATCH });
    expect(withPassword('short', 'different')).toEqual({ password: 'field.passwordShort', confirm: PASSWORD_MISMATCH });
    expect(validateReset({ token: 'a-token-from-the-link', password: 'short', confirm: 'short' })).toEqual({
      password: 'field.passwordShort',
    });
  });
});

describe('phone numbers', () => {
  it('puts the chosen country code in front of a national number', () => {
    expect(phoneOf('+20', '010 0123 4567')).toBe('+201001234567');
  });

  it('accepts Arabic-Indic and Persian digits typed anywhere', () => {
    expect(phoneOf('+20', '١٠٠١٢٣٤٥٦٧')).toBe('+201001234567');
    expect(phoneOf('', '+۹۶۶۵۰۱۲۳۴۵۶۷')).toBe('+966501234567');
  });

  it('keeps a number that carries its own code, with + or 00', () => {
    expect(phoneOf('+20', '+966 50 123 4567')).toBe('+966501234567');
    expect(phoneOf('+20', '00966501234567')).toBe('+966501234567');
  });

  it('needs a country code and a valid number', () => {
    expect(validateRegister({ ...valid, countryCode: '', phone: '1001234567' })).toEqual({ phone: 'field.phone' });
    expect(validateRegister({ ...valid, phone: '12' })).toEqual({ phone: 'field.phone' });
  });
});
