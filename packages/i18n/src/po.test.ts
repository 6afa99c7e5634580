import { describe, expect, it } from 'vitest';
import { parsePo } from './po.ts';

describe('parsePo', () => {
  it('reads ids, multi-line strings, escapes and obsolete entries', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: ar\\n"',
        '',
        '#. comment',
        'msgid "a"',
        'msgstr "أ \\"quoted\\""',
        '',
        'msgid ""',
        '"multi "',
        '"line"',
        'msgstr ""',
        '"سطر\\n"',
        '"ثان"',
        '',
        '#~ msgid "old"',
        '#~ msgstr "قديم"',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { msgid: 'a', msgstr: 'أ "quoted"', obsolete: false },
      { msgid: 'multi line', msgstr: 'سطر\nثان', obsolete: false },
      { msgid: 'old', msgstr: 'قديم', obsolete: true },
    ]);
  });
});
