/**
 * Issue 26's layout findings, each checked in Arabic and in English where it can differ, with a picture of each in
 * e2e/artifacts (layout-*.png): the phone drawer opens on its button's side, the bell's badge leaves the bell
 * visible, the chat is a full-width sheet below 600 px (spec §9), the meeting form shows its first error, the pricing
 * tables say they scroll, the cookie banner keeps spec §2's explanation on a phone, sidebar labels are never cut,
 * the register form's two password fields line up, calendar titles keep their own direction, and what an admin's
 * sidebar offers matches their user menu.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.ts';
import { screenshot, signInByApi } from '../lib/helpers.ts';

type Language = 'ar' | 'en';
const PHONE = { width: 360, height: 780 };
const WIDE = { width: 1366, height: 860 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return { ...b, right: b.x + b.width, bottom: b.y + b.height, centre: b.x + b.width / 2 };
}

async function consented(page: Page, language: Language, baseURL: string | undefined) {
  await page.context().addCookies([
    { name: 'MajlisLang', value: language === 'ar' ? 'Ar' : 'En', url: baseURL },
    { name: 'CookieConsent', value: 'true', url: baseURL },
    { name: 'CookieConsentVersion', value: '1', url: baseURL },
  ]);
  await page.addInitScript(() => localStorage.setItem('CookieConsent', 'true'));
}

const say = (language: Language, ar: string, en: string) => (language === 'ar' ? ar : en);

for (const language of ['ar', 'en'] as const) {
  test.describe(`layout, ${language === 'ar' ? 'Arabic' : 'English'}`, () => {
    test('the phone frame: the drawer opens on its button’s side, the badge leaves the bell visible, the chat is a sheet below 600 px', async ({
      page,
      baseURL,
    }) => {
      await consented(page, language, baseURL);
      await page.setViewportSize(WIDE);
      // هدى (member2) has the demo's notification: the bell shows its badge.
      await signInByApi(page, 'huda@demo.test');
      // The wide sidebar's side is the side the phone's drawer must open on.
      const sidebar = await box(page.getByTestId('sidebar'));
      const sidebarOnRight = sidebar.centre > WIDE.width / 2;
      expect(sidebarOnRight, 'the sidebar is at the start of the reading direction').toBe(language === 'ar');

      await page.setViewportSize(PHONE);
      const menu = page.getByRole('button', { name: say(language, 'فتح القائمة', 'Open the menu') });
      const button = await box(menu);
      await menu.click();
      const drawer = page.locator('.mantine-Drawer-content');
      await expect(drawer.getByTestId('sidebar')).toBeVisible();
      // The slide has finished once the panel stands still at the edge.
      await expect
        .poll(async () => {
          const d = await box(drawer);
          return language === 'ar' ? Math.round(d.right) : Math.round(d.x);
        })
        .toBe(language === 'ar' ? PHONE.width : 0);
      const panel = await box(drawer);
      expect(panel.centre > PHONE.width / 2, 'the drawer is on the button’s side').toBe(
        button.centre > PHONE.width / 2,
      );
      expect(panel.centre > PHONE.width / 2, 'the drawer is on the sidebar’s side').toBe(sidebarOnRight);
      await screenshot(page, `layout-${language}-drawer-360`);
      await page.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);

      // The bell's badge sits at its corner: at most a fifth of the bell's icon under it, its middle never.
      const bell = page.getByTestId('notifications-button');
      const badge = bell.getByTestId('notifications-badge');
      await expect(badge).toBeVisible();
      const icon = await box(bell.locator('svg').first());
      const mark = await box(badge);
      const overlap =
        Math.max(0, Math.min(icon.right, mark.right) - Math.max(icon.x, mark.x)) *
        Math.max(0, Math.min(icon.bottom, mark.bottom) - Math.max(icon.y, mark.y));
      expect(overlap / (icon.width * icon.height), 'share of the bell under its badge').toBeLessThanOrEqual(0.2);
      const middle = { x: icon.centre, y: icon.y + icon.height / 2 };
      const covers = middle.x >= mark.x && middle.x <= mark.right && middle.y >= mark.y && middle.y <= mark.bottom;
      expect(covers, 'the badge covers the bell’s middle').toBe(false);
      await page.locator('.topbar').screenshot({ path: `e2e/artifacts/layout-${language}-topbar-360.png` });

      // Spec §9's 600 px breakpoint: a sheet across the screen below it, a floating card above it.
      const quick = page.getByRole('navigation', { name: say(language, 'روابط سريعة', 'Quick links') });
      await quick.getByRole('button', { name: say(language, 'المحادثة', 'Chat') }).click();
      const chat = page.getByTestId('chat-panel');
      await expect(chat).toBeVisible();
      const sheet = await box(chat);
      expect(Math.round(sheet.x)).toBe(0);
      expect(Math.round(sheet.right)).toBe(PHONE.width);
      await screenshot(page, `layout-${language}-chat-360`);
      await page.setViewportSize({ width: 700, height: 780 });
      await expect.poll(async () => Math.round((await box(chat)).width)).toBeLessThanOrEqual(340);
      await screenshot(page, `layout-${language}-chat-700`);
    });

    test('the recurring meeting form on a phone shows the missing end: its error is scrolled into view', async ({
      page,
      baseURL,
    }) => {
      await consented(page, language, baseURL);
      await signInByApi(page, 'owner@demo.test');
      await page.setViewportSize(PHONE);
      await page.goto('/dashbord/meeting');
      await page.getByTestId('new-meeting').click();
      const form = page.getByRole('dialog', { name: say(language, 'اجتماع جديد', 'New meeting') });
      await form.getByLabel(say(language, 'اسم الاجتماع', 'Meeting name')).fill(say(language, 'مراجعة', 'Review'));
      await form
        .getByLabel(say(language, 'الغرفة', 'Room'), { exact: false })
        .first()
        .click();
      await page.getByRole('option').first().click();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await form
        .getByLabel(say(language, 'اليوم', 'Day'), { exact: false })
        .first()
        .fill(tomorrow);
      await form.locator('input[data-path="hour"]').fill('10:00');
      await form.getByTestId('recurrence-days').locator('label').first().click();
      await form.getByRole('button', { name: say(language, 'إنشاء الاجتماع', 'Create the meeting') }).click();
      const error = form.getByText(
        say(
          language,
          'اختر كيف ينتهي التكرار: في تاريخ محدد أو بعد عدد من الاجتماعات',
          'Choose how the repetition ends: on a date or after a number of meetings',
        ),
      );
      await expect(error).toBeInViewport();
      await screenshot(page, `layout-${language}-meeting-form-error-360`);
    });

    test('signed out: the pricing tables say they scroll at 360 px, the cookie banner keeps its explanation, the register form lines up', async ({
      page,
      baseURL,
    }) => {
      await page.context().addCookies([{ name: 'MajlisLang', value: language === 'ar' ? 'Ar' : 'En', url: baseURL }]);
      await page.setViewportSize(PHONE);
      await page.goto('/home/pricing');
      const table = page.getByTestId('pricing-table');
      await expect(table).toBeVisible();
      const viewport = table.locator('.mantine-ScrollArea-viewport').first();
      const wider = await viewport.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(wider, 'the table is wider than the phone').toBe(true);
      for (const hint of await page.getByTestId('scroll-hint').all()) await expect(hint).toBeVisible();
      await expect(page.getByTestId('scroll-hint')).toHaveCount(2);
      await expect(table.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]')).toBeVisible();
      await page.getByTestId('scroll-hint').first().scrollIntoViewIfNeeded();
      await screenshot(page, `layout-${language}-pricing-360`);

      // The cookie banner on a phone: spec §2's explanation shows (two lines, a tap for all), in the bottom quarter.
      const banner = page.getByTestId('cookie-banner');
      const explanation = banner.getByTestId('cookie-banner-explanation');
      await expect(explanation).toBeInViewport();
      await expect(explanation).toContainText(say(language, 'ملفات تعريف الارتباط', 'cookies'));
      const closed = await box(explanation);
      expect(closed.height).toBeGreaterThanOrEqual(30);
      expect((await box(banner)).height).toBeLessThan(PHONE.height / 4);
      await page.screenshot({ path: `e2e/artifacts/layout-${language}-cookie-banner-360.png` });
      await explanation.click();
      await expect(explanation).toHaveAttribute('aria-expanded', 'true');
      expect((await box(explanation)).height).toBeGreaterThan(closed.height);
      await page.screenshot({ path: `e2e/artifacts/layout-${language}-cookie-banner-open-360.png` });

      await page.setViewportSize(WIDE);
      await expect(page.getByTestId('scroll-hint').first()).toBeHidden();

      // Register: the password and its confirmation side by side, their boxes on one line.
      await page.goto('/register');
      const password = page.locator('input[name="password"]');
      const confirm = page.locator('input[name="confirm"]');
      await expect(confirm).toBeVisible();
      const [a, b] = [await box(password), await box(confirm)];
      expect(Math.abs(a.y - b.y), 'the password boxes’ tops').toBeLessThanOrEqual(1);
      // "I accept the terms": a space between the words and the link, whichever way the sentence runs.
      const gap = await page.getByTestId('accept-terms-label').evaluate((label) => {
        const text = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()) as Text;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, (text.textContent ?? '').trimEnd().length);
        const words = range.getBoundingClientRect();
        const link = (label.querySelector('a') as HTMLElement).getBoundingClientRect();
        return getComputedStyle(label).direction === 'rtl' ? words.left - link.right : link.left - words.right;
      });
      expect(gap, 'the space before the terms link (px)').toBeGreaterThanOrEqual(2);
      await screenshot(page, `layout-${language}-register-1366`);
    });

    test('sidebar labels whole, the same permissions in the sidebar and the user menu, add-user asks for the phone', async ({
      page,
      baseURL,
    }) => {
      await consented(page, language, baseURL);
      await page.setViewportSize(WIDE);
      await signInByApi(page, 'admin@demo.test');
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByRole('button', { name: say(language, 'إدارة المستخدمين', 'User management') }).click();
      const officials = sidebar.getByRole('link', {
        name: say(language, 'المسؤولون والأعضاء', 'Officials and members'),
      });
      await expect(officials).toBeVisible();
      const cut = await sidebar
        .locator('.side-link__label')
        .evaluateAll((labels) =>
          labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => (l.textContent ?? '').trim()),
        );
      expect(cut, 'sidebar labels cut short').toEqual([]);
      await screenshot(page, `layout-${language}-sidebar-admin-1366`);

      // An admin may not manage billing: neither the sidebar nor the user menu offers it.
      const billing = say(language, 'الفواتير', 'Billing');
      await expect(sidebar.getByRole('link', { name: billing })).toHaveCount(0);
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menuitem', { name: say(language, 'تسجيل الخروج', 'Sign out') })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: billing })).toHaveCount(0);
      await page.keyboard.press('Escape');

      await page.goto('/dashbord/userManagement');
      await page.getByTestId('add-user').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(say(language, 'رقم الهاتف', 'Phone number'))).toHaveAttribute('required', '');
      await screenshot(page, `layout-${language}-add-user-1366`);
    });
  });
}

test('English calendar: an Arabic title keeps its own direction, so it is cut at its end', async ({
  page,
  baseURL,
}) => {
  await consented(page, 'en', baseURL);
  await page.setViewportSize(WIDE);
  await signInByApi(page, 'owner@demo.test');
  await page.goto('/dashbord/calender');
  const titles = page.locator('.majlis-event-title');
  await expect(titles.first()).toBeVisible();
  const arabic = await titles.evaluateAll((all) =>
    all
      .filter((t) => /[\u0600-\u06FF]/.test(t.textContent ?? ''))
      .map((t) => ({ text: t.textContent, rtl: t.matches(':dir(rtl)') })),
  );
  expect(arabic.length, 'Arabic-named meetings on the calendar').toBeGreaterThan(0);
  expect(arabic.filter((t) => !t.rtl)).toEqual([]);
  await screenshot(page, 'layout-en-calendar-1366');
});

test('English: a refused coupon turns Pay off until it is removed; the storage percent follows one rule', async ({
  page,
  baseURL,
}) => {
  await consented(page, 'en', baseURL);
  await page.setViewportSize(WIDE);
  await signInByApi(page, 'owner@demo.test');
  // The sidebar's storage percent is the one its message gives (one decimal both), not "0%" beside "0.3%".
  const storage = page.getByTestId('storage-block');
  const label = (await storage.locator('p').first().textContent()) ?? '';
  const shown = label.match(/[\d.]+%/)?.[0];
  expect(shown, `a percent in "${label}"`).toBeTruthy();
  await expect(storage).toContainText(`used ${shown} of`);

  await page.goto('/dashbord/billing');
  await page.getByRole('button', { name: 'Buy a room' }).first().click();
  const dialog = page.getByTestId('checkout');
  const pay = dialog.getByTestId('pay');
  await expect(pay).toBeEnabled();
  await dialog.getByLabel('Coupon code').fill('NO-SUCH-COUPON');
  await dialog.getByTestId('apply-coupon').click();
  await expect(dialog.getByTestId('coupon-status')).toHaveAttribute('role', 'alert');
  await expect(pay).toBeDisabled();
  await screenshot(page, 'layout-en-coupon-refused-1366');
  await dialog.getByTestId('remove-coupon').click();
  await expect(dialog.getByTestId('coupon-status')).toHaveCount(0);
  await expect(pay).toBeEnabled();
});
