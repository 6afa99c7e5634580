import { expect, test } from '../fixtures.ts';
import { api, screenshot, signInByApi } from '../lib/helpers.ts';

/**
 * Issue 25: a room's type and participants belong to its paid plan. Editing the demo "Training studio" renames only;
 * the two fields show read-only with a pointer to Billing, in Arabic and English, on a desktop and a phone.
 */
for (const width of [1366, 360]) {
  test(`the room edit shows the plan read-only at ${width} px`, async ({ page }) => {
    await signInByApi(page, 'owner@demo.test');
    await page.setViewportSize({ width, height: width > 400 ? 900 : 780 });
    for (const language of ['ar', 'en'] as const) {
      // the profile's language decides once signed in (as the dashboard's language toggle sets it)
      await api(page, 'PUT', '/api/profile/locale', { locale: language });
      await page.goto('/dashbord/roomManagement');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const edit = language === 'en' ? 'Edit Training studio' : 'تعديل Training studio';
      await page.getByRole('button', { name: edit }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const hint =
        language === 'en'
          ? 'The room type and the number of participants belong to its paid plan'
          : 'نوع الغرفة وعدد المشاركين جزء من باقتها المدفوعة';
      await expect(dialog.getByText(hint)).toBeVisible();
      await screenshot(page, `room-plan-${language}-${width}`);
      await page.keyboard.press('Escape');
    }
  });
}
