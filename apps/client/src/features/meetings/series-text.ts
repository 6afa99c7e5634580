import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { describeWeekdays } from '@majlis/contracts/meeting-schedule';
import { formatNumber, intlLocale, joinParts, weekdayNames, weekdayOrder } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';

/**
 * How a series is told (issue 16), the same way in the form's live summary and on the card: its weekdays as runs
 * ("Sun–Thu"), its number of meetings (ICU plural, Arabic's six forms) and its last day ('YYYY-MM-DD', a wall-clock
 * day, so it is formatted as such, in UTC), in the reader's digits.
 */
export function useSeriesText() {
  const { t } = useLingui();
  const language = useLanguage();
  const arabic = language === 'ar';
  const daysOf = (recurrenceDays: readonly number[], width: 'long' | 'short') =>
    describeWeekdays(recurrenceDays, weekdayNames(language, width), {
      order: weekdayOrder(language),
      range: arabic ? ' إلى ' : '–',
      list: arabic ? '، ' : ', ',
    });
  const dayText = (day: string, month: 'long' | 'short') =>
    new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month, timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    );
  const countText = (n: number) => {
    const meetings = formatNumber(language, n);
    return plural(n, { one: `${meetings} meeting`, other: `${meetings} meetings` });
  };
  return {
    /** The form's summary: "every Sunday–Thursday, 20 meetings, until 21 December". */
    summary(recurrenceDays: readonly number[], n: number, lastDay: string) {
      const days = daysOf(recurrenceDays, 'long');
      const count = countText(n);
      const until = dayText(lastDay, 'long');
      return t`Every ${days}, ${count}, until ${until}`;
    },
    /** The card's line: "Sun–Thu — 20 meetings — until 21 Dec". */
    short(recurrenceDays: readonly number[], n: number, lastDay: string | null) {
      const days = daysOf(recurrenceDays, 'short');
      const count = countText(n);
      if (!lastDay) return joinParts([days, count]);
      const until = dayText(lastDay, 'short');
      return t`${days} — ${count} — until ${until}`;
    },
  };
}
