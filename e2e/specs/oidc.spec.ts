import type { Page } from '@playwright/test';
import { type Idp, startIdp } from '../../apps/bff/test/oidc-idp.ts';
import { expect, test } from '../fixtures.ts';
import { ar } from '../lib/catalog.ts';
import { api, expectAccessible, screenshot, signInByApi } from '../lib/helpers.ts';

/**
 * Issue 30: the institution's own OpenID Connect provider — the real `oidc-provider` run in this spec. The owner
 * configures it on the profile page (a wrong issuer or secret is told clearly, in both languages); a new person finds
 * the institution on /login by its short name, signs in at the provider, lands in the institution as a member, and is
 * signed out when the owner deactivates them. Screenshots at 360 and 1366 px in Arabic and English.
 */
let idp: Idp;
/** The stack's PUBLIC_URL is its default, http://localhost:<port>: the address the provider sends people back to. */
let site: string;

test.beforeAll(async ({ baseURL }) => {
  site = (baseURL as string).replace('127.0.0.1', 'localhost');
  idp = await startIdp({ redirectUris: [`${site}/api/auth/oidc/callback`] });
});
test.afterAll(async () => {
  await idp?.close();
});

/** The profile's language (what the dashboard's toggle saves), and the page again in it. */
async function speak(page: Page, locale: 'ar' | 'en') {
  expect((await api(page, 'PUT', '/api/profile/locale', { locale })).status).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(card(page)).toBeVisible();
}

const card = (page: Page) => page.locator('section[aria-labelledby="profile-sso"]');

/** The owner's settings for this worker's provider, saved as the owner's form does (signed in as the owner). */
async function configure(owner: Page) {
  await signInByApi(owner, 'owner@demo.test');
  const settings = {
    shortName: 'e2e-uni',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    passwordsAllowed: true,
    defaultRole: 'member',
  };
  expect((await api(owner, 'PUT', '/api/account/sso', settings)).status).toBe(200);
}

async function fillSettings(page: Page, values: { issuer: string; secret: string }, arabic: boolean) {
  const label = (en: string) => (arabic ? ar(en) : en);
  const form = card(page);
  await form.getByRole('textbox', { name: label('Short name') }).fill('e2e-uni');
  await form.getByRole('textbox', { name: label('Issuer address') }).fill(values.issuer);
  await form.getByRole('textbox', { name: label('Client ID') }).fill(idp.clientId);
  await form.getByLabel(label('Client secret')).fill(values.secret);
}

test('the owner configures the provider: a wrong issuer or secret is told clearly, in Arabic and English', async ({
  newPage,
}) => {
  // Four page loads, two languages and two widths on a shared two-core machine.
  test.setTimeout(180_000);
  const owner = await newPage({ viewport: { width: 1366, height: 900 } });
  await signInByApi(owner, 'owner@demo.test', undefined, { landing: '/dashbord/profile' });
  await expect(card(owner)).toBeVisible();
  const save = card(owner).getByRole('button', { name: ar('Save') });
  await fillSettings(owner, { issuer: `${idp.issuer}/wrong`, secret: idp.clientSecret }, true);
  await save.click();
  await expect(card(owner).getByRole('alert')).toContainText('لا يوجد مزوّد OpenID Connect يستجيب');
  await fillSettings(owner, { issuer: idp.issuer, secret: 'not-the-secret' }, true);
  await card(owner)
    .getByRole('button', { name: ar('Test connection') })
    .click();
  await expect(card(owner).getByRole('alert')).toContainText('رفض المزوّد معرّف العميل أو السرّ');
  await card(owner).scrollIntoViewIfNeeded();
  await screenshot(owner, 'oidc-settings-error-ar-1366');

  await speak(owner, 'en');
  await fillSettings(owner, { issuer: idp.issuer, secret: 'still-not-it' }, false);
  await card(owner).getByRole('button', { name: 'Test connection' }).click();
  await expect(card(owner).getByRole('alert')).toContainText('The provider refused this client ID or secret');

  await fillSettings(owner, { issuer: idp.issuer, secret: idp.clientSecret }, false);
  await card(owner).getByRole('button', { name: 'Test connection' }).click();
  await expect(card(owner).getByRole('status')).toContainText('accepted the client ID and secret');
  await card(owner).getByRole('button', { name: 'Save' }).click();
  await expect(card(owner).getByLabel('Client secret')).toHaveValue('');
  // The back-channel logout address the owner registers at the provider, beside the redirect address.
  await expect(card(owner).getByTestId('sso-logout-uri')).toContainText('/api/auth/oidc/backchannel-logout/');
  await expectAccessible(owner, 'profile with the provider settings');
  await owner.setViewportSize({ width: 360, height: 780 });
  await card(owner).scrollIntoViewIfNeeded();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(owner, 'oidc-settings-en-360');
  await speak(owner, 'ar');
  await card(owner).scrollIntoViewIfNeeded();
  await screenshot(owner, 'oidc-settings-ar-360');
});

test('a new person signs in through the provider, lands as a member, and is signed out when deactivated', async ({
  newPage,
}) => {
  test.setTimeout(180_000);
  // This worker's provider (a worker started again after a failure has a new one): saved as the owner's form does.
  const owner = await newPage();
  await configure(owner);
  idp.users.set('salma', {
    email: 'salma@e2e-uni.example',
    email_verified: true,
    given_name: 'Salma',
    family_name: 'Adel',
  });
  const member = await newPage({ viewport: { width: 360, height: 780 } });
  // At the site's public address, where the sign-in's state cookie and the provider's return meet.
  await member.goto(`${site}/login`);
  // The block is one button in the page's first load; its form comes as its own chunk when asked for.
  await member.getByRole('button', { name: ar('Sign in with your institution') }).click();
  const find = member.getByRole('textbox', { name: ar("Your institution's e-mail or short name") });
  await find.fill('e2e-uni');
  await member.getByRole('button', { name: ar('Find') }).click();
  const go = member.getByRole('link', { name: /Demo|مؤسسة|تسجيل الدخول عبر/ });
  await expect(go).toBeVisible();
  expect(await member.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(member, 'oidc-login-ar-360');
  await go.click();
  // The provider's own page.
  await member.getByLabel('Account').fill('salma');
  await member.getByRole('button', { name: 'Continue' }).click();
  await member.waitForURL('**/dashbord/meeting');
  // Signed in as the provider named her (at 360 px the sidebar is a drawer; the header shows who is signed in).
  await expect(member.getByRole('banner').getByRole('button', { name: /Salma Adel/ })).toBeVisible();
  await screenshot(member, 'oidc-signed-in-ar-360');
  const info = await api<{ info: { id: string; email: string } }>(member, 'GET', '/api/user/info');
  expect(info.json.info.email).toBe('salma@e2e-uni.example');
  const type = await api<{ type: string; role?: string }>(member, 'GET', '/api/account/type');
  expect(JSON.stringify(type.json)).toContain('inst');

  const off = await api(owner, 'PUT', `/api/users/${info.json.info.id}/status`, { active: false });
  expect(off.status).toBe(200);
  await expect.poll(async () => (await api(member, 'GET', '/api/user/info')).status).toBe(401);
  await member.goto(`${site}/dashbord/meeting`);
  await expect(member).toHaveURL(/\/login|\/$/);
  // Deactivation in Majlis wins over the provider: signing in again is refused with the reason.
  await member.goto(`${site}/login`);
  await member.getByRole('button', { name: ar('Sign in with your institution') }).click();
  await member.getByRole('textbox', { name: ar("Your institution's e-mail or short name") }).fill('e2e-uni');
  await member.getByRole('button', { name: ar('Find') }).click();
  await member.getByRole('link', { name: /تسجيل الدخول عبر/ }).click();
  await expect(member).toHaveURL(/sso=MEMBERSHIP_INACTIVE/);
  await expect(member.getByRole('alert')).toContainText(
    ar('Your access to this institution was deactivated. Contact its owner or officials'),
  );
  await screenshot(member, 'oidc-login-refused-ar-360');
});

test('the institution’s block on /login opens on demand, in Arabic and English, at 1366 and 360 px', async ({
  newPage,
  browser,
}) => {
  test.setTimeout(120_000);
  await configure(await newPage());
  for (const language of ['ar', 'en'] as const) {
    const label = (en: string) => (language === 'ar' ? ar(en) : en);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: 'MajlisLang', value: language === 'ar' ? 'Ar' : 'En', url: site }]);
    const page = await context.newPage();
    await page.goto(`${site}/login`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // The cookie banner, fixed at the bottom, would lie over the block in the full-page pictures.
    await page
      .getByTestId('cookie-banner')
      .getByRole('button', { name: label('I decline') })
      .click();
    // Closed, it is one button: its form is not in the page until asked for.
    await expect(page.getByRole('textbox', { name: label("Your institution's e-mail or short name") })).toHaveCount(0);
    await page.getByRole('button', { name: label('Sign in with your institution') }).click();
    const find = page.getByRole('textbox', { name: label("Your institution's e-mail or short name") });
    await expect(find).toBeFocused();
    await find.fill('e2e-uni');
    await page.getByRole('button', { name: label('Find') }).click();
    const go = page.getByRole('link', {
      name: label('Sign in with <0>{0}</0>').replace('<0>{0}</0>', 'مؤسسة مجلس التجريبية'),
    });
    await expect(go).toHaveAttribute('href', '/api/auth/oidc/start?institution=e2e-uni');
    await expectAccessible(page, `/login with the institution's block, ${language}`);
    await screenshot(page, `oidc-login-open-${language}-1366`);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `oidc-login-open-${language}-360`);
    await context.close();
  }
});
