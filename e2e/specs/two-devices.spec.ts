import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ar } from '../lib/catalog.ts';
import { DEMO_PASSWORD } from '../lib/constants.ts';
import { api, signInByApi } from '../lib/helpers.ts';

/**
 * Issue 17: the rules are the server's, so two devices of one person agree. Two browsers (separate contexts, own
 * cookies) of the demo institution's Sam, who no other spec signs in as; Nadia, an admin there, writes to him.
 */
const SAM = 'sam@demo.test';
const NADIA = 'nadia@demo.test';
const arabicDigits = (n: number) => String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** Nadia writes `texts` to Sam in their private conversation, as her chat does (the spec's HTTP send). */
async function nadiaWritesToSam(page: Page, texts: string[]) {
  // Who is signed in, as the client keeps it (spec §3 user: id and the acting account's ownerId).
  const me = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string; ownerId: string },
  );
  const contacts = await api<Array<{ userId: string; name: string }>>(page, 'GET', '/api/chat/users');
  const sam = contacts.json.find((c) => c.name.startsWith('Sam'));
  expect(sam, 'Sam among Nadia’s contacts').toBeDefined();
  const conversation = await api<{ _id: string }>(page, 'POST', '/api/chat/conversation', {
    senderId: me.id,
    recieverId: sam?.userId,
    type: 'private',
    ownerId: me.ownerId,
  });
  expect(conversation.status).toBe(200);
  for (const text of texts) {
    const sent = await api(page, 'POST', '/api/chat/message', { text, conversationId: conversation.json._id });
    expect(sent.status).toBe(201);
  }
  return conversation.json._id;
}

test('a password changed on one device signs the other out within a second, saying why', async ({ page, newPage }) => {
  await signInByApi(page, SAM);
  const other = await newPage();
  await signInByApi(other, SAM);
  await expect(other.getByTestId('sidebar')).toBeVisible();

  await page.goto('/dashbord/profile');
  const newPassword = 'Another-sam-2026!';
  await page.getByLabel(ar('Current password')).fill(DEMO_PASSWORD);
  await page.getByLabel(ar('New password')).fill(newPassword);
  await page.getByLabel(ar('Confirm the password')).fill(newPassword);
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/profile/password') && r.status() === 200);
  await page.getByRole('button', { name: ar('Change the password') }).click();
  await changed;
  const at = Date.now();
  // The other browser is told on its socket: to the login page at once, with the reason in its language.
  await expect(other.getByTestId('session-ended')).toHaveText(ar('You were signed out: your password was changed'), {
    timeout: 5_000,
  });
  const took = Date.now() - at;
  test.info().annotations.push({ type: 'signed out after', description: `${took} ms` });
  expect(took, 'the other device signed out within a second').toBeLessThan(1_000);
  await expect(other).toHaveURL(/\/login$/);
  // This device stays signed in; the demo password comes back for whoever signs in as Sam next.
  const back = await api(page, 'POST', '/api/profile/password', {
    currentPassword: newPassword,
    newPassword: DEMO_PASSWORD,
  });
  expect(back.status).toBe(200);
});

test('messages sent while a member was away are unread in a new browser; a notification dismissed on one device leaves the other', async ({
  page,
  newPage,
}) => {
  // Sam has no page open: every device of his was signed out by the test before (or never signed in).
  await signInByApi(page, NADIA);
  const texts = ['مرحبًا سام', 'هل راجعت العرض؟', 'اجتماع الغد في العاشرة'];
  await nadiaWritesToSam(page, texts);

  const phone = await newPage();
  await signInByApi(phone, SAM);
  // The chat button counts the three: the server stored them unread for him at send.
  await expect(phone.getByTestId('chat-toggle')).toHaveAttribute(
    'aria-label',
    `${ar('Team chat')}: ${arabicDigits(texts.length)}`,
  );

  // The away notice came as one notification for the conversation; a second browser sees it too.
  const laptop = await newPage();
  await signInByApi(laptop, SAM);
  const bell = (p: Page) => p.getByTestId('notifications-button');
  const countOf = async (p: Page) => {
    const label = (await bell(p).getAttribute('aria-label')) ?? '';
    const digits = label.split(':')[1]?.trim() ?? '٠';
    return Number(digits.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace('+', ''));
  };
  await expect.poll(() => countOf(laptop)).toBeGreaterThan(0);
  const before = await countOf(laptop);
  await expect.poll(() => countOf(phone)).toBe(before);

  // Dismissed on the phone: the laptop's badge follows without a reload.
  await bell(phone).click();
  const dismiss = phone.getByRole('button', { name: new RegExp(`^${ar('Dismiss: {0}').replace('{0}', '')}`) });
  await dismiss.first().click();
  await expect.poll(() => countOf(phone)).toBe(before - 1);
  await expect.poll(() => countOf(laptop), { timeout: 5_000 }).toBe(before - 1);
});
