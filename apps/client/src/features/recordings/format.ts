import type { Locale } from '@majlis/i18n';
import { formatNumber, intlLocale } from '../../lib/format.ts';

/** A recording's length in the reader's words and digits: '1 hr, 30 min' / '١ س و٣٠ د' (Intl's own unit names). */
export function formatDuration(locale: Locale, seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    formatNumber(locale, value, { style: 'unit', unit: u, unitDisplay: 'short' });
  const parts = h
    ? [unit(h, 'hour'), ...(m ? [unit(m, 'minute')] : [])]
    : m
      ? [unit(m, 'minute')]
      : [unit(s, 'second')];
  return new Intl.ListFormat(intlLocale(locale), { style: 'narrow', type: 'unit' }).format(parts);
}

/** A file name for the browser's download (the recording's name, without characters file systems refuse). */
export function fileNameOf(name: string, url: string): string {
  const ext = /\.(mp4|m4v|webm|mkv|mov)(?:[?#]|$)/i.exec(url)?.[1] ?? 'mp4';
  const base =
    name
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 120) || 'recording';
  return `${base}.${ext.toLowerCase()}`;
}
