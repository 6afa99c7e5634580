import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBff, flush, renderWithProviders } from '../../test/harness.tsx';
import { maySuggestPush, PUSH_SUGGESTED, PushSuggestion } from './PushSuggestion.tsx';

/**
 * Issue 31: after the first meeting created on this device, the meetings page suggests getting its reminders here —
 * once (remembered), dismissable, in both languages; not when this device already gets them, nor when the browser
 * blocked notifications or the server sends no Web Push.
 */

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.test/device-1';

/** A browser with a service worker and PushManager, subscribed or not, with the given notification permission. */
function pushBrowser({ subscribed = false, permission = 'default' }: { subscribed?: boolean; permission?: string }) {
  const sub = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: KEY, auth: 'tBHItJI5svbpez7KI4CCXg' } }),
  };
  let current: typeof sub | null = subscribed ? sub : null;
  const subscribe = vi.fn(async () => {
    current = sub;
    return sub;
  });
  const reg = { pushManager: { getSubscription: async () => current, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => reg, register: async () => reg, ready: Promise.resolve(reg) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: async () => 'granted' });
  return { subscribe };
}

const device = {
  id: '00000000-0000-4000-8000-0000000000d1',
  label: 'Chrome — Android',
  createdAt: '2026-11-28T02:00:00.000Z',
  endpoint: ENDPOINT,
};

async function show(lang: 'Ar' | 'En', key: string | null = KEY) {
  localStorage.setItem('MajlisLang', lang);
  const bff = fakeBff({
    'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
    'GET /api/push/key': { body: { publicKey: key } },
    'POST /api/push/devices': { status: 201, body: device },
  });
  const onDone = vi.fn();
  await renderWithProviders(<PushSuggestion onDone={onDone} />);
  return { ...bff, onDone };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the suggestion to get notifications on this device (issue 31)', () => {
  it('Arabic: offered once; "notify this device" subscribes with the VAPID key and registers the device', async () => {
    const { subscribe } = pushBrowser({});
    expect(maySuggestPush()).toBe(true);
    const { calls, onDone } = await show('Ar');
    const card = await screen.findByTestId('push-suggestion');
    expect(card.textContent).toContain('هل تريد تذكيرات اجتماعاتك على هذا الجهاز؟');
    // remembered as soon as it shows: the next meeting brings no second offer
    expect(localStorage.getItem(PUSH_SUGGESTED)).toBe('1');
    expect(maySuggestPush()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'أرسل الإشعارات إلى هذا الجهاز' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/api/push/devices');
    expect(posted?.body).toMatchObject({ endpoint: ENDPOINT });
  });

  it('English: dismissed with "Not now", nothing subscribed, not offered again', async () => {
    const { subscribe } = pushBrowser({});
    const { calls, onDone } = await show('En');
    await screen.findByTestId('push-suggestion');
    expect(screen.getByText('Get your meeting reminders on this device?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onDone).toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(maySuggestPush()).toBe(false);
  });

  it('is not offered to a device that gets notifications, nor without Web Push on the server, nor when blocked', async () => {
    pushBrowser({ subscribed: true });
    const here = await show('En');
    await waitFor(() => expect(here.onDone).toHaveBeenCalled());
    expect(screen.queryByTestId('push-suggestion')).toBeNull();
    expect(localStorage.getItem(PUSH_SUGGESTED)).toBeNull();

    pushBrowser({});
    const noKey = await show('En', null);
    await waitFor(() => expect(noKey.onDone).toHaveBeenCalled());
    await flush();
    expect(screen.queryByTestId('push-suggestion')).toBeNull();

    pushBrowser({ permission: 'denied' });
    expect(maySuggestPush()).toBe(false);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(maySuggestPush()).toBe(false);
  });
});
