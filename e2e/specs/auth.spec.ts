import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { expectAccessible, expectLanguage, screenshot, setLanguage, signIn, uniqueEmail } from '../lib/helpers.ts';
import { confirmationLink, register } from '../lib/register.ts';

/** After submitting: the "check your e-mail" panel, on /register, with nobody signed in. */
async function expectCheckYourEmail(page: Page, email: string, language: 'ar' | 'en' = 'ar') {
  const panel = page.getByTestId('register-sent');
  await expect(panel).toHaveAttribute('role', 'status');
  await expect(panel).toHaveText(language === 'ar' ? /^أرسلنا رابطًا إلى/ : /^We sent a link to/);
  await expect(panel.locator('bdi')).toHaveText(email);
  expect(new URL(page.url()).pathname).toBe('/register');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
  await page.waitForURL('**/login');
}

test('a newcomer registers in Arabic, signs out and signs in again', async ({ page, mail }) => {
  const email = uniqueEmail('newcomer');
  await test.step('the register page, from the home page', async () => {
    await page.goto('/');
    await expectLanguage(page, 'ar');
    await page.getByRole('link', { name: 'حساب جديد' }).click();
    await page.waitForURL('**/register');
    // The bar on the register page offers sign-in, not a second "new account".
    await expect(page.getByRole('heading', { name: 'إنشاء حساب جديد' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'حساب جديد', exact: true })).toHaveCount(0);
  });

  await test.step('the client-side messages: empty fields, a short password, a mismatch', async () => {
    // Empty submit: every spec §5 message in Arabic, client-side.
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    for (const message of [
      'أدخل الاسم الأول',
      'أدخل اسم العائلة',
      'أدخل البريد الإلكتروني',
      'أدخل كلمة المرور',
      'يجب الموافقة على الشروط والأحكام',
    ]) {
      await expect(page.getByText(message).first()).toBeVisible();
    }
    await page.getByLabel('الاسم الأول').fill('سلمى');
    await page.getByLabel('اسم العائلة').fill('حسن');
    await page.getByLabel('البريد الإلكتروني').fill(email);
    // Arabic-Indic digits typed into the phone are digits (+20 is the default country code).
    await page.getByLabel('رقم الهاتف').fill('١٠٠١٢٣٤٥٦٧');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('short');
    await page.getByLabel('تأكيد كلمة المرور').fill('different');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    // The server catalog's words (field.passwordShort): the form shows what the BFF would answer.
    await expect(page.getByText('كلمة المرور قصيرة (٨ أحرف على الأقل)')).toBeVisible();
    await expect(page.getByText('كلمتا المرور غير متطابقتين')).toBeVisible();
  });

  await test.step('sent: "check your e-mail", and the e-mailed link makes the account and signs in', async () => {
    await page.getByLabel('كلمة المرور', { exact: true }).fill('Newcomer-2026!');
    await page.getByLabel('تأكيد كلمة المرور').fill('Newcomer-2026!');
    await page.getByLabel('أوافق على الشروط والأحكام').check();
    await page.getByLabel('عمري أكثر من ١٢ عامًا').check();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expectCheckYourEmail(page, email);
    await page.goto(await confirmationLink(mail, email));
    await page.waitForURL('**/dashbord/meeting');
    await expect(page.getByRole('heading', { name: 'الاجتماعات', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  await test.step('sign out from the user menu (stored user gone), then in again', async () => {
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await signIn(page, email, 'Newcomer-2026!');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
    expect(stored.email).toBe(email);
  });
});

test('a taken e-mail gets the same "check your e-mail" as a new one; its owner gets a note', async ({ page, mail }) => {
  await page.goto('/register');
  await register(page, {
    first: 'أحمد',
    last: 'علي',
    email: 'owner@demo.test',
    phone: '1001234568',
    password: 'Another-2026!',
  });
  // Nothing on the page tells that the address has an account (issue 9: no enumeration).
  await expectCheckYourEmail(page, 'owner@demo.test');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The owner is told by e-mail, with the ways in, and gets no link that would make a second account.
  const note = await mail.find(
    (m) => m.includes('To: owner@demo.test') && m.includes('/password/forgot'),
    'the note to the owner',
  );
  expect(note).not.toContain('/register/confirm');

  // The server's field errors still show inline: a common password.
  await page.getByRole('button', { name: 'أعد التسجيل' }).click();
  await page.getByLabel('البريد الإلكتروني').fill(uniqueEmail('common'));
  await page.getByLabel('كلمة المرور', { exact: true }).fill('password123');
  await page.getByLabel('تأكيد كلمة المرور').fill('password123');
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(page.getByText('كلمة المرور هذه شائعة ويسهل تخمينها؛ اختر غيرها')).toBeVisible();
  await expect(page.getByTestId('register-sent')).toHaveCount(0);
});

test('a wrong password is shown on the login page, not turned into a sign-out', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('البريد الإلكتروني').fill('owner@demo.test');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('not-the-password');
  await page.locator('form').getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('alert')).toHaveText(/[\u0600-\u06FF]/);
  expect(new URL(page.url()).pathname).toBe('/login');
  // The bar on login pages offers a new account, not a second sign-in.
  await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول', exact: true })).toHaveCount(0);
});

test('forgotten password: the e-mailed link sets a new one', async ({ page, mail }) => {
  const email = uniqueEmail('forgetful');
  await test.step('a fresh account, so the demo users keep their password for the other tests', async () => {
    await page.goto('/register');
    await register(page, { first: 'منى', last: 'سعيد', email, phone: '1001234599', password: 'First-pass-2026' });
    await expectCheckYourEmail(page, email);
    await page.goto(await confirmationLink(mail, email));
    await page.waitForURL('**/dashbord/meeting');
    await signOut(page);
  });

  await test.step('"forgot": the link is sent', async () => {
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    // The login form has an e-mail field too: fill the one of the forgot page, once it is there.
    await expect(page.getByRole('heading', { name: 'إعادة تعيين كلمة المرور', level: 1 })).toBeVisible();
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByRole('button', { name: 'إرسال الرابط' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'أرسلنا' })).toBeVisible();
  });

  await test.step('the e-mailed link sets a new password, which signs in', async () => {
    // The outbox viewer hides reset links from everybody but their addressee: read the one SMTP delivered.
    const sent = await mail.find(
      (m) => m.includes(`To: ${email}`) && m.includes('/password/reset?token='),
      'the reset e-mail',
    );
    const link = sent.match(/\/password\/reset\?token=[\w-]+/)?.[0];
    expect(link, 'the reset link').toBeDefined();
    await page.goto(link as string);
    await page.getByLabel('كلمة المرور الجديدة').fill('Second-pass-2026');
    await page.getByLabel('تأكيد كلمة المرور').fill('Second-pass-2026');
    await page.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }).click();
    await expect(page.getByText('تم تغيير كلمة المرور')).toBeVisible();
    await signIn(page, email, 'Second-pass-2026');
  });
});

test.describe('registration pictures', () => {
  const wide = { width: 1366, height: 900 };
  const narrow = { width: 360, height: 780 };
  test.use({ viewport: wide });

  for (const language of ['ar', 'en'] as const) {
    test(`registration by e-mail in ${language}: "check your e-mail" and the confirm page at 1366 and 360 px, screenshots and no serious axe violation`, async ({
      page,
      mail,
    }) => {
      const ar = language === 'ar';
      // Nothing sideways at 360 px: the top bar's buttons used to push the page to ~400 px.
      const fitsWidth = async () =>
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          'no sideways scroll',
        ).toBe(true);
      // A long address, as people have: it must wrap inside the card at 360 px, not overflow it.
      const email = uniqueEmail(`screenshots-${language}-with-a-rather-long-address`);

      await test.step('"check your e-mail" at 1366 and 360 px', async () => {
        await page.goto('/register');
        if (!ar) await setLanguage(page, 'en');
        await page
          .getByTestId('cookie-banner')
          .getByRole('button', { name: ar ? 'أرفض' : 'I decline' })
          .click();
        const name = ar ? { first: 'ليلى', last: 'منصور' } : { first: 'Laila', last: 'Mansour' };
        await register(page, { ...name, email, phone: '1001234577', password: 'Pictures-2026!' }, language);
        await expectCheckYourEmail(page, email, language);
        await screenshot(page, `register-sent-${language}-1366`);
        await expectAccessible(page, `register sent (${language})`);
        await page.setViewportSize(narrow);
        await screenshot(page, `register-sent-${language}-360`);
        await fitsWidth();
        const card = await page.locator('.sign-card').boundingBox();
        const bdi = await page.getByTestId('register-sent').locator('bdi').boundingBox();
        expect(
          card && bdi && bdi.x >= card.x && bdi.x + bdi.width <= card.x + card.width,
          'the address stays in the card',
        ).toBe(true);
      });

      const link = await confirmationLink(mail, email);
      await test.step('the confirm page while the server makes the account, at both widths', async () => {
        // Its answer is held until both pictures are taken.
        let release = () => {};
        const held = new Promise<void>((r) => {
          release = r;
        });
        await page.route('**/api/register/confirm', async (route) => {
          await held;
          await route.continue();
        });
        await page.setViewportSize(wide);
        await page.goto(link);
        await expect(
          page.getByRole('status').filter({ hasText: ar ? 'جارٍ إنشاء حسابك' : 'Creating your account' }),
        ).toBeVisible();
        await screenshot(page, `register-confirm-wait-${language}-1366`);
        await page.setViewportSize(narrow);
        await screenshot(page, `register-confirm-wait-${language}-360`);
        await fitsWidth();
        release();
        await page.waitForURL('**/dashbord/meeting');
        await page.unroute('**/api/register/confirm');
        const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
        expect(user?.email).toBe(email);
      });

      await test.step('the same link again: used, so the server message and a way to register again', async () => {
        await page.goto(link);
        await expect(page.getByTestId('register-confirm-error')).toHaveText(
          ar ? /[\u0600-\u06FF]/ : /^[^\u0600-\u06FF]+$/,
        );
        await expect(page.getByRole('link', { name: ar ? 'أعد التسجيل' : 'Register again' })).toBeVisible();
        await screenshot(page, `register-confirm-error-${language}-360`);
        // Signed in by now: "Control board" and "Log out" in the bar.
        await fitsWidth();
        await page.setViewportSize(wide);
        await screenshot(page, `register-confirm-error-${language}-1366`);
        await expectAccessible(page, `register confirm error (${language})`);
      });
    });
  }
});
