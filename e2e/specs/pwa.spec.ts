import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { api, screenshot, signInByApi } from '../lib/helpers.ts';

/**
 * Issue 31: Majlis on a phone like an app. The profile's "notify this device" subscribes through PushManager with the
 * VAPID key and registers the subscription (its endpoint is this test's push endpoint: Chromium's own push service
 * is Google's, out of reach here, so PushManager.subscribe answers a subscription to it); the service worker shows
 * the offline page, in Arabic, when a page cannot load. Pictures of the profile card and the calendar feed at 360
 * and 1366 px in both languages.
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
    await page.addInitScript((endpoint) => {
      const sub = {
        endpoint,
        expirationTime: null,
        // a P-256 point and a 16-byte secret, as a browser's subscription carries them
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
      let subscribed = false;
      PushManager.prototype.subscribe = async function subscribe(options) {
        (window as unknown as { pushKey: unknown }).pushKey = options?.applicationServerKey;
        subscribed = true;
        return sub as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => (subscribed ? (sub as unknown as PushSubscription) : null);
    }, endpoint);
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
