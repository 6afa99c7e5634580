import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, DEMO_PASSWORD, REPO } from './harness.ts';

export { assert };

/** Polls until `check` passes (Playwright's auto-waiting, for plain asserts). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function htmlLang(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    bodyEn: document.body.classList.contains('En'),
  }));
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  const arabic = (await htmlLang(page)).lang === 'ar';
  await page.getByLabel(arabic ? 'البريد الإلكتروني' : 'E-mail').fill(email);
  await page.getByLabel(arabic ? 'كلمة المرور' : 'Password', { exact: true }).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: arabic ? 'تسجيل الدخول' : 'Sign in' })
    .click();
  await page.waitForURL('**/dashbord/meeting');
  await page.getByTestId('sidebar').waitFor();
}

export async function setLanguage(page: Page, language: 'ar' | 'en') {
  await page.locator('.lang-menu__button').click();
  await page
    .locator('.lang-menu__list')
    .getByRole('button', { name: language === 'en' ? 'English' : 'العربية' })
    .click();
  await eventually(async () => assert.equal((await htmlLang(page)).lang, language));
}

export async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: serious and critical violations fail the test, with what and where. */
export async function expectAccessible(page: Page, label: string) {
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
  assert.deepEqual(violations, [], `axe on ${label}:\n${violations.join('\n')}`);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}
