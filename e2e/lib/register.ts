import { expect, type Page } from '@playwright/test';
import type { Mailbox } from '../fixtures.ts';

/**
 * The confirmation link SMTP delivered to `email` (registration no longer signs in: the address must be proved first).
 */
export async function confirmationLink(mail: Mailbox, email: string): Promise<string> {
  const sent = await mail.find(
    (m) => m.includes(`To: ${email}`) && m.includes('/register/confirm?token='),
    `the confirmation e-mail to ${email}`,
  );
  const link = sent.match(/\/register\/confirm\?token=[\w-]+/)?.[0];
  expect(link, 'the confirmation link').toBeDefined();
  return link as string;
}

export interface Registration {
  first: string;
  last: string;
  email: string;
  phone: string;
  password: string;
}

/** Fills the whole registration form, ticks both boxes and submits it. */
export async function register(page: Page, r: Registration, language: 'ar' | 'en' = 'ar') {
  const ar = language === 'ar';
  await page.getByLabel(ar ? 'الاسم الأول' : 'First name').fill(r.first);
  await page.getByLabel(ar ? 'اسم العائلة' : 'Last name').fill(r.last);
  await page.getByLabel(ar ? 'البريد الإلكتروني' : 'E-mail').fill(r.email);
  await page.getByLabel(ar ? 'رقم الهاتف' : 'Phone number').fill(r.phone);
  await page.getByLabel(ar ? 'كلمة المرور' : 'Password', { exact: true }).fill(r.password);
  await page.getByLabel(ar ? 'تأكيد كلمة المرور' : 'Confirm the password').fill(r.password);
  await page.getByLabel(ar ? 'أوافق على الشروط والأحكام' : 'I accept the terms and conditions').check();
  await page.getByLabel(ar ? 'عمري أكثر من ١٢ عامًا' : 'I am over 12 years old').check();
  await page.getByRole('button', { name: ar ? 'إنشاء الحساب' : 'Create the account' }).click();
}
