import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CatalogText, glossaryProblems, parseGlossary, variantPattern } from './glossary.ts';
import type { Locale } from './locales.ts';
import { parsePo } from './po.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const glossary = parseGlossary(readFileSync(join(root, 'glossary.json'), 'utf8'));

function catalogs(): CatalogText[] {
  return (['ar', 'en'] as Locale[]).flatMap((locale) =>
    readdirSync(join(root, 'locales', locale))
      .filter((f) => f.endsWith('.po'))
      .map((f) => ({
        file: `${locale}/${f}`,
        locale,
        messages: parsePo(readFileSync(join(root, 'locales', locale, f), 'utf8')).filter((e) => !e.obsolete),
      })),
  );
}

/** Issue 26: one term per concept, as glossary.json says, in both languages' catalogs. */
describe('the glossary check', () => {
  it('passes on the catalogs as they are', () => {
    expect(glossaryProblems(glossary, catalogs())).toEqual([]);
  });

  it.each([
    ['ar', 'أدخل رمز القسيمة', 'قسيمة'],
    ['ar', 'الخصم (قسيمة {code})', 'قسيمة'],
    ['ar', 'ويبقى حسابه في Majlis.', 'Majlis'],
    ['en', 'Enter a voucher', 'voucher'],
    ['en', 'Log out', 'log out'],
    ['en', 'Log-out now', 'log out'],
    ['en', 'Your email address', 'email'],
  ] as const)('fails on a planted variant: %s "%s"', (locale, text, variant) => {
    const planted = catalogs().map((c) =>
      c.locale === locale && c.file.endsWith('messages.po')
        ? { ...c, messages: [...c.messages, { msgid: 'planted', msgstr: text }] }
        : c,
    );
    const problems = glossaryProblems(glossary, planted);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`"planted" uses "${variant}"`);
  });

  it('reads placeholders, tags, addresses and links as no words', () => {
    const text = (msgstr: string): CatalogText[] => [
      { file: 'en/x.po', locale: 'en', messages: [{ msgid: 'x', msgstr }] },
    ];
    expect(glossaryProblems(glossary, text('Sent to {email}'))).toEqual([]);
    expect(glossaryProblems(glossary, text('Open <0>the login page</0>'))).toHaveLength(1);
    expect(glossaryProblems(glossary, text('Write to help@login.example.com or https://example.com/login'))).toEqual(
      [],
    );
    expect(glossaryProblems(glossary, text('Your e-mail address'))).toEqual([]);
  });

  it('matches Latin variants as whole words and Arabic ones after a prefix', () => {
    expect(variantPattern('login').test('Loginless')).toBe(false);
    expect(variantPattern('log out').test('You log  out')).toBe(true);
    expect(variantPattern('قسيمة').test('بالقسيمة')).toBe(true);
    expect(variantPattern('قسيمة').test('مقسيمة')).toBe(false);
  });

  it('refuses a concept without both languages', () => {
    expect(() => parseGlossary('{"concepts":[{"concept":"x","ar":{"use":"س","avoid":[]}}]}')).toThrow(/en\.use/);
  });
});
