// biome-ignore-all lint/correctness/noComponentHookFactories: the test model's event map is keyed by the machine's event names (OPEN, LOGIN…), which the rule takes for components.
import { decideSession, SESSION_END_REASONS, type SessionEvent, sessionMachine } from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { FakeRealtime } from '../features/chat/fake-realtime.ts';
import { RealtimeProvider } from '../features/chat/realtime.tsx';
import { http } from '../lib/http.ts';
import { hardNavigation } from '../lib/navigation.ts';
import { apiError, dashboardHandlers, demoUser, fakeBff, renderApp } from '../test/harness.tsx';

/** What the login page says for each reason, in Arabic (the default language). */
const SAID: Record<string, RegExp> = {
  logout: /تسجيل خروج هذه الجلسة/,
  passwordChanged: /تم تغيير كلمة المرور/,
  passwordReset: /إعادة تعيين كلمة المرور/,
  idle: /خاملة/,
  expired: /الحد الأقصى/,
  deactivated: /تعطيل وصولك/,
  suspended: /إيقاف هذا الحساب/,
};

type Snapshot = ReturnType<typeof sessionMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);

/**
 * The whole app against a fake BFF: sign in through the form, sign out from the bar, a 401 from any call, a session
 * the server ended (what the socket's `session.ended` hands to the session actor). `session.checked` is the BFF's
 * step (decideSession): inside the limits the page hears nothing; past one, what reaches it is the socket's
 * `session.ended` with the limit's reason, so the walk pushes that.
 */
describe.each([null, demoUser])('session, stored user %s', (storedUser) => {
  const model = createTestModel(sessionMachine, {
    input: { storedUser },
    events: [
      { type: 'LOGIN', user: demoUser },
      { type: 'LOGOUT' },
      { type: 'UNAUTHORIZED' },
      ...SESSION_END_REASONS.map((reason) => ({ type: 'session.ended', reason }) as SessionEvent),
      { type: 'session.checked', now: 0, expiresAt: 1, idleUntil: 1 },
      { type: 'session.checked', now: 2, expiresAt: 1, idleUntil: 3 },
      { type: 'session.checked', now: 2, expiresAt: 3, idleUntil: 1 },
    ],
    serializeState,
  });

  for (const path of getTransitionPaths(model, { serializeState, input: { storedUser } })) {
    it(path.description, async () => {
      if (storedUser) localStorage.setItem('user', JSON.stringify(storedUser));
      const { calls } = fakeBff({
        ...dashboardHandlers(),
        'POST /api/login': { body: { user: demoUser } },
        // A call of a page the walk does not open, answered as for a session the server no longer holds.
        'GET /api/profile/sessions': apiError(401, 'UNAUTHENTICATED'),
      });
      const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
      const { router } = await renderApp('/');
      // The socket's side: what it is told goes through the realtime provider to the session actor.
      const socket = new FakeRealtime();
      render(
        <RealtimeProvider me={{ userId: demoUser.id, ownerId: demoUser.ownerId }} client={socket}>
          {null}
        </RealtimeProvider>,
      );
      let lastEvent = 'start';
      const logoutCalls = () => calls.filter((c) => c.path === '/api/logout').length;

      await path.test({
        states: {
          signedIn: async () => {
            // Another tab switched this browser's account: a full load under it, still signed in.
            if (lastEvent === 'session.ended:switched') {
              expect(go).toHaveBeenCalledWith('/dashbord/meeting');
              return;
            }
            await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(demoUser));
            if (lastEvent === 'LOGIN')
              await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord/meeting'));
          },
          signedOut: async () => {
            expect(localStorage.getItem('user')).toBeNull();
            if (lastEvent === 'start') {
              expect(await screen.findByRole('link', { name: 'تسجيل الدخول' })).toBeTruthy();
              expect(logoutCalls()).toBe(0);
            } else if (lastEvent.startsWith('session.ended:')) {
              // Ended by the server: at once, without a logout call, and the login page says why.
              await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
              expect(logoutCalls()).toBe(0);
              const said = SAID[lastEvent.slice('session.ended:'.length)] as RegExp;
              expect((await screen.findByTestId('session-ended')).textContent).toMatch(said);
            } else {
              await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
              expect(logoutCalls()).toBe(1);
              expect(screen.queryByTestId('session-ended')).toBeNull();
            }
          },
        },
        events: {
          LOGIN: async () => {
            lastEvent = 'LOGIN';
            await act(() => router.navigate('/login'));
            fireEvent.change(await screen.findByLabelText('البريد الإلكتروني'), { target: { value: demoUser.email } });
            fireEvent.change(screen.getByLabelText('كلمة المرور'), { target: { value: 'Majlis-demo-2026' } });
            fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
            await waitFor(() => expect(calls.some((c) => c.path === '/api/login')).toBe(true));
            const login = calls.find((c) => c.path === '/api/login');
            expect(login?.headers['x-csrf-token']).toBe('token-1');
          },
          LOGOUT: async () => {
            lastEvent = 'LOGOUT';
            await act(() => router.navigate('/'));
            fireEvent.click(await screen.findByRole('button', { name: 'تسجيل الخروج' }));
          },
          UNAUTHORIZED: async () => {
            lastEvent = 'UNAUTHORIZED';
            await act(() => http.get('/api/profile/sessions').catch(() => {}));
          },
          'session.ended': async ({ event }: { event: unknown }) => {
            const { reason } = event as Extract<SessionEvent, { type: 'session.ended' }>;
            lastEvent = `session.ended:${reason}`;
            // What the other tab's switch left in the browser's shared storage.
            if (reason === 'switched') localStorage.setItem('user', JSON.stringify({ ...demoUser, ownerId: 'acc-2' }));
            await act(async () => socket.sessionEnded(reason));
          },
          'session.checked': async ({ event }: { event: unknown }) => {
            const { now, expiresAt, idleUntil } = event as Extract<SessionEvent, { type: 'session.checked' }>;
            const check = decideSession({ expiresAt, lastSeenAt: idleUntil, idleMs: 0 }, now);
            if (check.valid) return;
            lastEvent = `session.ended:${check.reason}`;
            await act(async () => socket.sessionEnded(check.reason));
          },
        },
      } as Parameters<typeof path.test>[0]);
      recordWalk(sessionMachine, 'client', path, { storedUser });
    });
  }
});

describe('a session renewed in this browser (a password changed here)', () => {
  it('is told `switched` with the same account stored: no reload, no sign-out', async () => {
    localStorage.setItem('user', JSON.stringify(demoUser));
    fakeBff(dashboardHandlers());
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
    const { router } = await renderApp('/dashbord/meeting');
    const socket = new FakeRealtime();
    render(
      <RealtimeProvider me={{ userId: demoUser.id, ownerId: demoUser.ownerId }} client={socket}>
        {null}
      </RealtimeProvider>,
    );
    await act(async () => socket.sessionEnded('switched'));
    expect(go).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(demoUser);
    expect(router.state.location.pathname).toBe('/dashbord/meeting');
  });
});
