import type { Page } from 'playwright-core';
import { test } from '../lib/harness.ts';
import { assert, setLanguage, signIn } from '../lib/helpers.ts';

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
  newPage,
}) => {
  const page = await newPage();
  const violations = await watchCsp(page);
  const expectNone = async (where: string) => assert.deepEqual(await violations(), [], `CSP violations on ${where}`);

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  for (const directive of ["script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]) {
    assert.ok(policy.includes(directive), `index.html carries ${directive}: ${policy}`);
  }
  assert.ok(!/script-src[^;]*'unsafe-(inline|eval)'/.test(policy), policy);
  await page.waitForLoadState('networkidle');
  await expectNone('home');
  await setLanguage(page, 'en');
  await expectNone('home in English');

  await signIn(page, 'owner@demo.test');
  await page.waitForLoadState('networkidle');
  await expectNone('login and the dashboard');

  await page.getByTestId('chat-toggle').click();
  await page.getByTestId('chat-panel').waitFor();
  await page.getByTestId('notifications-button').click();
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  await page.keyboard.press('Escape');
  await expectNone('chat and notifications');

  await page.goto('/dashbord/calender');
  await page.waitForLoadState('networkidle');
  await page.getByTestId('sidebar').waitFor();
  await expectNone('calendar');

  // The policy holds: an inline script is refused, and the refusal is what the watcher sees.
  await page.addScriptTag({ content: 'window.__inlineRan = true' }).catch(() => {});
  assert.equal(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan), undefined);
  assert.match((await violations()).join('\n'), /script-src/);
});
