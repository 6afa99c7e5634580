import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { api, buyRoom, expectAccessible, screenshot, signInByApi } from '../lib/helpers.ts';

/**
 * Issue 25: the meeting form shows the options a room's provider cannot honour as unavailable, with the reason, in
 * both languages, on a phone and a desktop. This stack's Jitsi Meet has no app secret: none of its options apply.
 */
test('a Jitsi room: the meeting form shows its options unavailable, in Arabic and English, at 360 and 1366 px', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'أرفض' }).click();
  await signInByApi(page, 'owner@demo.test');
  const made = await api<{ id: string }>(page, 'POST', '/api/rooms', {
    name: 'قاعة جيتسي',
    type: 'jitsi',
    participants: 20,
  });
  expect(made.status).toBe(201);
  await buyRoom(page, made.json.id);

  const open = async (arabic: boolean) => {
    await page.goto('/dashbord/meeting');
    await page.getByTestId('new-meeting').click();
    const form = page.getByRole('dialog', { name: arabic ? 'اجتماع جديد' : 'New meeting' });
    await form
      .getByLabel(arabic ? 'الغرفة' : 'Room', { exact: false })
      .first()
      .click();
    await page.getByRole('option', { name: 'قاعة جيتسي' }).click();
    await expect(form.getByTestId('options-jitsi-open')).toBeVisible();
    return form;
  };
  const shoot = async (p: Page, name: string, form: ReturnType<Page['getByRole']>) => {
    for (const [width, height] of [
      [1366, 900],
      [360, 780],
    ] as const) {
      await p.setViewportSize({ width, height });
      // the options, their reasons under them, in view (the dialog scrolls on a phone)
      await form.locator('[data-unavailable]').last().scrollIntoViewIfNeeded();
      await screenshot(p, `${name}-${width}`);
    }
    await p.setViewportSize({ width: 1280, height: 800 });
  };

  const ar = await open(true);
  await expect(ar.getByLabel('غرفة الانتظار')).toBeDisabled();
  await expect(ar.getByLabel('التنبيه عند دخول أحد أو خروجه')).toBeDisabled();
  await expect(ar.getByText('يتطلب أحداث الدخول والخروج التي لا يرسلها Jitsi Meet')).toBeVisible();
  await expect(ar.getByLabel('مفضل')).toBeEnabled();
  await shoot(page, 'meeting-options-jitsi-ar', ar);
  await expectAccessible(page, 'meeting form, Jitsi room (ar)');
  await page.keyboard.press('Escape');

  // signed in, the header's toggle switches the language (and the profile's)
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const en = await open(false);
  await expect(en.getByLabel('Record automatically')).toBeDisabled();
  await expect(en.getByText('Not available on Jitsi Meet without an app secret').first()).toBeVisible();
  await shoot(page, 'meeting-options-jitsi-en', en);
  await expectAccessible(page, 'meeting form, Jitsi room (en)');
});
