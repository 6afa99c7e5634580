import { escapeHtml } from '@majlis/core/notifications/notifications';
import { toAsciiDigits } from '@majlis/i18n';
import type { LanguageCode } from '@majlis/machines';

/**
 * The client's index.html as served for one page route: the sharing tags (og:*, twitter:*, canonical) name this page
 * on PUBLIC_URL, decided when the page is served rather than when the client was built (one build, any address).
 * A shared /join/<number> link previews as "Join meeting 123 456 7890 on Majlis": the number from the link itself,
 * nothing looked up, so a preview tells no more than the link does (not even whether the meeting exists).
 */

const JOIN = /^\/join\/([\d\u0660-\u0669\u06F0-\u06F9 -]{4,40})\/?$/;

/** 10 digits read best as 3 3 4 (as phone numbers are spoken); otherwise groups of three, no group of one. */
export function groupDigits(digits: string): string {
  const groups = digits.match(/\d{1,3}/g) ?? [];
  const last = groups.at(-1);
  if (groups.length > 1 && last && last.length === 1) groups.splice(-2, 2, `${groups.at(-2)}${last}`);
  return groups.join(' ');
}

const AR_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => AR_DIGITS[Number(d)] as string);

interface PageText {
  title: string;
  description: string;
}

function joinText(raw: string): PageText | null {
  const digits = toAsciiDigits(raw).replace(/[\s-]/g, '');
  if (!/^\d{4,20}$/.test(digits)) return null;
  const n = groupDigits(digits);
  return {
    // Arabic first, as the product is; the English half is for readers whose app shows the preview in Latin.
    title: `انضم إلى الاجتماع \u2066${arabicDigits(n)}\u2069 على مجلس | Join meeting ${n} on Majlis`,
    description: `افتح الرابط وأدخل اسمك للانضمام. Open the link and enter your name to join.`,
  };
}

/** Replaces the content of `<meta property|name="key" content="…">` (the tags index.html carries). */
function setMeta(html: string, key: string, value: string): string {
  const pattern = new RegExp(`(<meta (?:property|name)="${key}" content=")[^"]*(")`);
  return html.replace(pattern, `$1${escapeHtml(value)}$2`);
}

/**
 * `<html lang dir>` in the reader's language, decided before the first byte (issue 28) from the MajlisLang cookie as
 * the client decides it (static.ts): an English reader's page no longer starts right to left until its script runs.
 */
function setLanguage(html: string, language: LanguageCode): string {
  const dir = language === 'en' ? 'ltr' : 'rtl';
  // Other attributes of the tag stay (a prerendered page's data-mantine-color-scheme).
  return html.replace(/<html\b[^>]*>/, (tag) => {
    const rest = tag.replace(/^<html|>$/g, '').replace(/\s(?:lang|dir)="[^"]*"/g, '');
    return `<html lang="${language}" dir="${dir}"${rest}>`;
  });
}

/** The digits of a /join/<number> path (ASCII, 4 to 20), null for any other path. */
export function joinNumber(path: string): string | null {
  const raw = JOIN.exec(path)?.[1];
  if (!raw) return null;
  const digits = toAsciiDigits(raw).replace(/[\s-]/g, '');
  return /^\d{4,20}$/.test(digits) ? digits : null;
}

/**
 * The prerendered join shell (issue 28, rendered for `placeholder`: prerendered/pages.json) with the link's number in
 * the name form's number field, in the digits the page shows it in (only digits: nothing to escape).
 */
export function fillJoinNumber(html: string, digits: string, placeholder: string): string {
  return html
    .replaceAll(`value="${placeholder}"`, `value="${digits}"`)
    .replaceAll(`value="${arabicDigits(placeholder)}"`, `value="${arabicDigits(digits)}"`);
}

export function renderPage(template: string, publicUrl: string, path: string, language: LanguageCode = 'ar'): string {
  // The path is the request's own (decoded by Hono): escaped, and only the path (a query may carry a token).
  const url = `${publicUrl}${path}`;
  let html = setLanguage(template.replaceAll('%PUBLIC_URL%', publicUrl), language);
  html = setMeta(html, 'og:url', url);
  html = html.replace(/(<link rel="canonical" href=")[^"]*(")/, `$1${escapeHtml(url)}$2`);
  const match = JOIN.exec(path);
  const text = match?.[1] ? joinText(match[1]) : null;
  if (text) {
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(text.title)}</title>`);
    for (const key of ['og:title', 'twitter:title']) html = setMeta(html, key, text.title);
    for (const key of ['description', 'og:description', 'twitter:description'])
      html = setMeta(html, key, text.description);
  }
  return html;
}
