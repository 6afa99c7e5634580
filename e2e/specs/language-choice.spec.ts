/**
 * Issue 26, settings that keep the reader's choice: the profile form follows the language the header's toggle sets
 * (its Save never flips the page back), and a language chosen on the login page survives the sign-in and becomes the
 * profile's.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { DEMO_PASSWORD } from '../lib/constants.ts';
import { api, expectLanguage, screenshot, setLanguage, signInByApi } from '../lib/helpers.ts';

// Huda, a member of the demo institution whose profile is Arabic; no other spec signs in as her.
const HUDA = 'huda@demo.test';

test('toggling the language on the profile page, then saving, keeps the chosen language', async ({ page }) => {
  await signInByApi(page, HUDA);
  await page.goto('/dashbord/profile');
  const save = page.locator('section[aria-labelledby="profile-details"]').getByRole('button', { name: 'حفظ' });
  await expect(save).toBeVisible();

  await page.getByTestId('language-toggle').click();
  await expectLanguage(page, 'en');
  const details = page.locator('section[aria-labelledby="profile-details"]');
  // The form shows the live language and the live digits, not those it was opened with.
  await expect(details.getByLabel('Language', { exact: true })).toHaveValue('English');
  await expect(page.getByTestId('profile-digits')).toHaveValue(/Latin/);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() === 'PUT');
  // The saved user makes the dashboard read its account data again, whose profile language it then applies.
  const reread = page.waitForResponse((r) => r.url().endsWith('/api/user/info'));
  await details.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await reread;
  await expectLanguage(page, 'en');
  await screenshot(page, 'language-choice-profile-saved-en');
  const { json } = await api<{ info: { locale: string; digits: string | null } }>(page, 'GET', '/api/user/info');
  expect(json.info.locale).toBe('en');
  expect(json.info.digits ?? 'latn').toBe('latn');

  // And back: the same in the other direction, after a reload (the profile's language, English, opens the page).
  await page.reload();
  await expectLanguage(page, 'en');
  await page.getByTestId('language-toggle').click();
  await expectLanguage(page, 'ar');
  await expect(details.getByLabel('اللغة', { exact: true })).toHaveValue('العربية');
  const savedBack = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() === 'PUT');
  const rereadBack = page.waitForResponse((r) => r.url().endsWith('/api/user/info'));
  await details.getByRole('button', { name: 'حفظ' }).click();
  expect((await savedBack).status()).toBe(200);
  await rereadBack;
  await expectLanguage(page, 'ar');
  expect((await api<{ info: { locale: string } }>(page, 'GET', '/api/user/info')).json.info.locale).toBe('ar');
});

test('English chosen on /login, then signing in as an Arabic-profile user: English, and the profile says English', async ({
  page,
  newPage,
}) => {
  // Her profile is Arabic (set through another browser, as the last device she used left it).
  const other = await newPage();
  await signInByApi(other, HUDA);
  expect((await api(other, 'PUT', '/api/profile/locale', { locale: 'ar' })).status).toBe(200);

  await page.goto('/login');
  await page.locator('form input[type="email"]').waitFor();
  await expectLanguage(page, 'ar');
  await setLanguage(page, 'en');
  await page.getByLabel('E-mail').fill(HUDA);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashbord/meeting');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expectLanguage(page, 'en');
  const { json } = await api<{ info: { locale: string } }>(page, 'GET', '/api/user/info');
  expect(json.info.locale).toBe('en');
  await page.goto('/dashbord/profile');
  await expect(
    page.locator('section[aria-labelledby="profile-details"]').getByLabel('Language', { exact: true }),
  ).toHaveValue('English');
  await expectLanguage(page, 'en');
  await screenshot(page, 'language-choice-login-en');
});
