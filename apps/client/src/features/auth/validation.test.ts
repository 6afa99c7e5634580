import { describe, expect, it } from 'vitest';
import { type RegisterForm, toE164, validatePassword, validateRegister } from './validation.ts';

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

describe('register validation (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('names every missing field', () => {
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
      fname: 'fname',
      lname: 'lname',
      email: 'email',
      password: 'password',
      phone: 'phone',
      acceptTerms: 'acceptTerms',
      ageConfirmed: 'ageConfirmed',
    });
  });

  it('checks password length and confirmation', () => {
    expect(validatePassword('short', 'short')).toEqual({ password: 'passwordShort' });
    expect(validatePassword('x'.repeat(129), 'x'.repeat(129))).toEqual({ password: 'passwordLong' });
    expect(validatePassword('Long-enough-1', 'other')).toEqual({ confirm: 'passwordMismatch' });
  });
});

describe('phone numbers', () => {
  it('puts the chosen country code in front of a national number', () => {
    expect(toE164('+20', '010 0123 4567')).toEqual({ value: '+201001234567' });
  });

  it('accepts Arabic-Indic and Persian digits typed anywhere', () => {
    expect(toE164('+20', '١٠٠١٢٣٤٥٦٧')).toEqual({ value: '+201001234567' });
    expect(toE164('', '+۹۶۶۵۰۱۲۳۴۵۶۷')).toEqual({ value: '+966501234567' });
  });

  it('keeps a number that carries its own code, with + or 00', () => {
    expect(toE164('+20', '+966 50 123 4567')).toEqual({ value: '+966501234567' });
    expect(toE164('+20', '00966501234567')).toEqual({ value: '+966501234567' });
  });

  it('needs a country code and a valid number', () => {
    expect(toE164('', '1001234567')).toEqual({ error: 'phoneCountry' });
    expect(toE164('+20', '12')).toEqual({ error: 'phoneInvalid' });
  });
});
