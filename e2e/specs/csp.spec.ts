import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { setLanguage, signIn } from '../lib/helpers.ts';

/**
 * Records every Content-Security-Policy violation of the page's documents (the event fires on the document; the init
 * script is injected by the browser itself, not as an inline <script>, so the policy does not stop it).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) console.push(m.text());
  });
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.splice(0))),
    ...console.splice(0),
  ];
}

test('a strict CSP on every page, and the app breaks none of it: home, login, dashboard, chat, calendar', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  const expectNone = async (where: string) => expect(await violations(), `CSP violations on ${where}`).toEqual([]);

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  for (const directive of ["script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]) {
    expect(policy, `index.html carries ${directive}`).toContain(directive);
  }
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  await page.waitForLoadState('networkidle');
  await expectNone('home');
  await setLanguage(page, 'en');
  await expectNone('home in English');

  await signIn(page, 'owner@demo.test');
  await page.waitForLoadState('networkidle');
  await expectNone('login and the dashboard');

  await page.getByTestId('chat-toggle').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await page.getByTestId('notifications-button').click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNone('chat and notifications');

  await page.goto('/dashbord/calender');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expectNone('calendar');

  // The policy holds: an inline script is refused, and the refusal is what the watcher sees.
  await page.addScriptTag({ content: 'window.__inlineRan = true' }).catch(() => {});
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  expect((await violations()).join('\n')).toMatch(/script-src/);
});
