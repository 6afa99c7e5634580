import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { api, expectAccessible, screenshot, signInByApi } from '../lib/helpers.ts';
import { test } from '../lib/scaleout.ts';

const TEAM = 'فريق التصميم';
const ADMIN = 'ليلى حسن';
const MEMBER = 'Omar Khaled';

/**
 * Resolves when socket.io acknowledges the page's CONNECT ("40{…}": signed in on the socket), over long-polling or
 * the websocket, whatever the machine's load. Start it before the page connects.
 */
async function socketConnected(page: Page): Promise<void> {
  const timeout = 30_000;
  const overPolling = page.waitForResponse(
    async (r) => r.url().includes('/event/') && (await r.text().catch(() => '')).includes('40{'),
    { timeout },
  );
  const overWebSocket = page
    .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/event/'), timeout })
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout }));
  await Promise.any([overPolling, overWebSocket]);
}

async function openChat(page: Page) {
  await page.getByTestId('chat-toggle').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
}

const panel = (page: Page) => page.getByTestId('chat-panel');
const row = (page: Page, name: string) => panel(page).locator('.contact-row', { hasText: name });
const presenceOf = (page: Page, name: string) => row(page, name).getByTestId('presence');
const badgeOf = (page: Page, name: string) => row(page, name).getByTestId('unread-badge');
const messageLog = (page: Page) => panel(page).getByTestId('message-log');

async function send(page: Page, text: string) {
  const box = panel(page).getByRole('textbox', { name: 'الرسالة' });
  await box.fill(text);
  await box.press('Enter');
  await expect(messageLog(page).getByText(text)).toBeVisible();
  await expect(box).toHaveValue('');
}

test('scale-out chat in Arabic: admin on instance A and member on B, private and team, unread and presence live', async ({
  pageOn,
}) => {
  const admin = await pageOn('a');
  const member = await pageOn('b');

  await test.step('both sign in and open the chat; each sees the other online', async () => {
    await signInByApi(admin, 'admin@demo.test');
    await signInByApi(member, 'member@demo.test');
    await openChat(admin);
    await openChat(member);
    // The choice is remembered (spec §2: chatScreen).
    expect(await admin.evaluate(() => localStorage.getItem('chatScreen'))).toBe('show');
    // Presence across instances.
    await expect(presenceOf(admin, MEMBER)).toHaveText('متصل');
    await expect(presenceOf(member, ADMIN)).toHaveText('متصل');
    // Search by a substring of the name.
    const search = panel(member).getByRole('searchbox', { name: 'البحث في جهات الاتصال' });
    await search.fill('ليلى');
    await expect(row(member, ADMIN)).toBeVisible();
    await expect(row(member, TEAM)).toHaveCount(0);
    await search.fill('');
  });

  await test.step('private: the admin writes; the member gets an unread badge on the admin row', async () => {
    await row(admin, MEMBER).click();
    await expect(panel(admin).getByTestId('peer-presence').getByText('متصل', { exact: true })).toBeVisible();
    // The back arrow points to the start of the line: right in Arabic.
    await expect(panel(admin).locator('.back-icon')).toHaveCSS('transform', 'none');
    await panel(admin).getByRole('textbox', { name: 'الرسالة' }).fill('   \n  ');
    await expect(panel(admin).getByTestId('send-button'), 'whitespace only cannot be sent').toBeDisabled();
    await send(admin, 'مرحبًا يا عمر، هل الملف جاهز؟');
    await expect(badgeOf(member, ADMIN)).toHaveText(/^١/);
    await expect(member.getByTestId('chat-unread-badge')).toBeVisible();
  });

  await test.step('the member opens it: the badges clear; the answer arrives in the open conversation, read', async () => {
    await row(member, ADMIN).click();
    await expect(messageLog(member).getByText('مرحبًا يا عمر، هل الملف جاهز؟')).toBeVisible();
    await expect(member.getByTestId('chat-unread-badge')).toHaveCount(0);
    // Shift+Enter is a new line, Enter sends.
    const box = panel(member).getByRole('textbox', { name: 'الرسالة' });
    await box.fill('نعم، جاهز.');
    await box.press('Shift+Enter');
    await box.pressSequentially('أرسلته الآن');
    await expect(box).toHaveValue('نعم، جاهز.\nأرسلته الآن');
    // The admin has the conversation open and visible, on the other instance: the server's chat chart, told so by
    // the admin's page, reads the arriving message there (issue 17); the page posts nothing, and no badge comes.
    const posted: string[] = [];
    admin.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/chat\/message\/status\//.test(new URL(r.url()).pathname))
        posted.push(r.url());
    });
    await box.press('Enter');
    await expect(messageLog(admin).getByText('أرسلته الآن')).toBeVisible();
    await expect
      .poll(async () => {
        const unread = await api<Array<{ text: string }>>(admin, 'GET', '/api/chat/message/status/unread');
        return unread.json.some((m) => m.text.includes('أرسلته الآن'));
      })
      .toBe(false);
    await expect(admin.getByTestId('chat-unread-badge')).toHaveCount(0);
    expect(posted).toEqual([]);
  });

  await test.step('team: the member writes to the team while the admin is in the private conversation', async () => {
    await panel(member).getByRole('button', { name: 'العودة إلى جهات الاتصال' }).click();
    await row(member, TEAM).click();
    await send(member, 'اجتماع الفريق غدًا الساعة العاشرة');
    await expect(admin.getByTestId('chat-unread-badge')).toHaveCount(1);
    await panel(admin).getByRole('button', { name: 'العودة إلى جهات الاتصال' }).click();
    await expect(badgeOf(admin, TEAM)).toHaveText(/^١/);
    await row(admin, TEAM).click();
    await expect(messageLog(admin).getByText('اجتماع الفريق غدًا الساعة العاشرة')).toBeVisible();
    await expect(admin.getByTestId('chat-unread-badge')).toHaveCount(0);
    // Text is text: markup typed into a message is shown as typed.
    await send(admin, '<b>ليس عريضًا</b>');
    await expect(messageLog(member).getByText('<b>ليس عريضًا</b>')).toBeVisible();
    await expect(panel(member).locator('.bubble__text b')).toHaveCount(0);
    await screenshot(admin, 'chat-ar');
    await expectAccessible(admin, 'dashboard with the chat open (Arabic)');
  });

  await test.step('presence: the admin closes the page; the member sees them go offline without a reload', async () => {
    await panel(member).getByRole('button', { name: 'العودة إلى جهات الاتصال' }).click();
    await admin.context().close();
    await expect(presenceOf(member, ADMIN)).toHaveText('غير متصل');
  });

  await test.step('English, left to right, the same conversation', async () => {
    await member.getByTestId('language-toggle').click();
    await expect(member.locator('html')).toHaveAttribute('dir', 'ltr');
    await row(member, TEAM).click();
    await expect(messageLog(member).getByText('اجتماع الفريق غدًا الساعة العاشرة')).toBeVisible();
    await expect(panel(member).getByText('Team conversation')).toBeVisible();
    await screenshot(member, 'chat-en');
  });
});

test.describe('with the worker', () => {
  test.use({ scaleOutOptions: { worker: true } });

  test('scale-out notifications: the storage scan job warns the owner live, without a reload', async ({
    pageOn,
    scaleOut,
  }) => {
    const owner = await pageOn('a');
    const socketReady = socketConnected(owner);
    await signInByApi(owner, 'owner@demo.test');
    await expect(owner.getByTestId('notifications-button')).toBeVisible();
    await socketReady;
    await expect(owner.getByTestId('notifications-badge')).toHaveCount(0);

    // One warning per room filled (the demo institution has more than one room since issue 11).
    let warned = 1;
    await test.step("fill the institution's rooms to 90 %, then run the scan through BullMQ", async () => {
      // One room is created if the institution has none.
      const pg = (await import('pg')).default;
      const db = new pg.Client({ connectionString: scaleOut.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ id: string }>(
          `select a.id from accounts a join users u on u.id = a.owner_user_id
           where u.email = 'owner@demo.test' and a.kind = 'inst'`,
        );
        const accountId = rows[0]?.id;
        expect(accountId, 'the demo institution exists').toBeTruthy();
        const updated = await db.query(
          'update rooms set used_bytes = (storage_bytes * 9) / 10 where account_id = $1 and storage_bytes > 0',
          [accountId],
        );
        warned = Math.max(1, updated.rowCount ?? 0);
        if (!updated.rowCount) {
          await db.query(
            `insert into rooms (account_id, name, type, storage_bytes, used_bytes)
             values ($1, 'قاعة الاجتماعات', 'jitsi', 10737418240, 9663676416)`,
            [accountId],
          );
        }
      } finally {
        await db.end();
      }
      const { Queue } = await import('bullmq');
      const { Redis } = await import('ioredis');
      const connection = new Redis(scaleOut.redisUrl, { maxRetriesPerRequest: null });
      const queue = new Queue('notifications', { connection, prefix: `${scaleOut.redisPrefix}bull` });
      await queue.add('storage-scan', {});
      await queue.close();
      await connection.quit();
    });

    await test.step('live: the badge appears, the drawer lists the warning, the storage block turns red', async () => {
      const count = new Intl.NumberFormat('ar-EG').format(warned);
      await expect(owner.getByTestId('notifications-badge')).toHaveText(new RegExp(`^${count}`), { timeout: 30_000 });
      await owner.getByTestId('notifications-button').click();
      const item = owner.getByTestId('notification').first();
      await expect(item).toHaveAttribute('data-type', 'warning');
      await expect(item).toHaveText(/[\u0600-\u06FF]/);
      // The sidebar's storage block follows the warning without a reload: red, at 90 %.
      await expect(owner.getByTestId('storage-block')).toHaveAttribute('data-level', 'warning');
      // The drawer's slide-in has finished (no finite animation running), however slowly the machine animates it.
      await owner.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      );
      await screenshot(owner, 'notifications-ar');
      await expectAccessible(owner, 'notifications drawer (Arabic)');
      // Dismissing removes them, one by one (and the badge with the last).
      for (let left = warned - 1; left >= 0; left--) {
        await owner
          .getByTestId('notification')
          .first()
          .getByRole('button', { name: /^إخفاء/ })
          .click();
        await expect(owner.getByTestId('notification')).toHaveCount(left);
      }
      await expect(owner.getByTestId('notifications-badge')).toHaveCount(0);
    });
  });
});
