import { describe, expect, it } from 'vitest';
import { formatDateTime, normalizeLocale, toAsciiDigits } from './locales.ts';
import { both, hasMessage, t } from './server.ts';

describe('server messages', () => {
  it('renders both languages with values', () => {
    expect(both('error.RATE_LIMITED', { seconds: 30 })).toEqual({
      ar: 'محاولات كثيرة. انتظر ٣٠ ثانية ثم حاول مرة أخرى',
      en: 'Too many attempts. Wait 30 seconds and try again',
    });
    expect(t('en', 'error.NOT_FOUND')).toBe('Not found');
  });

  it('Arabic takes the plural form of 0, 1, 2, 3-10, 11-99 and 100; English one and other', () => {
    const series = { days: 'الأحد إلى الخميس', until: '٢٤ ديسمبر' };
    const repeats = [0, 1, 2, 3, 11, 100].map((count) => both('meeting.recurring', { count, ...series }).ar);
    expect(repeats).toEqual([
      'يتكرر الأحد إلى الخميس: لا اجتماعات، حتى ٢٤ ديسمبر',
      'يتكرر الأحد إلى الخميس: اجتماع واحد، حتى ٢٤ ديسمبر',
      'يتكرر الأحد إلى الخميس: اجتماعان، حتى ٢٤ ديسمبر',
      'يتكرر الأحد إلى الخميس: ٣ اجتماعات، حتى ٢٤ ديسمبر',
      'يتكرر الأحد إلى الخميس: ١١ اجتماعًا، حتى ٢٤ ديسمبر',
      'يتكرر الأحد إلى الخميس: ١٠٠ اجتماع، حتى ٢٤ ديسمبر',
    ]);
    expect(
      [1, 2].map((count) => t('en', 'meeting.recurring', { count, days: 'Sunday–Thursday', until: '24 Dec' })),
    ).toEqual([
      'repeats Sunday–Thursday: 1 meeting, until 24 Dec',
      'repeats Sunday–Thursday: 2 meetings, until 24 Dec',
    ]);
    expect([1, 2, 3, 11, 100].map((seconds) => t('ar', 'error.RATE_LIMITED', { seconds }))).toEqual([
      'محاولات كثيرة. انتظر ثانية واحدة ثم حاول مرة أخرى',
      'محاولات كثيرة. انتظر ثانيتين ثم حاول مرة أخرى',
      'محاولات كثيرة. انتظر ٣ ثوانٍ ثم حاول مرة أخرى',
      'محاولات كثيرة. انتظر ١١ ثانية ثم حاول مرة أخرى',
      'محاولات كثيرة. انتظر ١٠٠ ثانية ثم حاول مرة أخرى',
    ]);
    expect([1, 2, 5].map((minutes) => both('notif.meeting.reminder.title', { minutes }))).toEqual([
      { ar: 'اجتماع بعد دقيقة واحدة', en: 'Meeting in 1 minute' },
      { ar: 'اجتماع بعد دقيقتين', en: 'Meeting in 2 minutes' },
      { ar: 'اجتماع بعد ٥ دقائق', en: 'Meeting in 5 minutes' },
    ]);
  });

  it('numbers take Arabic-Indic digits without grouping in Arabic, in plurals and number strings too; text stays as given', () => {
    expect(both('storage.used', { percent: 85, total: 1000 })).toEqual({
      ar: 'استخدمت ٨٥٪ من ١٠٠٠ غيغابايت',
      en: 'You have used 85% of 1000 GB',
    });
    expect(t('ar', 'meeting.recurring', { count: 1234, days: 'الأحد', until: '٢٤ ديسمبر' })).toBe(
      'يتكرر الأحد: ١٢٣٤ اجتماعًا، حتى ٢٤ ديسمبر',
    );
    const reminder = { name: 'مراجعة', minutes: 15, number: '0123456789', link: 'https://m.x/j', when: '١٠:٠٠ ص' };
    // Latin fragments (links, numbers, names) are isolated (FSI … PDI) so Arabic punctuation stays in place; the
    // meeting number takes the reader's digits (issue 26: not "0123456789" beside "١٥ دقيقة"), the link stays.
    expect(t('ar', 'mail.reminder.body', reminder)).toBe(
      'يبدأ «\u2068مراجعة\u2069» بعد ١٥ دقيقة، الساعة \u2068١٠:٠٠ ص\u2069.\n\nللانضمام: \u2068https://m.x/j\u2069\nرقم الاجتماع: \u2068٠١٢٣٤٥٦٧٨٩\u2069',
    );
  });

  it("a reader's digit style: Latin digits in Arabic or Arabic-Indic in English, meeting numbers too", () => {
    expect(t('ar', 'storage.used', { percent: 85, total: 1000 }, 'latn')).toBe('استخدمت 85٪ من 1000 غيغابايت');
    expect(t('ar', 'error.PICTURE_TOO_LARGE', {}, 'latn')).toBe('الصورة كبيرة جدًا: اختر صورة أصغر من 1 ميغابايت');
    expect(t('ar', 'error.RATE_LIMITED', { seconds: 3 }, 'latn')).toBe('محاولات كثيرة. انتظر 3 ثوانٍ ثم حاول مرة أخرى');
    expect(t('en', 'error.RATE_LIMITED', { seconds: 30 }, 'arab')).toBe(
      'Too many attempts. Wait ٣٠ seconds and try again',
    );
    const values = { name: 'Q', minutes: 15, number: '5566778899', link: 'https://m.x/join/5566778899' };
    expect(t('ar', 'notif.meeting.invited.message', { ...values, actor: 'Omar' }, 'arab')).toContain(
      'رقم الاجتماع <bdi>٥٥٦٦٧٧٨٨٩٩</bdi>',
    );
    // No style chosen: the language's own, for the number as for every count (the link keeps its digits).
    const unchosen = t('ar', 'notif.meeting.invited.message', { ...values, actor: 'Omar' });
    expect(unchosen).toContain('<bdi>٥٥٦٦٧٧٨٨٩٩</bdi>');
    expect(unchosen).toContain('https://m.x/join/5566778899');
    expect(t('en', 'notif.meeting.invited.message', { ...values, actor: 'Omar' })).toContain('5566778899');
  });

  it('a moment with its time names its zone; a date alone does not', () => {
    const at = new Date('2026-11-24T08:00:00Z');
    expect(formatDateTime('ar', at, 'Africa/Cairo', { dateStyle: undefined, timeStyle: 'short' })).toBe(
      '١٠:٠٠ ص (توقيت مصر)',
    );
    expect(formatDateTime('en', at, 'Asia/Riyadh', { dateStyle: undefined, timeStyle: 'short' }, 'latn')).toBe(
      '11:00 (Saudi Arabia Time)',
    );
    // One date style: a month's name, never the numeric "2026/11/24" of Intl's Arabic 'medium'.
    expect(formatDateTime('ar', at, 'Africa/Cairo', { timeStyle: undefined }, 'latn')).toBe('24 نوفمبر 2026');
    expect(formatDateTime('ar', at, 'Africa/Cairo')).toBe('٢٤ نوفمبر ٢٠٢٦، ١٠:٠٠ ص (توقيت مصر)');
  });

  it('renders HTML bodies and plain messages as written, and an unknown id as the id', () => {
    const values = { name: 'Q&amp;A', minutes: 15, number: '5566778899', link: 'https://m.x/join/5566778899' };
    expect(t('en', 'notif.meeting.reminder.message', values)).toBe(
      'Q&amp;A starts in 15 minutes. Meeting number 5566778899: <a href="https://m.x/join/5566778899">join the meeting</a>.',
    );
    expect(both('error.FORBIDDEN')).toEqual({ ar: 'ليس لديك صلاحية', en: "You don't have permission" });
    expect(t('ar', 'no.such.message', { count: 2 })).toBe('no.such.message');
    expect(hasMessage('meeting.recurring')).toBe(true);
    expect(hasMessage('no.such.message')).toBe(false);
  });

  it('a value is never read as an escape sequence, and a forgotten plain value stays visible', () => {
    expect(t('en', 'mail.contact.subject', { kind: 'C:\\u0041\\x41', name: 'x' })).toBe('New C:\\u0041\\x41 from x');
    expect(t('en', 'mail.contact.subject', { kind: 'note' })).toBe('New note from {name}');
  });

  it('spec §4: anything that is not En becomes Ar', () => {
    expect(['En', 'en', 'en-US'].map(normalizeLocale)).toEqual(['en', 'en', 'en']);
    expect(['Ar', 'fr', '', null, undefined].map(normalizeLocale)).toEqual(['ar', 'ar', 'ar', 'ar', 'ar']);
  });

  it('Arabic-Indic digits become ASCII digits', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });
});
