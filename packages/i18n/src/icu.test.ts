import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { argumentsOf, missingPluralCases } from './icu.ts';

describe('ICU helpers', () => {
  it('lists every argument with its uses, inside plural cases too', () => {
    const message = compileMessageOrThrow(
      '{name}: {n, plural, one {# {unit}} other {# {unit}s}} <a href="{link}">x</a>',
    );
    expect(argumentsOf(message)).toEqual(
      new Map([
        ['name', new Set([''])],
        ['n', new Set(['plural'])],
        ['unit', new Set([''])],
        ['link', new Set([''])],
      ]),
    );
  });

  it('finds the plural categories a language needs and a message leaves out; =N covers its category', () => {
    const english = compileMessageOrThrow('{n, plural, one {# day} other {# days}}');
    expect(missingPluralCases(english, 'en-GB')).toEqual([]);
    expect(missingPluralCases(english, 'ar-EG').sort()).toEqual(['n: few', 'n: many', 'n: two', 'n: zero']);
    const exact = compileMessageOrThrow(
      '{n, plural, =0 {لا} one {يوم} two {يومان} few {أيام} many {يومًا} other {يوم}}',
    );
    expect(missingPluralCases(exact, 'ar-EG')).toEqual([]);
    const nested = compileMessageOrThrow('{a, select, x {{n, plural, other {#}}} other {-}}');
    expect(missingPluralCases(nested, 'en-GB')).toEqual(['n: one']);
  });

  it('a broken message does not compile', () => {
    expect(() => compileMessageOrThrow('{n, plural, one {# day}')).toThrow();
    expect(() => compileMessageOrThrow("it's {fine}")).not.toThrow();
  });
});
