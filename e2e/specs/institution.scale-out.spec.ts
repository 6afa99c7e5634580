import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { expectAccessible, screenshot, signInByApi, uniqueEmail } from '../lib/helpers.ts';
import { type ScaleOut, test } from '../lib/scaleout.ts';

/**
 * Issue 11, "Done when": an institution runs itself across two BFF instances, in Arabic. The owner (on A) adds an
 * admin with an initial password and a member by invitation, puts both in a new team and gives the admin a room; the
 * admin (on B) and the member (on A) chat in that team; the owner deactivates the member, whose socket is cut at once
 * and who can no longer sign in. Scale-out has no /dev/outbox and no mail catcher: the invitation link is read from
 * the outbox table, where the BFF left the e-mail for delivery.
 */

const ADMIN_PASSWORD = 'Admin-initial-2026!';
const MEMBER_PASSWORD = 'Member-chosen-2026!';
const TEAM = 'فريق المشاريع';
const wide = { width: 1366, height: 900 };
const narrow = { width: 360, height: 780 };
const smallest = { width: 320, height: 700 };

/** The newest invitation link the BFF queued for `email` (the e-mail's text, as the outbox holds it). */
async function invitationLink(scaleOut: ScaleOut, email: string): Promise<string> {
  const pg = (await import('pg')).default;
  const db = new pg.Client({ connectionString: scaleOut.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ body: string }>(
      `select body from outbox where "to" = $1 and template = 'accountInvite' order by id desc limit 1`,
      [email],
    );
    const link = rows[0]?.body.match(/\/invite\/[\w-]+/)?.[0];
    expect(link, `the invitation e-mail to ${email} is in the outbox`).toBeDefined();
    return link as string;
  } finally {
    await db.end();
  }
}

const dialog = (page: Page) => page.getByRole('dialog');
const userRow = (page: Page, email: string) => page.getByTestId('user-row').filter({ hasText: email });
const panel = (page: Page) => page.getByTestId('chat-panel');
const messageLog = (page: Page) => panel(page).getByTestId('message-log');

async function addUser(
  owner: Page,
  u: { fname: string; lname: string; email: string; phone: string; role: 'مشرف' | 'عضو'; password?: string },
) {
  await owner.getByTestId('add-user').click();
  const form = dialog(owner);
  await form.getByRole('textbox', { name: 'الاسم الأول' }).fill(u.fname);
  await form.getByRole('textbox', { name: 'اسم العائلة' }).fill(u.lname);
  await form.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill(u.email);
  await form.getByRole('textbox', { name: 'رقم الهاتف' }).fill(u.phone);
  await form.getByRole('combobox', { name: 'الدور' }).click();
  await owner.getByRole('option', { name: u.role, exact: true }).click();
  if (u.password) {
    await form.getByRole('radio', { name: 'تعيين كلمة مرور أولية' }).check();
    await form.getByLabel('كلمة المرور الأولية').fill(u.password);
  } else {
    await expect(form.getByRole('radio', { name: 'إرسال رابط دعوة بالبريد الإلكتروني' })).toBeChecked();
  }
  await form.getByRole('button', { name: 'إضافة المستخدم' }).click();
  await expect(form).toHaveCount(0);
}

async function openChat(page: Page) {
  await page.getByTestId('chat-toggle').click();
  await expect(panel(page)).toBeVisible();
}

async function send(page: Page, text: string) {
  const box = panel(page).getByRole('textbox', { name: 'الرسالة' });
  await box.fill(text);
  await box.press('Enter');
  await expect(messageLog(page).getByText(text)).toBeVisible();
}

/** Nothing wider than the screen. */
async function fitsWidth(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no sideways scroll',
  ).toBe(true);
}

/**
 * Watches the page's socket from now on: when the server's DISCONNECT packet ("41") arrives, over the websocket or a
 * long-poll, whichever carries it, or the websocket closes. Start it before the page connects.
 */
function watchSocketCut(page: Page): { cutAt: () => number | null } {
  let cutAt: number | null = null;
  const cut = () => {
    cutAt ??= Date.now();
  };
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/event/')) return;
    ws.on('framereceived', (f) => {
      if (String(f.payload).startsWith('41')) cut();
    });
    ws.on('close', cut);
  });
  page.on('response', async (r) => {
    if (!r.url().includes('/event/')) return;
    // A long-poll's answer holds packets separated by the record separator (engine.io v4).
    const packets = (await r.text().catch(() => '')).split('\u001e');
    if (packets.some((p) => p.startsWith('41'))) cut();
  });
  return { cutAt: () => cutAt };
}

test('an institution in Arabic across two instances: add, team, room, chat, deactivate', async ({
  pageOn,
  scaleOut,
}) => {
  const run = Math.random().toString(36).slice(2, 6);
  const admin = { fname: 'سارة', lname: `الأحمد ${run}`, email: uniqueEmail('e2e-admin'), phone: '1001000101' };
  const member = { fname: 'يوسف', lname: `المنصور ${run}`, email: uniqueEmail('e2e-member'), phone: '1001000102' };
  const adminName = `${admin.fname} ${admin.lname}`;
  const memberName = `${member.fname} ${member.lname}`;

  const owner = await pageOn('a');
  await owner.setViewportSize(wide);
  await signInByApi(owner, 'owner@demo.test');

  await test.step('the owner adds an admin with an initial password and a member by invitation', async () => {
    await owner.goto('/dashbord/userManagement');
    await expect(owner.getByRole('heading', { name: 'المسؤولون والأعضاء', level: 1 })).toBeVisible();
    await addUser(owner, { ...admin, role: 'مشرف', password: ADMIN_PASSWORD });
    await expect(userRow(owner, admin.email)).toContainText('مشرف');
    await addUser(owner, { ...member, role: 'عضو' });
    // Invited, not yet a user: the row comes when they accept.
    await expect(userRow(owner, member.email)).toHaveCount(0);
  });

  const memberPage = await pageOn('a');
  const memberSocket = watchSocketCut(memberPage);
  await test.step('the member opens the invitation link, chooses a password and is signed in', async () => {
    await memberPage.goto(await invitationLink(scaleOut, member.email));
    await expect(memberPage.getByText(`مرحبًا ${member.fname}`, { exact: false })).toBeVisible();
    await memberPage.getByLabel('اختر كلمة مرور').fill(MEMBER_PASSWORD);
    await memberPage.getByLabel('تأكيد كلمة المرور').fill(MEMBER_PASSWORD);
    // A new person accepts the terms and says their age, as on registration (spec §5).
    await memberPage.getByLabel('أوافق على الشروط والأحكام').check();
    await memberPage.getByLabel('عمري أكثر من ١٢ عامًا').check();
    await memberPage.getByRole('button', { name: /^الانضمام إلى/ }).click();
    await memberPage.waitForURL('**/dashbord/meeting');
    await expect(memberPage.getByTestId('sidebar')).toBeVisible();
    await owner.reload();
    await expect(userRow(owner, member.email)).toContainText('عضو');
  });

  await test.step('the owner gives the admin a free room', async () => {
    await userRow(owner, admin.email)
      .getByRole('button', { name: `إجراءات ${adminName}` })
      .click();
    await owner.getByRole('menuitem', { name: 'إسناد غرفة' }).click();
    const assign = dialog(owner);
    const select = assign.getByRole('combobox', { name: 'الغرفة' });
    // A click on an option while the list is still opening can miss: pick again until the field holds a room.
    await expect(async () => {
      await select.click();
      await owner.getByRole('option').first().click();
      await expect(select).not.toHaveValue('', { timeout: 2000 });
    }).toPass();
    const roomName = (await select.inputValue()).trim();
    expect(roomName, 'a free room to assign').not.toBe('');
    await assign.getByRole('button', { name: 'إسناد', exact: true }).click();
    await expect(assign).toHaveCount(0);
    await expect(userRow(owner, admin.email)).toContainText(roomName);
  });

  await test.step('the owner makes a team of the two', async () => {
    await owner.goto('/dashbord/teamsManagement');
    await owner.getByTestId('add-team').click();
    await dialog(owner).getByLabel('اسم الفريق').fill(TEAM);
    await dialog(owner).getByRole('button', { name: 'أضف الفريق' }).click();
    await expect(dialog(owner)).toHaveCount(0);
    const card = owner.getByTestId('team-card').filter({ hasText: TEAM });
    await card.getByTestId('team-members').click();
    const picker = dialog(owner).getByLabel('الأعضاء', { exact: true });
    for (const name of [adminName, memberName]) {
      await picker.fill(name);
      await owner.getByRole('option', { name: new RegExp(name) }).click();
    }
    // The picker's list stays open over the buttons: a click on the dialog's title closes it.
    await dialog(owner).getByRole('heading', { name: 'أعضاء الفريق' }).click();
    await dialog(owner).getByTestId('team-members-save').click();
    await expect(dialog(owner)).toHaveCount(0);
    await expect(card.getByTestId('team-count')).toHaveText('عضوان');
  });

  const adminPage = await pageOn('b');
  await test.step('the admin signs in on instance B and chats with the member (on A) in the team', async () => {
    await signInByApi(adminPage, admin.email, ADMIN_PASSWORD);
    await openChat(adminPage);
    // The member was signed in before the team existed: it reached their chat live (teams-changed).
    await openChat(memberPage);
    await panel(adminPage).locator('.contact-row', { hasText: TEAM }).click();
    await panel(memberPage).locator('.contact-row', { hasText: TEAM }).click();
    await send(adminPage, 'أهلًا يوسف، هذا فريقنا الجديد');
    await expect(messageLog(memberPage).getByText('أهلًا يوسف، هذا فريقنا الجديد')).toBeVisible();
    await send(memberPage, 'أهلًا سارة، وصلت رسالتك');
    await expect(messageLog(adminPage).getByText('أهلًا سارة، وصلت رسالتك')).toBeVisible();
  });

  await test.step('the owner deactivates the member: their socket is cut within a second, then they are out', async () => {
    await owner.goto('/dashbord/userManagement');
    await userRow(owner, member.email)
      .getByRole('switch', { name: `نشط: ${memberName}` })
      .click();
    const confirm = dialog(owner);
    await expect(confirm).toContainText('تعطيل المستخدم');
    const answered = owner.waitForResponse((r) => /\/api\/users\/[^/]+\/status$/.test(new URL(r.url()).pathname));
    expect(memberSocket.cutAt(), 'the member socket is alive before the change').toBeNull();
    const clickedAt = Date.now();
    await confirm.getByRole('button', { name: 'تعطيل', exact: true }).click();
    const response = await answered;
    expect(response.ok(), 'the deactivation succeeded').toBe(true);
    const answeredAt = Date.now();
    // Within a second of the owner's answer (the cut may even come first: it is published once the change commits).
    await expect
      .poll(() => memberSocket.cutAt(), { message: 'the member socket is cut within a second', timeout: 1000 })
      .not.toBeNull();
    const cutAt = memberSocket.cutAt() ?? 0;
    expect(cutAt).toBeGreaterThanOrEqual(clickedAt);
    expect(cutAt - answeredAt).toBeLessThan(1000);
    await expect(userRow(owner, member.email).getByRole('switch')).not.toBeChecked();
    // The page does not wait for the member's next click: the cut socket asks whether the session stands (401), and
    // the page signs them out by itself.
    await memberPage.waitForURL('**/login');
  });

  await test.step('the member can no longer sign in to the institution: the clear message', async () => {
    const again = await pageOn('b');
    await again.goto('/login');
    await again.getByLabel('البريد الإلكتروني').fill(member.email);
    await again.getByLabel('كلمة المرور', { exact: true }).fill(MEMBER_PASSWORD);
    await again.locator('form').getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(again.getByRole('alert')).toContainText('تم تعطيل وصولك إلى هذه المؤسسة');
    expect(new URL(again.url()).pathname).toBe('/login');
  });

  await test.step('pictures and axe: users, teams and profile, Arabic and English, 1366, 360 and 320 px', async () => {
    for (const language of ['ar', 'en'] as const) {
      if (language === 'en') {
        await owner.getByTestId('language-toggle').click();
        await expect(owner.locator('html')).toHaveAttribute('dir', 'ltr');
      }
      for (const [path, name] of [
        ['/dashbord/userManagement', 'users'],
        ['/dashbord/teamsManagement', 'teams'],
        ['/dashbord/profile', 'profile'],
      ] as const) {
        await owner.setViewportSize(wide);
        await owner.goto(path);
        await expect(owner.locator('html')).toHaveAttribute('lang', language);
        const ready = {
          users: userRow(owner, admin.email),
          teams: owner.getByTestId('team-card').first(),
          profile: owner.getByRole('heading', { level: 1 }),
        }[name];
        await expect(ready).toBeVisible();
        await screenshot(owner, `${name}-${language}-1366`);
        await expectAccessible(owner, `${name} page (${language}, 1366 px)`);
        await owner.setViewportSize(narrow);
        await expect(ready).toBeVisible();
        await screenshot(owner, `${name}-${language}-360`);
        await fitsWidth(owner);
        await expectAccessible(owner, `${name} page (${language}, 360 px)`);
        await owner.setViewportSize(smallest);
        await expect(ready).toBeVisible();
        await screenshot(owner, `${name}-${language}-320`);
        await fitsWidth(owner);
      }
    }
  });
});
