import { expect, test } from '../fixtures.ts';

/**
 * Issue 28: what a page is before any script runs (JavaScript off). The server writes `<html lang dir>` in the
 * reader's language from the MajlisLang cookie before the first byte, so the page never starts in the other
 * direction; the sharing tags are in the HTML itself; and the public pages, the sign-in, registration and
 * forgotten-password forms and the /join shell are prerendered in that language (apps/client/scripts/prerender.mjs):
 * their heading and their form's fields are there without JavaScript.
 */
interface FirstPage {
  path: string;
  heading: { ar: string; en: string };
  fields?: { ar: string[]; en: string[] };
}

const PAGES: FirstPage[] = [
  { path: '/', heading: { ar: 'اجتماعاتك، بلغتك', en: 'Your meetings, in your language' } },
  { path: '/home/pricing', heading: { ar: 'قارن الأسعار', en: 'Compare prices' } },
  { path: '/home/conditions', heading: { ar: 'الشروط والأحكام', en: 'Terms and conditions' } },
  { path: '/home/privacy', heading: { ar: 'سياسة الخصوصية', en: 'Privacy policy' } },
  {
    path: '/home/contact',
    heading: { ar: 'الاقتراحات والشكاوى', en: 'Suggestions and complaints' },
    fields: { ar: ['الاسم', 'البريد الإلكتروني', 'الرسالة'], en: ['Name', 'E-mail', 'Message'] },
  },
  {
    path: '/login',
    heading: { ar: 'تسجيل الدخول', en: 'Sign in' },
    fields: { ar: ['البريد الإلكتروني', 'كلمة المرور'], en: ['E-mail', 'Password'] },
  },
  {
    path: '/register',
    heading: { ar: 'إنشاء حساب جديد', en: 'Create a new account' },
    fields: {
      ar: ['الاسم الأول', 'اسم العائلة', 'البريد الإلكتروني', 'رقم الهاتف', 'كلمة المرور'],
      en: ['First name', 'Last name', 'E-mail', 'Phone number', 'Password'],
    },
  },
  {
    path: '/password/forgot',
    heading: { ar: 'إعادة تعيين كلمة المرور', en: 'Reset your password' },
    fields: { ar: ['البريد الإلكتروني'], en: ['E-mail'] },
  },
  {
    path: '/join/1234567890',
    heading: { ar: 'الانضمام إلى اجتماع', en: 'Join a meeting' },
    fields: { ar: ['رقم الاجتماع', 'اسمك'], en: ['Meeting number', 'Your name'] },
  },
];

for (const language of ['ar', 'en'] as const) {
  test(`without JavaScript the first pages paint in ${language === 'ar' ? 'Arabic, right to left' : 'English, left to right'}`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'MajlisLang', value: language === 'ar' ? 'Ar' : 'En', url: baseURL ?? '' }]);
    const page = await context.newPage();
    for (const { path, heading, fields } of PAGES) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator('html'), path).toHaveAttribute('lang', language);
      await expect(page.locator('html'), path).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading[language]);
      for (const label of fields?.[language] ?? []) {
        await expect(page.getByLabel(label, { exact: true }), `${path}: ${label}`).toBeVisible();
      }
    }
    // The join link's own number is in the prerendered shell's number field, in the page's digits.
    await page.goto('/join/1234567890');
    await expect(page.getByLabel(language === 'ar' ? 'رقم الاجتماع' : 'Meeting number', { exact: true })).toHaveValue(
      language === 'ar' ? '١٢٣٤٥٦٧٨٩٠' : '1234567890',
    );
    await context.close();
  });
}

test('a prerendered page hydrates: the sign-in form works, and the cookie banner comes after the first paint', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  const email = page.getByLabel('البريد الإلكتروني', { exact: true });
  await email.fill('nobody@example.test');
  await expect(email).toHaveValue('nobody@example.test');
  // Hydration that had to fall back to rendering from nothing says so in the console (a mismatch, React #418).
  expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
});
