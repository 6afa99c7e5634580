import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePo } from './po.ts';

/**
 * Issue 26: the Arabic catalogs write their own numbers in Arabic-Indic digits ("(حتى ٥٠)", "من ٨ إلى ١٢ رقمًا"), so
 * an Arabic-Indic reader never meets a Latin number in a translation (a Latin reader gets them converted), and no
 * translation puts "·" or "." beside a digit (both read as the Arabic zero). Placeholders and <0> tags are not text.
 */
const text = (msgstr: string) =>
  msgstr
    .replace(/<\/?\d+\/?>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\{[A-Za-z0-9_]+\}/g, ' ')
    .replace(/\{[A-Za-z0-9_]+,\s*(?:plural|select|selectordinal),/g, '{')
    .replace(/=\d+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');

describe.each(['messages.po', 'server.po'])('the Arabic %s', (file) => {
  const entries = parsePo(
    readFileSync(fileURLToPath(new URL(`../locales/ar/${file}`, import.meta.url)), 'utf8'),
  ).filter((e) => !e.obsolete && e.msgstr);

  it('writes its numbers in Arabic-Indic digits', () => {
    const latin = entries.filter((e) => /[0-9]/.test(text(e.msgstr))).map((e) => `${e.msgid}: ${e.msgstr}`);
    expect(latin).toEqual([]);
  });

  it('puts no "·" between pieces, and no "." beside a digit', () => {
    const dotted = entries
      .filter((e) =>
        /·|[.][\s\u2066-\u2069]*[0-9\u0660-\u0669]|[0-9\u0660-\u0669][\s\u2066-\u2069]*[.·]/.test(text(e.msgstr)),
      )
      .map((e) => `${e.msgid}: ${e.msgstr}`);
    expect(dotted).toEqual([]);
  });
});
