import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ar } from '../lib/catalog.ts';
import { api, screenshot, signInByApi, uniqueEmail } from '../lib/helpers.ts';
import { confirmationLink, register } from '../lib/register.ts';

/**
 * Issue 25, the institution's month, in Arabic on the embedded default (sandbox payments): a newcomer moves to an
 * institution (its first month comes with the move) and adds an admin; the month is then made to have ended 8 days
 * ago (the stack's test-only hook: a browser cannot wait a month), so the administration is read-only. Owner and admin
 * see the banner that says why (the admin: the owner must renew); the owner renews through the sandbox from the
 * banner, and the banner goes. At 1366 and 360 px.
 */

const BANNER = 'institution-month-banner';

async function pictures(page: Page, name: string) {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 780 });
    await expect(page.getByTestId(BANNER)).toBeVisible();
    await screenshot(page, `${name}-${width}`);
  }
}

test('in Arabic: an institution 8 days past its month is read-only, sees why, renews through the sandbox, and the banner goes', async ({
  page,
  mail,
  request,
  newPage,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('inst-owner');
  const adminEmail = uniqueEmail('inst-admin');
  const password = 'Owner-pass-2026!';

  await test.step('registers, moves to an institution and adds an admin', async () => {
    await page.goto('/register');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'أرفض' }).click();
    const local = `11${String(Date.now()).slice(-8)}`;
    await register(page, { first: 'منى', last: 'السيد', email, phone: local, password });
    await page.goto(await confirmationLink(mail, email));
    await page.waitForURL('**/dashbord/meeting');
    // the move, as billing offers it; the page reloads with the institution's powers
    await page.goto('/dashbord/billing');
    await page.getByTestId('transfer-open').click();
    await page.getByTestId('transfer-name').fill('أكاديمية النور');
    await page.getByTestId('transfer-confirm').check();
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-card')).toHaveCount(0);
    // its first month came with the move: billing shows it running
    await expect(page.getByTestId('subscription-card').filter({ hasText: ar('Enterprise account') })).toBeVisible();
    const added = await api(page, 'POST', '/api/users', {
      fname: 'سامي',
      lname: 'فؤاد',
      email: adminEmail,
      phone: '+201001007777',
      role: 'admin',
      mode: 'password',
      password,
    });
    expect(added.status).toBe(201);
    // the month runs: no banner
    await page.goto('/dashbord/userManagement');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId(BANNER)).toHaveCount(0);
  });

  await test.step('8 days past its month: the owner sees the read-only banner, and adding a user is refused', async () => {
    const aged = await request.post('/test/institution-month', { data: { email, daysPastEnd: 8 } });
    expect(aged.status()).toBe(200);
    await page.goto('/dashbord/userManagement');
    const banner = page.getByTestId(BANNER);
    await expect(banner).toHaveAttribute('data-state', 'lapsed');
    await expect(banner).toContainText(ar("Your institution's administration is read-only"));
    await expect(banner.getByRole('link', { name: ar("Renew the institution's month") })).toBeVisible();
    const refused = await api<{ code: string; errorMessage: { ar: string } }>(page, 'POST', '/api/teams', {
      teamName: 'فريق جديد',
    });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('INSTITUTION_LAPSED');
    await pictures(page, 'institution-lapsed-owner-ar');
  });

  await test.step('the admin sees it too, and is told the owner must renew', async () => {
    const adminPage = await newPage();
    await signInByApi(adminPage, adminEmail, password);
    const banner = adminPage.getByTestId(BANNER);
    await expect(banner).toHaveAttribute('data-state', 'lapsed');
    await expect(banner).toContainText(
      ar("Only the institution's owner can renew it: ask them to renew it from Billing."),
    );
    await expect(banner.getByRole('link')).toHaveCount(0);
    await pictures(adminPage, 'institution-lapsed-admin-ar');
    // and in English, the same words from the other catalog
    await adminPage.setViewportSize({ width: 1366, height: 900 });
    await adminPage.getByTestId('language-toggle').click();
    await expect(adminPage.locator('html')).toHaveAttribute('lang', 'en');
    await expect(banner).toContainText("Your institution's administration is read-only");
    await expect(banner).toContainText('ask them to renew it from Billing');
    await pictures(adminPage, 'institution-lapsed-admin-en');
  });

  await test.step('the owner renews from the banner through the sandbox, and the banner goes', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page
      .getByTestId(BANNER)
      .getByRole('link', { name: ar("Renew the institution's month") })
      .click();
    await page.waitForURL('**/dashbord/billing**');
    const dialog = page.getByTestId('checkout');
    await expect(dialog.getByRole('dialog', { name: ar('Renew the enterprise account') })).toBeVisible();
    await expect(dialog.getByTestId('pay')).toBeEnabled();
    await dialog.getByTestId('pay').click();
    await page.waitForURL('**/billing/sandbox/**');
    await page.getByTestId('sandbox-succeed').click();
    await page.waitForURL('**/dashbord/billing/payment/**');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId(BANNER)).toHaveCount(0);
    await page.goto('/dashbord/userManagement');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId(BANNER)).toHaveCount(0);
    expect((await api(page, 'POST', '/api/teams', { teamName: 'فريق جديد' })).status).toBe(201);
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByTestId(BANNER)).toHaveCount(0);
    await screenshot(page, 'institution-renewed-ar-360');
  });
});
