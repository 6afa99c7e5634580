import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ARTIFACTS, DEMO_PASSWORD, REPO } from './constants.ts';

/** `<html lang dir>` and the body's `En` class follow the language (spec §1). */
export async function expectLanguage(page: Page, language: 'ar' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  const body = expect(page.locator('body'));
  await (language === 'en' ? body : body.not).toHaveClass(/(^|\s)En(\s|$)/);
}

/**
 * Signs in through the form, as a person does. `signInByApi` ends in the same place without the form's page loads,
 * for the specs that are not about signing in.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  // The page's language is known once the form shows: an English reader's catalog loads after the first script
  // (issue 14's first load), and until then <html> still says the default, Arabic.
  await page.locator('form input[type="email"]').waitFor();
  const arabic = (await page.locator('html').getAttribute('lang')) === 'ar';
  await page.getByLabel(arabic ? 'البريد الإلكتروني' : 'E-mail').fill(email);
  await page.getByLabel(arabic ? 'كلمة المرور' : 'Password', { exact: true }).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: arabic ? 'تسجيل الدخول' : 'Sign in' })
    .click();
  await page.waitForURL('**/dashbord/meeting');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // Signed in, the profile's language decides (issue 17): the language the page was in is made the profile's, as the
  // language toggle does, so a walk stays in the language it chose.
  const wanted = arabic ? 'ar' : 'en';
  const { json } = await api<{ info: { locale: string } }>(page, 'GET', '/api/user/info');
  if (json.info.locale !== wanted) {
    await api(page, 'PUT', '/api/profile/locale', { locale: wanted });
    await page.reload();
    await expect(page.getByTestId('sidebar')).toBeVisible();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', wanted);
}

/**
 * Signs in with the request the sign-in form sends (POST /api/login, its CSRF token first), in the page's browser
 * context, and stores the signed-in user where the form's LOGIN puts it; then opens `landing` (the dashboard the form
 * leads to) with the sidebar in, in the language the reader had chosen before (MajlisLang, Arabic by default) made the
 * profile's. The form (`signIn`) costs two page loads and often a reload more.
 */
export async function signInByApi(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  { landing = '/dashbord/meeting' }: { landing?: string } = {},
) {
  const onSite = page.url().startsWith('http');
  // What the client reads first: localStorage (when a page of the site is open), then the cookie.
  const stored =
    (onSite ? await page.evaluate(() => localStorage.getItem('MajlisLang')) : null) ??
    (await page.context().cookies()).find((c) => c.name === 'MajlisLang')?.value;
  const wanted = stored?.toLowerCase() === 'en' ? 'en' : 'ar';
  const { getCsrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { getCsrfToken: string };
  const login = await page.request.post('/api/login', {
    headers: { 'x-csrf-token': getCsrfToken },
    data: { email, password },
  });
  expect(login.status(), `sign-in of ${email}`).toBe(200);
  const { user } = (await login.json()) as { user: unknown };
  // As signIn does, the language the reader was in is made the profile's (issue 17), with the session's own token.
  const info = (await (await page.request.get('/api/user/info')).json()) as { info: { locale: string } };
  if (info.info.locale !== wanted) {
    const token = (await (await page.request.get('/api/csrf-token')).json()) as { getCsrfToken: string };
    const saved = await page.request.put('/api/profile/locale', {
      headers: { 'x-csrf-token': token.getCsrfToken },
      data: { locale: wanted },
    });
    expect(saved.status(), `the profile language of ${email}`).toBe(200);
  }
  // The client starts signed in from the stored user (session.tsx); a JSON answer of the site is where to write it.
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('user', value), JSON.stringify(user));
  await page.goto(landing);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', wanted);
}

export async function setLanguage(page: Page, language: 'ar' | 'en') {
  await page.locator('.lang-menu__button').click();
  await page
    .locator('.lang-menu__list')
    .getByRole('button', { name: language === 'en' ? 'English' : 'العربية' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** A full-page picture for the reader of the run, in e2e/artifacts/<name>.png, once the web fonts are in. */
export async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: serious and critical violations fail the test, with what and where. */
export async function expectAccessible(page: Page, label: string) {
  // The pointer rests on the page's heading, not on whatever the last click left it over: axe reads the styles as they
  // are, and a hovered button (a light variant darkens on hover) is not how the page reads.
  const heading = await page
    .locator('h1')
    .first()
    .boundingBox({ timeout: 1_000 })
    .catch(() => null);
  if (heading) await page.mouse.move(heading.x + 1, heading.y + 1);
  // Evaluated over the DevTools protocol: an inline <script> (addScriptTag) is refused by our CSP (script-src 'self').
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{
            violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} at ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** An /api call from the page, with its session and CSRF token, as the client makes it. */
export async function api<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const r = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: await r.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/**
 * Buys a month of a room through the embedded sandbox with the API the billing page uses (a new room is unpaid and
 * starts nothing until bought; the billing spec walks the same purchase through the pages).
 */
export async function buyRoom(page: Page, roomId: string) {
  const order = await api<{ redirectUrl: string }>(page, 'POST', '/api/billing/checkout', {
    clientKey: `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    purchase: { kind: 'renewal', roomId, period: 'monthly', currency: 'EGP' },
  });
  if (order.status !== 200) throw new Error(`checkout refused (${order.status})`);
  const ref = order.json.redirectUrl.split('/').pop();
  const paid = await api(page, 'POST', `/api/billing/sandbox/${ref}`, { outcome: 'success', method: 'card' });
  if (paid.status !== 200) throw new Error(`sandbox payment refused (${paid.status})`);
}
