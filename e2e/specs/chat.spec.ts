import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from '../lib/harness.ts';
import { assert, eventually, expectAccessible, screenshot, signIn } from '../lib/helpers.ts';
import { type ScaleOut, scaleOutSkipReason, startScaleOut } from '../lib/scaleout.ts';

const TEAM = 'فريق التصميم';
const ADMIN = 'ليلى حسن';
const MEMBER = 'Omar Khaled';

const contexts: BrowserContext[] = [];

/** A page on one instance, in a context of its own (cookies, storage), Arabic by default, cookies answered. */
async function pageOn(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL }]);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`    console error on ${baseURL}: ${m.text()}`);
  });
  return page;
}

async function withScaleOut(options: { worker?: boolean }, run: (s: ScaleOut) => Promise<void>) {
  const skip = scaleOutSkipReason();
  if (skip) {
    console.log(`    skipped: ${skip}`);
    return;
  }
  const s = await startScaleOut(options);
  try {
    await run(s);
  } catch (error) {
    if (process.env.E2E_BFF_LOGS === '1') console.log(s.logs());
    throw error;
  } finally {
    // Pages first: a socket left open would retry against the stopped instances.
    for (const c of contexts.splice(0)) await c.close().catch(() => {});
    await s.stop();
  }
}

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
  await page.getByTestId('chat-panel').waitFor();
}

const panel = (page: Page) => page.getByTestId('chat-panel');
const row = (page: Page, name: string) => panel(page).locator('.contact-row', { hasText: name });
const presenceOf = (page: Page, name: string) => row(page, name).getByTestId('presence').textContent();
const badgeOf = (page: Page, name: string) => row(page, name).getByTestId('unread-badge');

async function send(page: Page, text: string) {
  const box = panel(page).getByRole('textbox', { name: 'الرسالة' });
  await box.fill(text);
  await box.press('Enter');
  await panel(page).getByTestId('message-log').getByText(text).waitFor();
  await eventually(async () => assert.equal(await box.inputValue(), ''));
}

test('scale-out chat in Arabic: admin on instance A and member on B, private and team, unread and presence live', async ({
  browser,
}) => {
  await withScaleOut({}, async (s) => {
    const admin = await pageOn(browser, s.a.url);
    const member = await pageOn(browser, s.b.url);
    await signIn(admin, 'admin@demo.test');
    await signIn(member, 'member@demo.test');
    await openChat(admin);
    await openChat(member);
    // The choice is remembered (spec §2: chatScreen).
    assert.equal(await admin.evaluate(() => localStorage.getItem('chatScreen')), 'show');

    // Presence across instances: each sees the other online.
    await eventually(async () => assert.equal(await presenceOf(admin, MEMBER), 'متصل'), 15_000);
    await eventually(async () => assert.equal(await presenceOf(member, ADMIN), 'متصل'), 15_000);
    // Search by a substring of the name.
    await panel(member).getByRole('searchbox', { name: 'البحث في جهات الاتصال' }).fill('ليلى');
    await row(member, ADMIN).waitFor();
    assert.equal(await panel(member).locator('.contact-row', { hasText: TEAM }).count(), 0);
    await panel(member).getByRole('searchbox', { name: 'البحث في جهات الاتصال' }).fill('');

    // Private: the admin writes; the member (contacts tab) gets an unread badge on the admin's row.
    await row(admin, MEMBER).click();
    await panel(admin).getByTestId('peer-presence').getByText('متصل', { exact: true }).waitFor();
    // The back arrow points to the start of the line: right in Arabic.
    assert.equal(
      await panel(admin)
        .locator('.back-icon')
        .evaluate((el) => getComputedStyle(el).transform),
      'none',
    );
    const sendButton = panel(admin).getByTestId('send-button');
    await panel(admin).getByRole('textbox', { name: 'الرسالة' }).fill('   \n  ');
    assert.equal(await sendButton.isDisabled(), true, 'whitespace only cannot be sent');
    await send(admin, 'مرحبًا يا عمر، هل الملف جاهز؟');
    await eventually(async () => assert.equal((await badgeOf(member, ADMIN).textContent())?.slice(0, 1), '١'));
    await member.getByTestId('chat-unread-badge').waitFor();

    // The member opens it: the message is there, the badges clear.
    await row(member, ADMIN).click();
    await panel(member).getByTestId('message-log').getByText('مرحبًا يا عمر، هل الملف جاهز؟').waitFor();
    await eventually(async () => assert.equal(await member.getByTestId('chat-unread-badge').count(), 0));
    // Shift+Enter is a new line, Enter sends.
    const box = panel(member).getByRole('textbox', { name: 'الرسالة' });
    await box.fill('نعم، جاهز.');
    await box.press('Shift+Enter');
    await box.pressSequentially('أرسلته الآن');
    assert.equal(await box.inputValue(), 'نعم، جاهز.\nأرسلته الآن');
    await box.press('Enter');
    // The admin has the conversation open and visible: it arrives, and stays read.
    await panel(admin).getByTestId('message-log').getByText('أرسلته الآن').waitFor();
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await admin.getByTestId('chat-unread-badge').count(), 0);

    // Team: the member writes to the team while the admin is in the private conversation.
    await panel(member).getByRole('button', { name: 'العودة إلى جهات الاتصال' }).click();
    await row(member, TEAM).click();
    await send(member, 'اجتماع الفريق غدًا الساعة العاشرة');
    await eventually(async () => assert.equal(await admin.getByTestId('chat-unread-badge').count(), 1));
    await panel(admin).getByRole('button', { name: 'العودة إلى جهات الاتصال' }).click();
    await eventually(async () => assert.equal((await badgeOf(admin, TEAM).textContent())?.slice(0, 1), '١'));
    await row(admin, TEAM).click();
    await panel(admin).getByTestId('message-log').getByText('اجتماع الفريق غدًا الساعة العاشرة').waitFor();
    await eventually(async () => assert.equal(await admin.getByTestId('chat-unread-badge').count(), 0));
    // Text is text: markup typed into a message is shown as typed.
    await send(admin, '<b>ليس عريضًا</b>');
    await panel(member).getByTestId('message-log').getByText('<b>ليس عريضًا</b>').waitFor();
    assert.equal(await panel(member).locator('.bubble__text b').count(), 0);

    await screenshot(admin, 'chat-ar');
    await expectAccessible(admin, 'dashboard with the chat open (Arabic)');

    // Presence: the admin closes the page; the member sees them go offline without a reload.
    await panel(member).getByRole('button', { name: 'العودة إلى جهات الاتصال' }).click();
    await admin.context().close();
    await eventually(async () => assert.equal(await presenceOf(member, ADMIN), 'غير متصل'), 15_000);

    // English, left to right, the same conversation.
    await member.getByTestId('language-toggle').click();
    await eventually(async () => assert.equal(await member.evaluate(() => document.documentElement.dir), 'ltr'));
    await panel(member).locator('.contact-row', { hasText: TEAM }).click();
    await panel(member).getByTestId('message-log').getByText('اجتماع الفريق غدًا الساعة العاشرة').waitFor();
    await panel(member).getByText('Team conversation').waitFor();
    await screenshot(member, 'chat-en');
    await member.context().close();
  });
});

test('scale-out notifications: the storage scan job warns the owner live, without a reload', async ({ browser }) => {
  await withScaleOut({ worker: true }, async (s) => {
    const owner = await pageOn(browser, s.a.url);
    const socketReady = socketConnected(owner);
    await signIn(owner, 'owner@demo.test');
    await owner.getByTestId('notifications-button').waitFor();
    await socketReady;
    assert.equal(await owner.getByTestId('notifications-badge').count(), 0);

    // Fill the institution's room to 90 % (one is created if it has none), then run the scan through BullMQ.
    const pg = (await import('pg')).default;
    const db = new pg.Client({ connectionString: s.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>(
        `select a.id from accounts a join users u on u.id = a.owner_user_id
         where u.email = 'owner@demo.test' and a.kind = 'inst'`,
      );
      const accountId = rows[0]?.id;
      assert.ok(accountId, 'the demo institution exists');
      const updated = await db.query(
        'update rooms set used_bytes = (storage_bytes * 9) / 10 where account_id = $1 and storage_bytes > 0',
        [accountId],
      );
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
    const connection = new Redis(s.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue('notifications', { connection, prefix: `${s.redisPrefix}bull` });
    await queue.add('storage-scan', {});
    await queue.close();
    await connection.quit();

    // Live: the badge appears, and the drawer lists the warning.
    await owner.getByTestId('notifications-badge').waitFor({ timeout: 30_000 });
    assert.equal((await owner.getByTestId('notifications-badge').textContent())?.slice(0, 1), '١');
    await owner.getByTestId('notifications-button').click();
    const item = owner.getByTestId('notification').first();
    await item.waitFor();
    assert.equal(await item.getAttribute('data-type'), 'warning');
    assert.match((await item.textContent()) ?? '', /[\u0600-\u06FF]/);
    // The sidebar's storage block follows the warning without a reload: red, at 90 %.
    await eventually(async () =>
      assert.equal(await owner.getByTestId('storage-block').getAttribute('data-level'), 'warning'),
    );
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
    // Dismissing removes it (and the badge).
    await item.getByRole('button', { name: /^إخفاء/ }).click();
    await eventually(async () => assert.equal(await owner.getByTestId('notification').count(), 0));
    assert.equal(await owner.getByTestId('notifications-badge').count(), 0);
    await owner.context().close();
  });
});
