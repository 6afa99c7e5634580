import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { api, signIn } from '../lib/helpers.ts';

/**
 * Issue 26: Arabic that reads right. Every public and dashboard route, in Arabic, with Arabic-Indic and with Latin
 * digits, signed out and as the owner and a member, read at 1366 and at 360 px (one load per route and combination,
 * the width changed in place), and checked in the page:
 * - no "·" or "." beside an Arabic-Indic digit (both read as the Arabic zero "٠");
 * - no two digit styles inside one element's text;
 * - no run of Latin letters in Arabic text but product and provider names, e-mail addresses and URLs;
 * - no IANA zone id ("Africa/Cairo") shown to a reader.
 */

type Digits = 'arab' | 'latn';

const PUBLIC = [
  '/',
  '/home/whoarewe',
  '/home/conditions',
  '/home/privacy',
  '/home/contact',
  '/home/pricing',
  '/login',
  '/register',
  '/password/forgot',
  '/join',
  '/no-such-page',
];

const DASHBOARD = [
  '/dashbord/meeting',
  '/dashbord/calender',
  '/dashbord/recordings',
  '/dashbord/profile',
  '/dashbord/roomManagement',
  '/dashbord/billing',
  '/dashbord/userManagement',
  '/dashbord/teamsManagement',
  '/dashbord/reports/meetings_reports',
  '/dashbord/roomReports',
];

/** Names that stay in their own letters in Arabic text: the product's providers and file kinds. */
const ALLOWED_LATIN = [
  'BigBlueButton',
  'Zoom',
  'Jitsi',
  'Meet',
  'WhatsApp',
  'SMS',
  'SMTP',
  'Paymob',
  'Fawry',
  'Stripe',
  'PayPal',
  'Visa',
  'Mastercard',
  'Meeza',
  'Vodafone',
  'Cash',
  'InstaPay',
  'PDF',
  'CSV',
  'ICS',
  'JSON',
  'PNG',
  'JPG',
  'JPEG',
  'Google',
  'Outlook',
  'Apple',
  'iCal',
];

interface Finding {
  rule: string;
  text: string;
  where: string;
}

/** Runs in the page: every visible text, by element, against the four rules. */
function findProblems(allowed: string[]): Finding[] {
  const ARAB = /[\u0660-\u0669]/;
  const LATN = /[0-9]/;
  const GLUE = '[\\s\\u200e\\u200f\\u061c\\u2066-\\u2069]*';
  const dotBeside = new RegExp(`[·.]${GLUE}[\\u0660-\\u0669]|[\\u0660-\\u0669]${GLUE}[·.]`);
  const iana =
    /\b(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z_]+(?:\/[A-Za-z_]+)?/;
  const strip = (s: string) =>
    s
      .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ') // e-mail addresses
      .replace(/\bhttps?:\/\/\S+/g, ' ') // URLs
      .replace(/\b[\w-]+(?:\.[\w-]+)*\.(?:com|test|net|org|eg|sa|io)(?:\/\S*)?/g, ' '); // host names
  const PHRASING = new Set([
    'SPAN',
    'B',
    'I',
    'EM',
    'STRONG',
    'BDI',
    'BDO',
    'A',
    'TIME',
    'SMALL',
    'SUP',
    'SUB',
    'ABBR',
    'CODE',
    'KBD',
    'MARK',
    'Q',
    'S',
    'U',
    'BR',
    'WBR',
    'DATA',
  ]);
  const whereIs = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && parts.length < 4; e = e.parentElement) {
      const id = e.getAttribute('data-testid');
      parts.push(id ? `${e.tagName.toLowerCase()}[data-testid=${id}]` : e.tagName.toLowerCase());
    }
    return parts.join(' < ');
  };
  const visible = (el: Element) =>
    (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) ?? true;

  const found: Finding[] = [];
  const seen = new Set<string>();
  const report = (rule: string, text: string, el: Element) => {
    const key = `${rule}|${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ rule, text: text.trim().slice(0, 160), where: whereIs(el) });
  };
  const arabicPage = document.documentElement.lang === 'ar';

  const check = (el: Element, text: string) => {
    if (!text.trim()) return;
    const lines = text.split('\n');
    for (const line of lines) {
      if (dotBeside.test(line)) report('a "·" or "." beside an Arabic-Indic digit', line, el);
      const plain = strip(line);
      if (ARAB.test(plain) && LATN.test(plain)) report('two digit styles in one element', line, el);
      const zone = line.match(iana);
      if (zone) report('an IANA zone id shown', zone[0], el);
      if (arabicPage && /[\u0600-\u06FF]/.test(plain)) {
        for (const run of plain.match(/[A-Za-z][A-Za-z’'-]*/g) ?? []) {
          if (!allowed.includes(run)) report(`Latin letters "${run}" in Arabic text`, line, el);
        }
      }
    }
  };

  const all = document.body.querySelectorAll('*');
  for (const el of all) {
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG'].includes(el.tagName.toUpperCase())) continue;
    if (el.closest('svg, [data-typography-skip]')) continue;
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('');
    const fields = el instanceof HTMLInputElement && el.type !== 'hidden' && el.type !== 'password';
    if (!own.trim() && !fields) continue;
    if (!visible(el)) continue;
    if (fields) {
      const input = el as HTMLInputElement;
      check(el, input.value);
      check(el, input.placeholder);
      continue;
    }
    // A line of inline pieces is read as one; a block with inner blocks by its own words only.
    const inline = [...el.querySelectorAll('*')].every((c) => PHRASING.has(c.tagName.toUpperCase()));
    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (line breaks between blocks, hidden parts left out) is what a reader sees.
    check(el, inline ? (el as HTMLElement).innerText : own);
  }
  // A zone id anywhere a reader sees it: an option of a list, a title.
  for (const el of document.querySelectorAll('option, [title], [aria-label]')) {
    const text = `${el.textContent ?? ''} ${el.getAttribute('title') ?? ''} ${el.getAttribute('aria-label') ?? ''}`;
    const zone = text.match(iana);
    if (zone) report('an IANA zone id shown', zone[0], el);
  }
  return found;
}

/** The page has settled: no loader, no skeleton, the network quiet (or 4 s passed: sockets keep it busy). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 4000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]'),
      null,
      {
        timeout: 5000,
      },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

async function walk(page: Page, routes: string[], label: string): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(route);
    await settle(page);
    for (const width of [1366, 360]) {
      if (width === 360) {
        await page.setViewportSize({ width: 360, height: 780 });
        await page.waitForFunction(() => window.innerWidth === 360);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      }
      for (const f of await page.evaluate(findProblems, ALLOWED_LATIN)) {
        problems.push(`${label} ${route} @${width}: ${f.rule}: «${f.text}» (${f.where})`);
      }
    }
  }
  return [...new Set(problems)];
}

/** The profile's digit style, saved as the profile form saves it. */
async function chooseDigits(page: Page, digits: Digits) {
  const { json } = await api<{ info: Record<string, unknown> }>(page, 'GET', '/api/user/info');
  const { fname, lname, phone, locale, timeZone } = json.info;
  const saved = await api(page, 'PUT', '/api/profile', { fname, lname, phone, locale, timeZone, digits });
  expect(saved.status, 'the profile saved').toBe(200);
}

for (const digits of ['arab', 'latn'] as const) {
  test(`signed out, Arabic with ${digits} digits: every public page reads right`, async ({ page }) => {
    await page.addInitScript((d) => localStorage.setItem('MajlisDigits', d), digits);
    const problems = await walk(page, PUBLIC, `signed out/${digits}`);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  for (const who of ['owner', 'member'] as const) {
    test(`as the ${who}, Arabic with ${digits} digits: every dashboard page reads right`, async ({ page }) => {
      test.setTimeout(150_000);
      await signIn(page, `${who}@demo.test`);
      await chooseDigits(page, digits);
      const meetings = await api<{ results: Array<{ number: string }> }>(page, 'GET', '/api/meetings?tab=upcoming');
      const number = meetings.json.results?.[0]?.number;
      const routes = number ? [...DASHBOARD, `/join/${number}`] : DASHBOARD;
      const problems = await walk(page, routes, `${who}/${digits}`);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
