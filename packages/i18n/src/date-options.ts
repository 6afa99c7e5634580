const hours = new Map<string, '2-digit' | 'numeric'>();

/**
 * The hour as the locale's own short time writes it: two digits on a 24-hour clock (en-GB "00:21", "07:05", as its
 * timeStyle gives), one where hours run 1–12 (ar-EG "٧:٠٥ ص"). `hour: 'numeric'` alone wrote "0:21" in English.
 */
function hourOf(intl: string | undefined): '2-digit' | 'numeric' {
  if (!intl) return 'numeric';
  let hour = hours.get(intl);
  if (!hour) {
    const cycle = new Intl.DateTimeFormat(intl, { hour: 'numeric' }).resolvedOptions().hourCycle;
    hour = cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric';
    hours.set(intl, hour);
  }
  return hour;
}

/**
 * One date style per context: Intl's 'medium' and 'short' dates are numeric in Arabic ("٢٧‏/١١‏/٢٠٢٦", read
 * "٢٠٢٦/١١/٢٧" right to left) where every other page writes "٢٧ نوفمبر ٢٠٢٦"; they become day, month name and year
 * (English's 'medium' is unchanged: "27 Nov 2026"). A short time goes with them as hour and minute, the hour as
 * the reader's locale (`intl`, as intlLocale gives it) writes it.
 */
export function dateOptions(opts: Intl.DateTimeFormatOptions = {}, intl?: string): Intl.DateTimeFormatOptions {
  const { dateStyle, timeStyle, ...rest } = opts;
  if (dateStyle !== 'medium' && dateStyle !== 'short') return opts;
  const time: Intl.DateTimeFormatOptions =
    timeStyle === undefined
      ? {}
      : timeStyle === 'short'
        ? { hour: hourOf(intl), minute: '2-digit' }
        : { hour: hourOf(intl), minute: '2-digit', second: '2-digit' };
  return { ...rest, day: 'numeric', month: 'short', year: 'numeric', ...time };
}
