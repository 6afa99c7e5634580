import type { Locale } from './locales.ts';

/**
 * One term per concept (issue 26): packages/i18n/glossary.json names, for each concept and language, the term the
 * catalogs use and the variants they must not. `npm run i18n:check` reports every translation that uses a variant.
 */
export interface GlossaryTerm {
  use: string;
  avoid: string[];
}
export interface GlossaryConcept {
  concept: string;
  ar: GlossaryTerm;
  en: GlossaryTerm;
}
export interface Glossary {
  concepts: GlossaryConcept[];
}

/** One catalog's translations: the file it came from (for the report), its language, and its messages. */
export interface CatalogText {
  file: string;
  locale: Locale;
  messages: { msgid: string; msgstr: string }[];
}

/** Placeholders, tags, addresses and links are not words of the language: `{email}`, `<0>`, `a@b.c`, URLs. */
const NOT_TEXT = /\{\w+\}|<\/?\d+>|https?:\/\/\S+|[\w.+-]+@[\w.-]+\.\w+/g;
const ARABIC = /[\u0600-\u06FF]/;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How a variant is found. A Latin term: as a whole word (letters on neither side), any case, its spaces matching any
 * run of spaces or hyphens. An Arabic term: at a word's start or after a clitic prefix (the article, a conjunction or
 * a preposition glued to the word), with any ending (pronoun suffixes).
 */
export function variantPattern(term: string): RegExp {
  const body = escapeRegExp(term.trim()).replace(/\s+/g, '[\\s-]+');
  return ARABIC.test(term)
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:[وفبكل]?(?:ال|لل)?)${body}`, 'u')
    : new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}

/** Every use of a variant the glossary forbids, as "file: "id" uses "variant" (concept: say "term")". */
export function glossaryProblems(glossary: Glossary, catalogs: CatalogText[]): string[] {
  const problems: string[] = [];
  for (const { concept, ...terms } of glossary.concepts) {
    for (const catalog of catalogs) {
      const term = terms[catalog.locale];
      for (const variant of term.avoid) {
        const pattern = variantPattern(variant);
        for (const { msgid, msgstr } of catalog.messages) {
          if (pattern.test(msgstr.replace(NOT_TEXT, ' ')))
            problems.push(
              `${catalog.file}: "${msgid}" uses "${variant}" (${concept}: say "${term.use}" in ${catalog.locale})`,
            );
        }
      }
    }
  }
  return problems;
}

/** The glossary's shape, checked when it is read: a concept without both languages would check nothing. */
export function parseGlossary(text: string): Glossary {
  const raw = JSON.parse(text) as Partial<Glossary>;
  if (!Array.isArray(raw.concepts)) throw new Error('glossary.json: "concepts" must be a list');
  for (const c of raw.concepts)
    for (const l of ['ar', 'en'] as const)
      if (typeof c?.[l]?.use !== 'string' || !Array.isArray(c[l].avoid))
        throw new Error(`glossary.json: "${c?.concept}" needs ${l}.use and ${l}.avoid`);
  return raw as Glossary;
}
