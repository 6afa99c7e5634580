import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ar } from '../lib/catalog.ts';
import { api, expectAccessible, screenshot, setLanguage, signInByApi, uniqueEmail } from '../lib/helpers.ts';

/**
 * Issue 25, invitations as first-class rows, in Arabic on a phone and a desktop: an institution's owner invites an
 * official, sees the invitation on the users page (who, as what, invited by whom and when), revokes it, and the link
 * in the e-mail then says clearly that the invitation was withdrawn. Screenshots of the page with an invitation in
 * both languages go to e2e/artifacts/.
 */
const dialog = (page: Page) => page.getByRole('dialog');
const invitationRow = (page: Page, email: string) => page.getByTestId('invitation-row').filter({ hasText: email });

async function inviteOfficial(owner: Page, email: string) {
  await owner.getByTestId('add-user').click();
  const form = dialog(owner);
  await form.getByRole('textbox', { name: ar('First name') }).fill('هدى');
  await form.getByRole('textbox', { name: ar('Last name') }).fill('سالم');
  await form.getByRole('textbox', { name: ar('E-mail') }).fill(email);
  await form.getByRole('textbox', { name: ar('Phone number') }).fill('1001234567');
  await form.getByRole('combobox', { name: ar('Role') }).click();
  await owner.getByRole('option', { name: ar('Admin'), exact: true }).click();
  await expect(form.getByRole('radio', { name: ar('E-mail an invitation link') })).toBeChecked();
  await form.getByRole('button', { name: ar('Add the user') }).click();
  await expect(form).toHaveCount(0);
}

for (const width of [360, 1366]) {
  test(`an owner invites an official, sees the invitation, revokes it; the link then says so (Arabic, ${width} px)`, async ({
    newPage,
    mail,
  }) => {
    const owner = await newPage();
    await signInByApi(owner, 'owner@demo.test');
    // Signed in on a desktop (the sign-in helper waits for the sidebar), then the width of the walk.
    await owner.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    // The cookie choice made, so the pictures show the page, not the banner (which has its own spec).
    const consent = await api<{ choice: string | null }>(owner, 'GET', '/api/cookie-consent');
    if (!consent.json.choice) await api(owner, 'PUT', '/api/cookie-consent', { choice: 'accepted' });
    const usersPage = async () => {
      await owner.goto('/dashbord/userManagement');
      await expect(owner.getByTestId('add-user')).toBeVisible();
    };
    await usersPage();
    await expect(owner.getByTestId('add-user')).toBeVisible();
    const email = uniqueEmail(`invited${width}`);
    await inviteOfficial(owner, email);

    const row = invitationRow(owner, email);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('invitation-state')).toHaveText(ar('Invited'));
    await expect(row).toContainText('هدى سالم');
    await expect(row).toContainText(ar('Admin'));
    await expect(row).toContainText('أرسل الدعوة');
    await row.scrollIntoViewIfNeeded();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(owner, `users page with an invitation, ${width} px`);
    await screenshot(owner, `invitations-users-ar-${width}`);
    await owner.goto('/');
    await setLanguage(owner, 'en');
    await usersPage();
    await expect(invitationRow(owner, email).getByTestId('invitation-state')).toHaveText('Invited');
    await expect(invitationRow(owner, email)).toContainText('Invited by');
    await screenshot(owner, `invitations-users-en-${width}`);
    await owner.goto('/');
    await setLanguage(owner, 'ar');
    await usersPage();
    await expect(invitationRow(owner, email).getByTestId('invitation-state')).toHaveText(ar('Invited'));

    // The link as the invitee got it.
    const message = await mail.find((m) => m.includes(`To: ${email}`) && m.includes('/invite/'), 'the invitation');
    const link = message.match(/\/invite\/[\w-]+/)?.[0] as string;
    expect(link).toBeTruthy();

    await invitationRow(owner, email).getByTestId('invitation-revoke').click();
    const confirm = dialog(owner);
    await expect(confirm).toContainText('هدى سالم');
    await confirm.getByRole('button', { name: ar('Revoke') }).click();
    await expect(invitationRow(owner, email)).toHaveCount(0);

    const invitee = await newPage({ viewport: { width, height: 780 } });
    await invitee.goto(link);
    const error = invitee.getByTestId('invite-error');
    await expect(error).toBeVisible();
    await expect(error).toContainText('سحبت المؤسسة التي أرسلت هذه الدعوة دعوتها');
    await expect(invitee.getByLabel(ar('Choose a password'))).toHaveCount(0);
    await screenshot(invitee, `invitations-revoked-link-ar-${width}`);
  });
}
