/**
 * One date style per context: Intl's 'medium' and 'short' dates are numeric in Arabic ("٢٧‏/١١‏/٢٠٢٦", read
 * "٢٠٢٦/١١/٢٧" right to left) where every other page writes "٢٧ نوفمبر ٢٠٢٦"; they become day, month name and year
 * (English's 'medium' is unchanged: "27 Nov 2026"). A short time goes with them as hour and minute.
 */
export function dateOptions(opts: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormatOptions {
  const { dateStyle, timeStyle, ...rest } = opts;
  if (dateStyle !== 'medium' && dateStyle !== 'short') return opts;
  const time: Intl.DateTimeFormatOptions =
    timeStyle === undefined
      ? {}
      : timeStyle === 'short'
        ? { hour: 'numeric', minute: '2-digit' }
        : { hour: 'numeric', minute: '2-digit', second: '2-digit' };
  return { ...rest, day: 'numeric', month: 'short', year: 'numeric', ...time };
}
