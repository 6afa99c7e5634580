import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { api, buyRoom, screenshot, setLanguage, signInByApi } from '../lib/helpers.ts';

const AR_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => AR_DIGITS[Number(d)] as string);
const MEETING = 'مجلس الأمناء';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };

interface Made {
  id: string;
  number: string;
  passcode: string;
  joinUrl: string;
}

/** Issue 30: a new meeting has a passcode; typed in Arabic-Indic digits it lets a guest in, the invitation link needs none. */
test('meeting passcodes: shown to the owner, asked by number (Arabic digits work), carried by the invitation link', async ({
  page,
  newPage,
  bbbURL,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'أرفض' }).click();
  await signInByApi(page, 'owner@demo.test');

  let made: Made = { id: '', number: '', passcode: '', joinUrl: '' };
  await test.step('a BigBlueButton meeting guests may open: its card shows the passcode in Arabic digits', async () => {
    const room = await api<{ id: string }>(page, 'POST', '/api/rooms', {
      name: 'قاعة الأمناء',
      type: 'bbb',
      participants: 50,
    });
    expect(room.status).toBe(201);
    await buyRoom(page, room.json.id);
    const meeting = await api<Made>(page, 'POST', '/api/meetings', {
      name: MEETING,
      type: 'permanent',
      roomId: room.json.id,
      allowBeforeOwner: true,
    });
    expect(meeting.status).toBe(201);
    made = meeting.json;
    expect(made.passcode).toMatch(/^\d{6}$/);
    await page.goto('/dashbord/meeting');
    const card = page.getByTestId('meeting-card').filter({ hasText: MEETING });
    await expect(card.getByTestId('meeting-passcode-value')).toHaveText(toArabicDigits(made.passcode));
    await expect(card.getByRole('button', { name: 'رمز مرور جديد' })).toBeVisible();
    await shoot(page, 'passcode-meetings-ar', card);
  });

  await test.step('join by number: the page asks for the passcode; typed in Arabic-Indic digits, the guest is in', async () => {
    const guest = await newPage();
    await guest.goto('/join');
    await guest.getByTestId('cookie-banner').getByRole('button', { name: 'أرفض' }).click();
    await guest.getByLabel('رقم الاجتماع').fill(toArabicDigits(made.number));
    await guest.getByLabel('اسمك').fill('ضيفة المجلس');
    await guest.getByRole('button', { name: 'انضمام' }).click();
    await expect(guest.getByTestId('join-error')).toContainText('لهذا الاجتماع رمز مرور: أدخله للانضمام');
    // a wrong one says so, in the page's language
    await guest
      .getByLabel('رمز المرور')
      .fill(toArabicDigits(String((Number(made.passcode) + 1) % 1e6).padStart(6, '0')));
    await guest.getByRole('button', { name: 'انضمام' }).click();
    await expect(guest.getByTestId('join-error')).toContainText('رمز المرور غير صحيح');
    await shoot(guest, 'passcode-join-ar', guest.getByTestId('join'));
    await guest.getByLabel('رمز المرور').fill(toArabicDigits(made.passcode));
    await guest.getByRole('button', { name: 'انضمام' }).click();
    await guest.waitForURL((url) => url.href.startsWith(new URL(bbbURL).origin), { timeout: 25_000 });
    expect(await guest.content()).toMatch(/ضيفة المجلس/);
  });

  await test.step('the invitation link joins without typing the passcode', async () => {
    const invitee = await newPage();
    await invitee.goto(new URL(made.joinUrl).pathname + new URL(made.joinUrl).search);
    await invitee.getByLabel('اسمك').fill('مدعو بالرابط');
    await expect(invitee.getByLabel('رمز المرور')).toHaveCount(0);
    await invitee.getByRole('button', { name: 'انضمام' }).click();
    await invitee.waitForURL((url) => url.href.startsWith(new URL(bbbURL).origin), { timeout: 25_000 });
    expect(await invitee.content()).toMatch(/مدعو بالرابط/);
  });

  await test.step('in English: the passcode box and the meeting card', async () => {
    const guest = await newPage();
    await guest.goto('/join');
    await setLanguage(guest, 'en');
    await guest.getByTestId('cookie-banner').getByRole('button', { name: 'I decline' }).click();
    await guest.getByLabel('Meeting number').fill(made.number);
    await guest.getByLabel('Your name').fill('Guest');
    await guest.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(guest.getByTestId('join-error')).toContainText('This meeting has a passcode: enter it to join');
    await guest.getByLabel('Passcode').fill('12');
    await guest.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(guest.getByText('Enter the passcode: 6 digits')).toBeVisible();
    await shoot(guest, 'passcode-join-en', guest.getByTestId('join'));

    const owner = await newPage();
    await owner.goto('/');
    await setLanguage(owner, 'en');
    await owner.getByTestId('cookie-banner').getByRole('button', { name: 'I decline' }).click();
    await signInByApi(owner, 'owner@demo.test');
    // the guests started it (allowBeforeOwner): it is under Running now
    await owner.getByRole('tab', { name: 'Running' }).click();
    const card = owner.getByTestId('meeting-card').filter({ hasText: MEETING });
    await expect(card.getByTestId('meeting-passcode-value')).toHaveText(made.passcode);
    await shoot(owner, 'passcode-meetings-en', card);
    // the owner turns it off: the number alone lets people in
    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByText('No passcode: the number alone lets people in')).toBeVisible();
    await card.getByRole('button', { name: 'Add a passcode' }).click();
    await expect(card.getByTestId('meeting-passcode-value')).toHaveText(/^\d{6}$/);
  });
});

/** The page at phone and desktop widths, the part that matters in view. */
async function shoot(page: Page, name: string, part: ReturnType<Page['getByTestId']>) {
  for (const [size, viewport] of [
    ['360', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await part.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${size}`);
  }
}
