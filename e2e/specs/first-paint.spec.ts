import { expect, test } from '../fixtures.ts';

/**
 * Issue 28: what a page is before any script runs (JavaScript off). The server writes `<html lang dir>` in the
 * reader's language from the MajlisLang cookie before the first byte, so the page never starts in the other
 * direction; the sharing tags are in the HTML itself. (The prerendered headings and form fields come with the
 * prerendering step of the issue.)
 */
const PAGES = ['/', '/login', '/register', '/password/forgot', '/join/1234567890'];

for (const language of ['ar', 'en'] as const) {
  test(`without JavaScript the first pages start in ${language === 'ar' ? 'Arabic, right to left' : 'English, left to right'}`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'MajlisLang', value: language === 'ar' ? 'Ar' : 'En', url: baseURL ?? '' }]);
    const page = await context.newPage();
    for (const path of PAGES) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator('html'), path).toHaveAttribute('lang', language);
      await expect(page.locator('html'), path).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', new RegExp(`${path}$`));
    }
    await context.close();
  });
}
