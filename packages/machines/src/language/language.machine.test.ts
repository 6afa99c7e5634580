import { describe, expect, it } from 'vitest';
import { decideLanguage } from './language.machine.ts';

/** Spec §4 and issue 17: the first source given decides (profile, stored, Accept-Language); anything not En is Ar. */
describe('decideLanguage', () => {
  it.each([
    [{}, 'ar'],
    [{ stored: 'En' }, 'en'],
    [{ stored: 'Ar', acceptLanguage: 'en-GB' }, 'ar'],
    [{ stored: 'fr', acceptLanguage: 'en-GB' }, 'ar'],
    [{ stored: '', acceptLanguage: 'en-GB,en;q=0.9' }, 'en'],
    [{ acceptLanguage: 'en' }, 'en'],
    [{ acceptLanguage: 'EN-us' }, 'en'],
    [{ acceptLanguage: 'fr-FR,en;q=0.5' }, 'ar'],
    [{ acceptLanguage: 'english' }, 'ar'],
    [{ profile: 'en', stored: 'Ar', acceptLanguage: 'ar' }, 'en'],
    [{ profile: 'ar', stored: 'En', acceptLanguage: 'en' }, 'ar'],
    [{ profile: null, stored: 'En' }, 'en'],
    [{ profile: 'de', stored: 'En' }, 'ar'],
  ] as const)('%j → %s', (input, expected) => {
    expect(decideLanguage(input)).toBe(expected);
  });
});
