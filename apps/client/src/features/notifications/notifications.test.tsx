import { type NotificationItem, notificationsMachine } from '@majlis/machines';
import {
  describeNotificationsEvent,
  modelNotification,
  type NotificationsModelEvent,
  type NotificationsSnapshot,
  notificationsModel,
  serializeNotificationsState,
} from '@majlis/machines/notifications/notifications.model';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/Providers.tsx';
import { applyDocumentLanguage } from '../../i18n/i18n.ts';
import { apiError, type FakeResponse, fakeBff } from '../../test/harness.tsx';
import { FakeRealtime } from '../chat/fake-realtime.ts';
import { RealtimeProvider } from '../chat/realtime.tsx';
import { NotificationsButton } from './NotificationsButton.tsx';
import { NotificationsDrawer } from './NotificationsDrawer.tsx';
import { NotificationsProvider } from './NotificationsProvider.tsx';

/** A notification as the page receives it (spec §3 view), for the tests beside the model's walk. */
function notification(id: number, type: NotificationItem['type'], title: string): NotificationItem {
  return { ...modelNotification(1), _id: String(id), id, type, title, message: `<b>${title}</b>` };
}

// The model is the one the BFF's walk uses (machines notifications.model.ts): the same events, state names and input.
const warning = modelNotification(1);
const danger = modelNotification(2);
const byId = new Map([warning, danger].map((n) => [n.id, n]));

type Snapshot = NotificationsSnapshot;
type Event = NotificationsModelEvent;
const serializeState = serializeNotificationsState;
const model = notificationsModel();
const describeEvent = describeNotificationsEvent;

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <NotificationsButton onOpen={() => setOpen(true)} />
      <button type="button" onClick={() => setOpen(false)}>
        close-drawer
      </button>
      <NotificationsDrawer opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe('notifications drawer, against the notifications statechart', () => {
  for (const path of getTransitionPaths(model, { serializeState, describe: describeEvent })) {
    it(path.description, async () => {
      let answer: (r: FakeResponse) => void = () => {};
      const { calls } = fakeBff({
        'GET /api/notif/notify': () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
        'PUT /api/notif/notify/1': { body: { ok: true } },
        'PUT /api/notif/notify/2': { body: { ok: true } },
      });
      const realtime = new FakeRealtime();
      await applyDocumentLanguage('ar');
      const router = createMemoryRouter(
        [
          {
            element: (
              <RealtimeProvider me={{ userId: 'u-1', ownerId: 'acc-1' }} client={realtime}>
                <NotificationsProvider>
                  <Harness />
                  <Outlet />
                </NotificationsProvider>
              </RealtimeProvider>
            ),
            children: [
              { path: '/dashbord/meeting', element: null },
              { path: '/dashbord/billing', element: null },
            ],
          },
        ],
        { initialEntries: ['/dashbord/meeting'] },
      );
      render(
        <Providers env="test">
          <RouterProvider router={router} />
        </Providers>,
      );
      await screen.findByRole('dialog');
      const listed = () => screen.queryAllByTestId('notification');
      const renew = () => screen.queryByRole('link', { name: 'جدّد الآن' });

      const expectListed = (state: Snapshot) => {
        expect(listed().map((el) => el.dataset.type)).toEqual(state.context.items.map((n) => n.type));
        const badge = screen.queryByTestId('notifications-badge');
        const n = state.context.items.filter((item) => !item.read).length;
        expect(badge?.textContent ?? null).toBe(n ? `${'٠١٢'[n]}الإشعارات: ${'٠١٢'[n]}` : null);
        // Server HTML arrives sanitised; the message is rendered as HTML (bold here).
        for (const el of listed()) expect(el.querySelector('b')).not.toBeNull();
      };
      await path.test({
        states: {
          loading: async (state: Snapshot) => {
            await waitFor(() => expect(calls.filter((c) => c.path === '/api/notif/notify').length).toBeGreaterThan(0));
            expectListed(state);
          },
          'ready.calm': async (state: Snapshot) => {
            await waitFor(() => expectListed(state));
            await waitFor(() => expect(renew()).toBeNull());
          },
          'ready.renewNow': async (state: Snapshot) => {
            await waitFor(() => expectListed(state));
            await waitFor(() => expect(renew()?.getAttribute('href')).toBe('/dashbord/billing'));
          },
          'ready.onBilling': async (state: Snapshot) => {
            await waitFor(() => expectListed(state));
            expect(listed().some((el) => el.dataset.type === 'danger')).toBe(true);
            await waitFor(() => expect(renew()).toBeNull());
          },
        } as never,
        events: {
          'notification.received': ({ event }: { event: Event }) => {
            const n = byId.get((event as { notification: NotificationItem }).notification.id) as NotificationItem;
            realtime.notify(n as never);
          },
          'notification.dismiss': async ({ event }: { event: Event }) => {
            const n = byId.get((event as { id: number }).id) as NotificationItem;
            // Only a listed notification can be dismissed (elsewhere the event changes nothing).
            const button = screen.queryByRole('button', { name: `إخفاء: ${n.title}` });
            if (!button) return;
            fireEvent.click(button);
            await waitFor(() =>
              expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/notif/notify/${n.id}`)).toBe(true),
            );
          },
          // Another device of the user dismissed it: gone here, and this page tells the server nothing.
          'notification.removed': async ({ event }: { event: Event }) => {
            const { id } = event as { id: number };
            const puts = () => calls.filter((c) => c.method === 'PUT').length;
            const before = puts();
            realtime.notificationDismissed(id);
            const title = byId.get(id)?.title;
            await waitFor(() => expect(screen.queryByRole('button', { name: `إخفاء: ${title}` })).toBeNull());
            expect(puts()).toBe(before);
          },
          // Read on another device: this badge goes to nothing, the list stays.
          'notifications.allRead': () => realtime.notificationsRead(),
          'location.changed': async ({ event }: { event: Event }) => {
            const to = (event as { onBilling: boolean }).onBilling ? '/dashbord/billing' : '/dashbord/meeting';
            await router.navigate(to);
          },
          'notifications.reload': async () => {
            const before = calls.filter((c) => c.path === '/api/notif/notify').length;
            fireEvent.click(screen.getByText('close-drawer'));
            fireEvent.click(screen.getByTestId('notifications-button'));
            await waitFor(() => expect(calls.filter((c) => c.path === '/api/notif/notify').length).toBe(before + 1));
          },
          'xstate.done.actor.loadNotifications': () => answer({ body: [] }),
          'xstate.error.actor.loadNotifications': () => answer(apiError(503, 'SERVICE_UNAVAILABLE')),
        } as never,
      });
      // The drawer's dismiss buttons are labelled; every listed item has one.
      for (const el of listed()) expect(within(el).getByRole('button')).toBeTruthy();
      recordWalk(notificationsMachine, 'client', path, { onBilling: false });
    });
  }
});

describe('a notification message in the drawer', () => {
  it('shows escaped values as text and keeps only the template’s link, with rel=noopener', async () => {
    const name = 'Q3 <a href="https://evil.example/x">review</a> <img src=x onerror=alert(1)><script>alert(2)</script>';
    // As the server renders notif.meeting.reminder.message in Arabic (core notifications.ts): the value escaped.
    const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const reminder: NotificationItem = {
      ...notification(7, 'notif', 'اجتماع بعد ١٥ دقيقة'),
      message: `يبدأ «${escaped}» بعد ١٥ دقيقة. رقم الاجتماع 5566778899: <a href="https://majlis.example/join/5566778899" rel="noopener noreferrer">انضم إلى الاجتماع</a>.`,
    };
    fakeBff({ 'GET /api/notif/notify': { body: [reminder] } });
    await applyDocumentLanguage('ar');
    const router = createMemoryRouter(
      [
        {
          path: '/dashbord/meeting',
          element: (
            <RealtimeProvider me={{ userId: 'u-1', ownerId: 'acc-1' }} client={new FakeRealtime()}>
              <NotificationsProvider>
                <NotificationsDrawer opened onClose={() => {}} />
              </NotificationsProvider>
            </RealtimeProvider>
          ),
        },
      ],
      { initialEntries: ['/dashbord/meeting'] },
    );
    render(
      <Providers env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    const item = await screen.findByTestId('notification');
    const message = item.querySelector('.notif__message') as HTMLElement;
    expect(message.textContent).toContain(`«${name}»`);
    expect(message.querySelectorAll('img, script')).toHaveLength(0);
    const links = within(message).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['انضم إلى الاجتماع', 'https://majlis.example/join/5566778899', 'noopener noreferrer'],
    ]);
  });
});

describe('notifications drawer: what happens to you (issue 16)', () => {
  it("shows a chat one with the sender's picture, counts only the unread, and opens a message's link in the app", async () => {
    const chat: NotificationItem = {
      ...notification(7, 'notif', 'رسالة جديدة'),
      message:
        '<b>ليلى</b> أرسلت إليك رسالة: مرحبًا <a href="/dashbord/roomManagement" rel="noopener noreferrer">افتح</a>',
      source_type: 'chat',
      event_meta: { senderPic: '/api/users/u-2/picture?v=abc', conversationId: 'c-1' },
    };
    const seen = { ...notification(6, 'notif', 'أُسندت إليك غرفة'), read: true };
    fakeBff({ 'GET /api/notif/notify': { body: [chat, seen] } });
    await applyDocumentLanguage('ar');
    const router = createMemoryRouter(
      [
        {
          element: (
            <RealtimeProvider me={{ userId: 'u-1', ownerId: 'acc-1' }} client={new FakeRealtime()}>
              <NotificationsProvider>
                <Harness />
                <Outlet />
              </NotificationsProvider>
            </RealtimeProvider>
          ),
          children: [
            { path: '/dashbord/meeting', element: null },
            { path: '/dashbord/roomManagement', element: <p>rooms-page</p> },
          ],
        },
      ],
      { initialEntries: ['/dashbord/meeting'] },
    );
    render(
      <Providers env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    await waitFor(() => expect(screen.queryAllByTestId('notification')).toHaveLength(2));
    // One unread of two.
    expect(screen.getByTestId('notifications-badge').textContent).toBe('١الإشعارات: ١');
    const senders = screen.getAllByTestId('notification-sender');
    expect(senders).toHaveLength(1);
    await waitFor(() =>
      expect(senders[0]?.querySelector('img')?.getAttribute('src')).toBe('/api/users/u-2/picture?v=abc'),
    );
    const item = screen.getAllByTestId('notification')[0] as HTMLElement;
    fireEvent.click(within(item).getByRole('link', { name: 'افتح' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord/roomManagement'));
    expect(screen.getByText('rooms-page')).toBeTruthy();
  });
});

describe('notifications drawer: renew now (issue 13)', () => {
  it("opens a renewal reminder's own renewal on the billing page, and a danger without one on billing", async () => {
    const reminder: NotificationItem = {
      ...notification(8, 'danger', 'اقترب موعد التجديد'),
      event_meta: { subscriptionId: 'sub-9', renewNow: true },
    };
    const storage = notification(9, 'danger', 'لا توجد مساحة تخزين');
    fakeBff({ 'GET /api/notif/notify': { body: [reminder, storage] } });
    await applyDocumentLanguage('ar');
    const router = createMemoryRouter(
      [
        {
          path: '/dashbord/meeting',
          element: (
            <RealtimeProvider me={{ userId: 'u-1', ownerId: 'acc-1' }} client={new FakeRealtime()}>
              <NotificationsProvider>
                <NotificationsDrawer opened onClose={() => {}} />
              </NotificationsProvider>
            </RealtimeProvider>
          ),
        },
      ],
      { initialEntries: ['/dashbord/meeting'] },
    );
    render(
      <Providers env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'جدّد الآن' })).toHaveLength(2));
    const renewOf = (title: string) => {
      const item = screen.getAllByTestId('notification').find((n) => n.textContent?.includes(title)) as HTMLElement;
      return within(item).getByRole('link', { name: 'جدّد الآن' }).getAttribute('href');
    };
    expect(renewOf('اقترب موعد التجديد')).toBe('/dashbord/billing?renew=sub-9');
    expect(renewOf('لا توجد مساحة تخزين')).toBe('/dashbord/billing');
  });
});
