/**
 * Fails when a message is missing or untranslated in `ar` or `en`:
 * every PO catalog pair must hold the same ids, each with a non-empty translation, and Arabic text must be Arabic.
 * The client catalog is re-extracted from the source first, so a string added in code without a translation fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
let count = 0;
for (const name of names) {
  const read = (l: string) => {
    const file = join(root, 'locales', l, name);
    return existsSync(file) ? parsePo(readFileSync(file, 'utf8')).filter((e) => !e.obsolete) : [];
  };
  const ar = new Map(read('ar').map((e) => [e.msgid, e.msgstr]));
  const en = new Map(read('en').map((e) => [e.msgid, e.msgstr]));
  for (const id of new Set([...ar.keys(), ...en.keys()])) {
    count++;
    const a = ar.get(id);
    const e = en.get(id);
    if (!a) problems.push(`${name}: "${id}" has no Arabic translation`);
    else if (
      !arabic.test(a) &&
      /[A-Za-z]{3}/.test(
        a.replace(
          /\{\w+\}|<\/?\d+>|https?:\S+|[\w.+-]+@[\w.-]+|Majlis|JSON|application\/json|BigBlueButton|Zoom|Jitsi/g,
          '',
        ),
      )
    )
      problems.push(`${name}: "${id}" looks untranslated in Arabic: "${a}"`);
    if (!e) problems.push(`${name}: "${id}" has no English text`);
  }
}

if (problems.length) {
  console.error(`${problems.length} catalog problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`i18n: ${count} messages, each translated in ar and en`);
