import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS } from '../lib/constants.ts';
import { api, screenshot, signInByApi } from '../lib/helpers.ts';

/**
 * Issue 31: Majlis on a phone like an app. The profile's "notify this device" subscribes through PushManager with the
 * VAPID key and registers the subscription (its endpoint is this test's push endpoint: Chromium's own push service
 * is Google's, out of reach here, so PushManager.subscribe answers a subscription to it); the service worker shows
 * the offline page, in Arabic, when a page cannot load; the first meeting created suggests notifications on this
 * device, once, and the profile names the device readably; Chromium finds the meetings page installable. Pictures of
 * the profile card, the suggestion and the calendar feed at 360 and 1366 px in both languages.
 */

/** The cookie banner covers the page's foot until answered (once per user, kept on the server). */
async function declineCookies(page: Page) {
  const decline = page.getByTestId('cookie-banner').getByRole('button', { name: /أرفض|I decline/ });
  if (
    await decline.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    )
  )
    await decline.click();
}

test('notify this device registers a subscription to the push endpoint; offline shows the Arabic offline page', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const BASE = baseURL as string;
  const hits: string[] = [];
  const service = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/e2e-device`;
  try {
    await context.grantPermissions(['notifications'], { origin: BASE });
    await context.addCookies([{ name: 'MajlisLang', value: 'Ar', url: BASE }]);
    await fakePushManager(page, endpoint);
    await signInByApi(page, 'member@demo.test', undefined, { landing: '/dashbord/profile' });
    await page.goto('/dashbord/profile');
    await declineCookies(page);
    // the service worker of the production build controls the page
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const card = page.getByTestId('devices-card');
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'أرسل الإشعارات إلى هذا الجهاز' }).click();
    await expect(card.getByRole('button', { name: 'يستلم هذا الجهاز الإشعارات' })).toBeVisible();
    await expect(card.getByTestId('push-devices')).toContainText('هذا الجهاز');
    const devices = await api<{ devices: Array<{ endpoint: string }> }>(page, 'GET', '/api/push/devices');
    expect(devices.json.devices.map((d) => d.endpoint)).toContain(endpoint);
    // the VAPID public key went to PushManager: a 65-byte uncompressed P-256 point
    expect(await page.evaluate(() => (window as unknown as { pushKey: Uint8Array }).pushKey.length)).toBe(65);
    await screenshot(page, 'pwa-profile-ar-1366');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'pwa-profile-ar-360');

    // the manifest is the page's language's; the icons it names are served
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      return { href, json: await (await fetch(href)).json() };
    });
    expect(manifest.href).toBe('/manifest.ar.webmanifest');
    expect(manifest.json).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      start_url: '/dashbord/meeting',
      display: 'standalone',
    });

    // offline: a page that cannot load shows the offline page, in Arabic
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await context.setOffline(true);
    await page.goto('/dashbord/meeting').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'لا يوجد اتصال بالإنترنت' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, 'pwa-offline-ar-360');
    await context.setOffline(false);
    expect(hits).toEqual([]); // registering sends nothing to the push service
  } finally {
    await context.setOffline(false);
    await new Promise((resolve) => service.close(resolve));
  }
});

for (const language of ['ar', 'en'] as const) {
  test(`${language}: the calendar page makes a feed link with copy and add-to-calendar links`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page
      .context()
      .addCookies([{ name: 'MajlisLang', value: language === 'en' ? 'En' : 'Ar', url: baseURL as string }]);
    await signInByApi(page, 'admin@demo.test');
    await page.goto('/dashbord/calender');
    await declineCookies(page);
    const feed = page.getByTestId('calendar-feed');
    await feed.scrollIntoViewIfNeeded();
    await feed.getByRole('button', { name: language === 'ar' ? /أنشئ رابط/ : /Make (my calendar|a new) link/ }).click();
    await expect(feed.getByTestId('calendar-feed-url')).toHaveValue(/\/api\/calendar\/feed\/.+\.ics$/);
    await expect(
      feed.getByRole('link', { name: language === 'ar' ? 'أضِف إلى تقويم Google' : 'Add to Google Calendar' }),
    ).toHaveAttribute('href', /calendar\.google\.com.*webcal/);
    await screenshot(page, `pwa-calendar-feed-${language}-1366`);
    await page.setViewportSize({ width: 360, height: 780 });
    await feed.scrollIntoViewIfNeeded();
    await screenshot(page, `pwa-calendar-feed-${language}-360`);
  });
}

/** PushManager answers a subscription to `endpoint` (Chromium's own push service is Google's, out of reach here). */
async function fakePushManager(page: Page, endpoint: string) {
  await page.addInitScript((endpoint) => {
    const sub = {
      endpoint,
      expirationTime: null,
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
      unsubscribe: async () => true,
    };
    // kept across the pages of the walk, as the browser keeps its subscription
    PushManager.prototype.subscribe = async (options) => {
      // the key the page handed over, for the test to check
      (window as unknown as { pushKey: unknown }).pushKey = options?.applicationServerKey;
      localStorage.setItem('e2e-push-subscribed', '1');
      return sub as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      localStorage.getItem('e2e-push-subscribed') ? (sub as unknown as PushSubscription) : null;
  }, endpoint);
}

for (const language of ['ar', 'en'] as const) {
  test(`${language}: the first meeting created suggests notifications on this device, once; the profile names the device`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const BASE = baseURL as string;
    const ar = language === 'ar';
    await page.setViewportSize({ width: 1366, height: 800 });
    await context.grantPermissions(['notifications'], { origin: BASE });
    await context.addCookies([{ name: 'MajlisLang', value: ar ? 'Ar' : 'En', url: BASE }]);
    await fakePushManager(page, `http://127.0.0.1:9/push/e2e-suggest-${language}`);
    await signInByApi(page, 'owner@demo.test');
    await declineCookies(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const roomName = `${ar ? 'قاعة' : 'Hall'} ${language}-${Date.now().toString(36)}`;
    const room = await api<{ id: string }>(page, 'POST', '/api/rooms', {
      name: roomName,
      type: 'jitsi',
      participants: 5,
    });
    expect(room.status).toBe(201);
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(
      new Date(Date.now() + 24 * 3600_000),
    );
    const create = async (name: string) => {
      await page.getByTestId('new-meeting').click();
      const form = page.getByRole('dialog', { name: ar ? 'اجتماع جديد' : 'New meeting' });
      await form.getByLabel(ar ? 'اسم الاجتماع' : 'Meeting name').fill(name);
      await form
        .getByLabel(ar ? 'الغرفة' : 'Room', { exact: false })
        .first()
        .click();
      await page.getByRole('option', { name: roomName }).click();
      await form
        .getByLabel(ar ? 'اليوم' : 'Day', { exact: false })
        .first()
        .fill(tomorrow);
      await form.getByRole('textbox', { name: ar ? 'الساعة' : 'Hour', exact: true }).fill('10:00');
      await form.getByRole('button', { name: ar ? 'إنشاء الاجتماع' : 'Create the meeting' }).click();
      await expect(form).toBeHidden();
    };
    await page.goto('/dashbord/meeting');
    await create(ar ? 'اجتماع الإشعارات' : 'Notifications meeting');
    const suggestion = page.getByTestId('push-suggestion');
    await expect(suggestion).toContainText(
      ar ? 'هل تريد تذكيرات اجتماعاتك على هذا الجهاز؟' : 'Get your meeting reminders on this device?',
    );
    await screenshot(page, `pwa-suggestion-${language}-1366`);
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, `pwa-suggestion-${language}-360`);
    await suggestion.getByRole('button', { name: ar ? 'أرسل الإشعارات إلى هذا الجهاز' : 'Notify this device' }).click();
    await expect(suggestion).toBeHidden();
    // offered once: the next meeting brings no suggestion
    await page.setViewportSize({ width: 1366, height: 800 });
    await create(ar ? 'اجتماع ثانٍ' : 'A second meeting');
    await expect(page.getByTestId('meeting-card').first()).toBeVisible();
    await expect(suggestion).toHaveCount(0);

    // the profile lists this device by a readable name, in Latin letters, left to right
    await page.goto('/dashbord/profile');
    const card = page.getByTestId('devices-card');
    const here = card.getByTestId('push-devices').locator('[data-latin]').first();
    await expect(
      card.getByRole('button', { name: ar ? 'يستلم هذا الجهاز الإشعارات' : 'This device gets notifications' }),
    ).toBeVisible();
    await expect(card.getByTestId('push-devices')).toContainText(ar ? 'هذا الجهاز' : 'This device');
    await expect(here).toHaveText(/^Chrome — Linux$/);
    await expect(here).toHaveAttribute('dir', 'ltr');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: join(ARTIFACTS, `pwa-devices-card-${language}-1366.png`) });
    await page.setViewportSize({ width: 360, height: 780 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: join(ARTIFACTS, `pwa-devices-card-${language}-360.png`) });
  });
}

/**
 * "Lighthouse's installability checks pass on the meetings page": Lighthouse 12 dropped its PWA category, so this asks
 * Chromium itself, over the DevTools protocol, the question its install button asks (Page.getInstallabilityErrors:
 * the manifest, its icons, the service worker), and reads the manifest it found (Page.getAppManifest).
 */
for (const language of ['ar', 'en'] as const) {
  test(`${language}: Chromium finds the meetings page installable (manifest, service worker, icons)`, async ({
    playwright,
    baseURL,
  }) => {
    // A profile on disk: Playwright's own contexts are off the record, where Chromium installs nothing ('in-incognito').
    const profile = mkdtempSync(join(tmpdir(), 'majlis-pwa-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      baseURL: baseURL as string,
      viewport: { width: 1280, height: 800 },
    });
    try {
      await installable(context, language, baseURL as string);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}

/** Signs in, opens the meetings page under the service worker and asks Chromium whether it could install it. */
async function installable(context: BrowserContext, language: 'ar' | 'en', baseURL: string) {
  const page = context.pages()[0] ?? (await context.newPage());
  await context.addCookies([{ name: 'MajlisLang', value: language === 'en' ? 'En' : 'Ar', url: baseURL }]);
  await signInByApi(page, 'member@demo.test');
  await expect(page).toHaveURL(/\/dashbord\/meeting$/);
  // the service worker controls the page (the first load registers it; a reload is its first controlled page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const found = await cdp.send('Page.getAppManifest', {});
  expect(found.errors).toEqual([]);
  expect(found.url).toBe(new URL(`/manifest.${language}.webmanifest`, baseURL).href);
  expect(installabilityErrors).toEqual([]);
  const manifest = JSON.parse(found.data ?? '{}') as {
    name: string;
    short_name: string;
    dir: string;
    lang: string;
    start_url: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject(
    language === 'ar'
      ? { name: 'مجلس | منصة الاجتماعات', short_name: 'مجلس', dir: 'rtl', lang: 'ar' }
      : { name: 'Majlis | Online meetings', short_name: 'Majlis', dir: 'ltr', lang: 'en' },
  );
  expect(manifest.start_url).toBe('/dashbord/meeting');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icon = (sizes: string, purpose: string) =>
    manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose));
  expect(icon('192x192', 'any')).toBeTruthy();
  expect(icon('512x512', 'any')).toBeTruthy();
  expect(icon('512x512', 'maskable')).toBeTruthy();
  // the theme colour the page's own meta says is the manifest's
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
  // each icon is served as the PNG of its size
  for (const i of manifest.icons) {
    const res = await page.request.get(i.src);
    expect(res.status(), i.src).toBe(200);
    expect(res.headers()['content-type'], i.src).toBe('image/png');
    const png = await res.body();
    const [w, h] = i.sizes.split('x').map(Number);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], i.src).toEqual([w, h]);
  }
}
