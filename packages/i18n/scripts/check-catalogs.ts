/**
 * Fails when a message is missing, untranslated or broken in `ar` or `en`:
 * every PO catalog pair must hold the same ids, each with a non-empty translation, and Arabic text must be Arabic;
 * every message must be valid ICU MessageFormat with the same arguments in both languages, and each plural must
 * give every plural category of its language (Arabic: zero, one, two, few, many, other; English: one, other).
 * The client catalog is re-extracted from the source first, so a string added in code without a translation fails.
 * And one term per concept (issue 26): no translation may use a variant glossary.json forbids in its language.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { type CatalogText, glossaryProblems, parseGlossary } from '../src/glossary.ts';
import { argumentsOf, missingPluralCases } from '../src/icu.ts';
import { LOCALE_INFO, type Locale } from '../src/locales.ts';
import { parsePo } from '../src/po.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const repo = join(root, '..', '..');
const problems: string[] = [];

if (!process.argv.includes('--no-extract') && existsSync(join(repo, 'apps/client/lingui.config.ts'))) {
  execFileSync('npx', ['lingui', 'extract', '--clean'], { cwd: join(repo, 'apps/client'), stdio: 'ignore' });
}

const names = new Set(readdirSync(join(root, 'locales/en')).filter((f) => f.endsWith('.po')));
for (const f of readdirSync(join(root, 'locales/ar'))) if (f.endsWith('.po')) names.add(f);

const arabic = /[\u0600-\u06FF]/;
const notWords =
  /\{\w+\}|<\/?\d+>|https?:\S+|[\w.+-]+@[\w.-]+|Majlis|JSON|application\/json|BigBlueButton|Zoom|Jitsi|\b(plural|selectordinal|select|zero|one|two|few|many|other)\b/g;

/** The message compiled, or null after recording why it is not valid ICU. */
function compile(where: string, locale: Locale, text: string): CompiledMessage | null {
  try {
    const message = compileMessageOrThrow(text);
    for (const gap of missingPluralCases(message, LOCALE_INFO[locale].intl))
      problems.push(`${where}: the ${locale} plural of ${gap.replace(': ', ' has no case ')}`);
    return message;
  } catch (err) {
    problems.push(`${where}: ${locale} is not a valid ICU message (${(err as Error).message})`);
    return null;
  }
}

let count = 0;
const catalogs: CatalogText[] = [];
for (const name of names) {
  const read = (l: Locale) => {
    const file = join(root, 'locales', l, name);
    const messages = existsSync(file) ? parsePo(readFileSync(file, 'utf8')).filter((e) => !e.obsolete) : [];
    catalogs.push({ file: `${l}/${name}`, locale: l, messages });
    return messages;
  };
  const ar = new Map(read('ar').map((e) => [e.msgid, e.msgstr]));
  const en = new Map(read('en').map((e) => [e.msgid, e.msgstr]));
  for (const id of new Set([...ar.keys(), ...en.keys()])) {
    count++;
    const where = `${name}: "${id}"`;
    const a = ar.get(id);
    const e = en.get(id);
    if (!a) problems.push(`${where} has no Arabic translation`);
    else if (!arabic.test(a) && /[A-Za-z]{3}/.test(a.replace(notWords, '')))
      problems.push(`${where} looks untranslated in Arabic: "${a}"`);
    if (!e) problems.push(`${where} has no English text`);
    if (!a || !e) continue;
    const argsAr = compile(where, 'ar', a);
    const argsEn = compile(where, 'en', e);
    if (!argsAr || !argsEn) continue;
    const usesAr = argumentsOf(argsAr);
    const usesEn = argumentsOf(argsEn);
    const listAr = [...usesAr.keys()].sort().join(', ');
    const listEn = [...usesEn.keys()].sort().join(', ');
    if (listAr !== listEn) problems.push(`${where} has arguments {${listAr}} in Arabic but {${listEn}} in English`);
    // Server t() gives a counted argument its raw number (for the plural to choose), so elsewhere it must be `#`.
    if (name === 'server.po')
      for (const [locale, uses] of [
        ['ar', usesAr],
        ['en', usesEn],
      ] as const)
        for (const [arg, kinds] of uses)
          if (kinds.has('') && (kinds.has('plural') || kinds.has('selectordinal')))
            problems.push(`${where}: ${locale} uses {${arg}} both in a plural and as a plain value; write # instead`);
  }
}

const glossary = parseGlossary(readFileSync(join(root, 'glossary.json'), 'utf8'));
problems.push(...glossaryProblems(glossary, catalogs));

if (problems.length) {
  console.error(`${problems.length} catalog problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `i18n: ${count} messages, each translated in ar and en, valid ICU with the same arguments, ` +
    `one term for each of the glossary's ${glossary.concepts.length} concepts`,
);
