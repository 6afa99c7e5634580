import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/**
 * The service worker's Web Push half (public/sw.js, issue 31), run against a stand-in of its global scope: a push
 * shows the payload the worker sent (title, body, language, direction, the page to open), and tapping it opens that
 * page — in the Majlis window already open, or a new one — and never another site.
 */

const SOURCE = readFileSync(join(__dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://majlis.example';

type Listener = (event: Record<string, unknown>) => void;

function worker(windows: Array<{ url: string; navigate?: (url: string) => Promise<unknown> }> = []) {
  const listeners = new Map<string, Listener>();
  interface FakeWindow {
    url: string;
    focus: () => Promise<FakeWindow>;
    navigate: (url: string) => Promise<unknown>;
  }
  const clients = windows.map((w) => {
    const client: FakeWindow = {
      url: w.url,
      focus: vi.fn(async (): Promise<FakeWindow> => client),
      navigate: vi.fn(w.navigate ?? (async (): Promise<unknown> => client)),
    };
    return client;
  });
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, f: Listener) => listeners.set(type, f),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
      claim: async () => undefined,
    },
    skipWaiting: async () => undefined,
  };
  new Function('self', 'caches', 'fetch', SOURCE)(self, {}, () => Promise.reject(new Error('offline')));
  /** Dispatches an event; resolves once what it handed to waitUntil has settled. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { self, clients, dispatch };
}

const notification = (url: string) => ({ close: vi.fn(), data: { url } });

describe('the service worker shows pushes and opens their page (issue 31)', () => {
  it('shows the payload in the reader’s language and direction, with the page to open', async () => {
    const { self, dispatch } = worker();
    const payload = {
      id: 7,
      title: 'اجتماع بعد ١٥ دقيقة',
      body: 'يبدأ «مراجعة» بعد ١٥ دقيقة',
      url: '/join/123456789',
      tag: 'n7',
      lang: 'ar',
      dir: 'rtl',
    };
    await dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'اجتماع بعد ١٥ دقيقة',
      expect.objectContaining({
        body: 'يبدأ «مراجعة» بعد ١٥ دقيقة',
        lang: 'ar',
        dir: 'rtl',
        tag: 'n7',
        data: { url: '/join/123456789' },
      }),
    );
  });

  it('tapping takes the open Majlis window to the page, focused', async () => {
    const { self, clients, dispatch } = worker([{ url: `${ORIGIN}/dashbord/profile` }]);
    const n = notification('/dashbord/billing/payment/42');
    await dispatch('notificationclick', { notification: n });
    expect(n.close).toHaveBeenCalled();
    expect(clients[0]?.focus).toHaveBeenCalled();
    expect(clients[0]?.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashbord/billing/payment/42`);
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, or when the open one cannot be navigated', async () => {
    const none = worker();
    await none.dispatch('notificationclick', { notification: notification('/dashbord/meeting?chatUser=u1') });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashbord/meeting?chatUser=u1`);

    const uncontrolled = worker([
      { url: `${ORIGIN}/`, navigate: () => Promise.reject(new TypeError('not controlled')) },
    ]);
    await uncontrolled.dispatch('notificationclick', { notification: notification('/join/1') });
    expect(uncontrolled.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/join/1`);
  });

  it('never opens another site, whatever the payload says', async () => {
    const { self, clients, dispatch } = worker([{ url: `${ORIGIN}/dashbord/meeting` }]);
    await dispatch('notificationclick', { notification: notification('https://evil.example/phish') });
    expect(self.clients.openWindow).not.toHaveBeenCalled();
    expect(clients[0]?.navigate).not.toHaveBeenCalled();
  });
});
