// biome-ignore-all lint/correctness/noComponentHookFactories: the test model's event map is keyed by the machine's event names (OPEN, LOGIN…), which the rule takes for components.
import { sessionMachine } from '@majlis/machines';
import { getTransitionPaths } from '@majlis/machines/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { http } from '../lib/http.ts';
import { dashboardHandlers, demoUser, fakeBff, renderApp } from '../test/harness.tsx';

type Snapshot = ReturnType<typeof sessionMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);

/** The whole app against a fake BFF: sign in through the form, sign out from the bar, a 401 from any call. */
describe.each([null, demoUser])('session, stored user %s', (storedUser) => {
  const model = createTestModel(sessionMachine, {
    input: { storedUser },
    events: [{ type: 'LOGIN', user: demoUser }, { type: 'LOGOUT' }, { type: 'UNAUTHORIZED' }],
    serializeState,
  });

  for (const path of getTransitionPaths(model, { serializeState, input: { storedUser } })) {
    it(path.description, async () => {
      if (storedUser) localStorage.setItem('user', JSON.stringify(storedUser));
      const { calls } = fakeBff({
        ...dashboardHandlers(),
        'POST /api/login': { body: { user: demoUser } },
        'GET /api/probe': { status: 401, body: { code: 'UNAUTHENTICATED' } },
      });
      const { router } = await renderApp('/');
      let lastEvent = 'start';
      const logoutCalls = () => calls.filter((c) => c.path === '/api/logout').length;

      await path.test({
        states: {
          signedIn: async () => {
            await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(demoUser));
            if (lastEvent === 'LOGIN')
              await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord/meeting'));
          },
          signedOut: async () => {
            expect(localStorage.getItem('user')).toBeNull();
            if (lastEvent === 'start') {
              expect(await screen.findByRole('link', { name: 'تسجيل الدخول' })).toBeTruthy();
              expect(logoutCalls()).toBe(0);
            } else {
              await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
              expect(logoutCalls()).toBe(1);
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
            await act(() => http.get('/api/probe').catch(() => {}));
          },
        },
      });
    });
  }
});
