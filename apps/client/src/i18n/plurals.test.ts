import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plural } from '@lingui/core/macro';
import { parsePo } from '@majlis/i18n/po';
import { afterEach, describe, expect, it } from 'vitest';
import { setReaderPrefs } from '../lib/format.ts';
import { i18n } from './i18n.ts';

const catalog = (locale: 'ar' | 'en') =>
  parsePo(readFileSync(join(__dirname, `../../../../packages/i18n/locales/${locale}/messages.po`), 'utf8'));

/** The room card's counts, as the card writes them (same macro, same variables: the catalog's real messages). */
function roomCounts(n: number) {
  const room = { participants: n, meetingsCount: n };
  const sub = { remainingDays: n };
  const participants = String(n);
  const meetings = String(n);
  const remaining = String(n);
  return [
    plural(room.participants, { one: `${participants} participant`, other: `${participants} participants` }),
    plural(room.meetingsCount, { one: `${meetings} meeting`, other: `${meetings} meetings` }),
    plural(sub.remainingDays, { one: `${remaining} day left`, other: `${remaining} days left` }),
  ];
}

describe('counts in both languages take ICU plurals from the catalogs', () => {
  afterEach(() => {
    setReaderPrefs({ digits: null, timeZone: null });
    i18n.activate('ar');
  });

  it('every Arabic plural has its six forms (zero or =0, one, two, few, many, other)', () => {
    const plurals = catalog('ar').filter((e) => !e.obsolete && /, plural,/.test(e.msgstr));
    expect(plurals.length).toBeGreaterThan(10);
    for (const { msgid, msgstr } of plurals) {
      for (const form of ['one', 'two', 'few', 'many', 'other'])
        expect(msgstr, msgid).toMatch(new RegExp(`\\b${form} \\{`));
      expect(msgstr, msgid).toMatch(/(\bzero|=0) \{/);
    }
  });

  it('no count in the English catalog is written without a plural ("{n} days")', () => {
    const counted =
      /\{\w+\} (participants|meetings|days|members|users|recordings|minutes|hours|sessions|invitations)\b/;
    const bare = catalog('en').filter((e) => !e.obsolete && !/, plural,/.test(e.msgid) && counted.test(e.msgid));
    expect(bare.map((e) => e.msgid)).toEqual([]);
  });

  it('Arabic counts agree with the number: 0, 1, 2, 3, 11 and 100', () => {
    i18n.activate('ar');
    expect([0, 1, 2, 3, 11, 100].map((n) => roomCounts(n)[0])).toEqual([
      'لا مشاركين',
      'مشارك واحد',
      'مشاركان',
      '3 مشاركين',
      '11 مشاركًا',
      '100 مشارك',
    ]);
    expect([0, 1, 2, 3, 11, 100].map((n) => roomCounts(n)[2])).toEqual([
      'لم يبقَ أي يوم',
      'بقي يوم واحد',
      'بقي يومان',
      'بقيت 3 أيام',
      'بقي 11 يومًا',
      'بقي 100 يوم',
    ]);
    expect(roomCounts(11)[1]).toBe('11 اجتماعًا');
  });

  it('English says "1 day", "2 days"', () => {
    i18n.activate('en');
    expect(roomCounts(1)).toEqual(['1 participant', '1 meeting', '1 day left']);
    expect(roomCounts(2)).toEqual(['2 participants', '2 meetings', '2 days left']);
  });
});
