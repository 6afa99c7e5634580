/**
 * Issue 16's phone walk: every route at 320, 360, 375 and 414 px, in Arabic and in English, signed out and as each
 * demo role (institution owner, admin, member, individual): no sideways scroll, no control off screen or under
 * 44 × 44 px, axe with no serious or critical finding; the main dialogs too. Pictures at 360 px go to e2e/artifacts.
 */
import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.ts';
import { api, expectAccessible, screenshot, signInByApi } from '../lib/helpers.ts';
import { expectFitsPhones } from '../lib/phone.ts';

const PUBLIC_ROUTES = [
  '/',
  '/home/whoarewe',
  '/home/conditions',
  '/home/privacy',
  '/home/contact',
  '/home/pricing',
  '/join',
  '/join/123456789',
  '/login',
  '/register',
  '/password/forgot',
  '/no/such/page',
];
const DASHBOARD_ROUTES = [
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
const ROLES = ['owner', 'admin', 'member', 'solo'] as const;
// Lets a local run leave out routes while they are being worked on (PHONE_SKIP=/dashbord/calender); CI sets nothing.
const SKIP = new Set((process.env.PHONE_SKIP ?? '').split(',').filter(Boolean));

/** The page has drawn its content: a heading, and no loader left. */
async function settled(page: Page) {
  await expect(page.locator('main h1, #content h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

async function walk(page: Page, language: 'ar' | 'en', who: string, routes: string[]) {
  for (const route of routes.filter((r) => !SKIP.has(r))) {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(route);
    await settled(page);
    const label = `${route} (${language}, ${who})`;
    await expectFitsPhones(page, label);
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, `phone-${language}-${who}${route.replaceAll('/', '_')}-360`);
    await page.setViewportSize({ width: 320, height: 780 });
    await expectAccessible(page, `${label} at 320 px`);
  }
}

// The file's ten walks read and change nothing another needs (the owner's checkout is its own, left pending), so they
// share both workers instead of queueing in one: this file is about a third of the whole e2e run.
test.describe.configure({ mode: 'parallel' });

for (const language of ['ar', 'en'] as const) {
  test.describe(`phones, ${language === 'ar' ? 'Arabic' : 'English'}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'MajlisLang', value: language === 'ar' ? 'Ar' : 'En', url: baseURL }]);
    });

    test('signed out: every public route fits 320–414 px; the cookie banner is compact', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto('/join');
      // The banner stays (no consent yet) and is checked with every page; on a phone it keeps to the bottom quarter
      // (issue 26: a fifth left no room for spec §2's explanation, now two lines of it, the rest a tap away).
      const banner = page.getByTestId('cookie-banner');
      await expect(banner).toBeVisible();
      expect((await banner.boundingBox())?.height ?? 999).toBeLessThan(780 / 4);
      await expect(page.getByRole('button', { name: language === 'ar' ? 'انضمام' : 'Join' })).toBeInViewport({
        ratio: 1,
      });
      await walk(page, language, 'visitor', PUBLIC_ROUTES);
    });

    for (const role of ROLES) {
      test(`${role}: every dashboard route fits 320–414 px`, async ({ page, context, baseURL }) => {
        await context.addCookies([
          { name: 'CookieConsent', value: 'true', url: baseURL },
          // the cookie policy version the choice was made under (contracts COOKIE_POLICY_VERSION)
          { name: 'CookieConsentVersion', value: '1', url: baseURL },
        ]);
        await page.addInitScript(() => localStorage.setItem('CookieConsent', 'true'));
        await signInByApi(page, `${role}@demo.test`);
        await walk(page, language, role, DASHBOARD_ROUTES);
        if (role === 'owner') {
          // The pages a link opens, with real content: the demo series' join page and a recording's play page.
          const meetings = await (await page.request.get('/api/meetings?tab=upcoming&pageSize=100')).json();
          const series = meetings.results.find((m: { recurrenceDays: number[] }) => m.recurrenceDays.length);
          const { recordings } = await (await page.request.get('/api/recordings')).json();
          expect(series, 'the demo series').toBeTruthy();
          expect(recordings.length, 'the demo recordings').toBeGreaterThan(0);
          await walk(page, language, role, [`/join/${series.number}`, `/recording/${recordings[0].id}`]);
          // Billing's own pages: the demo's paid invoice and its order's payment page, and the sandbox checkout of a
          // new order (left pending)
          const { invoices } = await (await page.request.get('/api/billing/invoices')).json();
          const { orders } = await (await page.request.get('/api/billing/orders')).json();
          const order = await api<{ redirectUrl: string }>(page, 'POST', '/api/billing/checkout', {
            clientKey: `phone-${language}-${Date.now()}`,
            purchase: { kind: 'renewal', roomId: orders[0].roomId, period: 'annual', currency: 'USD' },
          });
          expect(order.status, 'a checkout for the sandbox page').toBe(200);
          await walk(page, language, role, [
            `/dashbord/billing/invoices/${invoices[0].id}`,
            `/dashbord/billing/payment/${orders[0].id}`,
            order.json.redirectUrl,
          ]);
        }
        // The frame's own panels at the smallest width: the sidebar's drawer and the notifications.
        await page.goto('/dashbord/meeting');
        await settled(page);
        await page.setViewportSize({ width: 320, height: 700 });
        await page.getByRole('button', { name: language === 'ar' ? 'فتح القائمة' : 'Open the menu' }).click();
        const drawer = page.getByRole('dialog');
        await expect(drawer.getByTestId('sidebar')).toBeVisible();
        await expectFitsPhones(page, `the menu drawer (${language}, ${role})`);
        await page.keyboard.press('Escape');
        await expect(drawer).toHaveCount(0);
        await page.getByRole('button', { name: language === 'ar' ? 'الإشعارات' : 'Notifications' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectFitsPhones(page, `notifications (${language}, ${role})`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // Spec §2 at ≤ 850 px: chat floats above the bottom bar (home · chat · meetings); with a conversation open.
        const quick = page.getByRole('navigation', { name: language === 'ar' ? 'روابط سريعة' : 'Quick links' });
        if (await quick.count()) {
          await quick.getByRole('button', { name: language === 'ar' ? 'المحادثة' : 'Chat' }).click();
          const chat = page.getByTestId('chat-panel');
          await expect(chat).toBeVisible();
          await expectFitsPhones(page, `chat panel (${language}, ${role})`);
          const contact = chat.locator('.chat-tabs__panel button').first();
          if (await contact.count()) {
            await contact.click();
            await expectFitsPhones(page, `an open conversation (${language}, ${role})`);
          }
          await page.setViewportSize({ width: 360, height: 780 });
          await screenshot(page, `phone-${language}-${role}-chat-360`);
        }
      });
    }

    test('owner: the main dialogs and forms fit 320–414 px', async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: 'CookieConsent', value: 'true', url: baseURL },
        // the cookie policy version the choice was made under (contracts COOKIE_POLICY_VERSION)
        { name: 'CookieConsentVersion', value: '1', url: baseURL },
      ]);
      await page.addInitScript(() => localStorage.setItem('CookieConsent', 'true'));
      await signInByApi(page, 'owner@demo.test');
      const ar = language === 'ar';
      for (const [route, button] of [
        ['/dashbord/meeting', ar ? 'اجتماع جديد' : 'New meeting'],
        ['/dashbord/roomManagement', ar ? 'أضف غرفة' : 'Add a room'],
        ['/dashbord/userManagement', ar ? 'إضافة مستخدم' : 'Add a user'],
        ['/dashbord/teamsManagement', ar ? 'إضافة فريق' : 'Add a team'],
        ['/dashbord/billing', ar ? 'شراء غرفة' : 'Buy a room'],
      ] as const) {
        await page.setViewportSize({ width: 360, height: 780 });
        await page.goto(route);
        await settled(page);
        await page.getByRole('button', { name: button, exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expectFitsPhones(page, `${button} (${language})`);
        await page.setViewportSize({ width: 360, height: 780 });
        await screenshot(page, `phone-${language}-dialog${route.replaceAll('/', '_')}-360`);
        await expectAccessible(page, `${button} dialog (${language})`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
    });
  });
}
