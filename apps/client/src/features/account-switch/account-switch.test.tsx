// biome-ignore-all lint/correctness/noComponentHookFactories: the test model's event map is keyed by the machine's event names (OPEN, LOGIN…), which the rule takes for components.
import { type AccountSwitchEvent, accountSwitchMachine } from '@majlis/machines';
import { createModel, getTransitionPaths } from '@majlis/machines/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../../lib/navigation.ts';
import { type FakeResponse, fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { AccountSwitchDialog, accountSwitchLogic } from './AccountSwitchDialog.tsx';

const mine = { userId: 'u-1', accountId: 'acc-1', accountName: 'Salma', userRole: 'owner', accountpicture: null };
const institute = {
  userId: 'u-1',
  accountId: 'acc-2',
  accountName: 'Nile Institute',
  userRole: 'admin',
  accountpicture: null,
};
const switchedUser = {
  id: 'u-1',
  ownerId: 'acc-2',
  role: 'admin',
  fname: 'Salma',
  lname: 'Hassan',
  email: 's@x.test',
  picture: null,
};
const notMember = { ar: 'لست عضوًا في هذا الحساب', en: 'You are not a member of this account' };

type Snapshot = ReturnType<typeof accountSwitchMachine.getInitialSnapshot>;
// The failure dialog differs by whether the server sent a message: keep both apart.
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.error ? 'server' : null]);

type Event =
  | AccountSwitchEvent
  | { type: 'xstate.done.actor.switchAccount'; output: unknown }
  | { type: 'xstate.error.actor.switchAccount'; error: unknown };
const events = [
  { type: 'OPEN' },
  { type: 'CLOSE' },
  { type: 'SELECT', account: institute },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.switchAccount', output: switchedUser },
  { type: 'xstate.error.actor.switchAccount', error: { errorMessage: notMember } },
  { type: 'xstate.error.actor.switchAccount', error: {} },
] as Event[];

function Harness() {
  const machine = useMachine(accountSwitchLogic);
  return (
    <>
      <button type="button" onClick={() => machine[1]({ type: 'OPEN' })}>
        open-switcher
      </button>
      <AccountSwitchDialog machine={machine} currentAccountId="acc-1" />
    </>
  );
}

describe('account switching', () => {
  const model = createModel(accountSwitchMachine, { events: events as AccountSwitchEvent[], serializeState });

  for (const path of getTransitionPaths(model, { serializeState })) {
    it(path.description, async () => {
      let answer: (r: FakeResponse) => void = () => {};
      const { calls } = fakeBff({
        'GET /api/user/accounts': { body: { status: true, results: { groups: [institute], me: mine } } },
        'POST /api/inst-login': () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
      });
      const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
      await renderWithProviders(<Harness />);
      // The done/error events of the invoked actor are not in the machine's own event union.
      await path.test({
        states: {
          closed: () => expect(screen.queryByRole('dialog')).toBeNull(),
          choosing: async () => {
            expect(await screen.findByText('Nile Institute')).toBeTruthy();
            expect(screen.getByText('تبديل الحساب')).toBeTruthy();
          },
          switching: async () => {
            await waitFor(() => expect(calls.some((c) => c.path === '/api/inst-login')).toBe(true));
            const sent = calls.find((c) => c.path === '/api/inst-login');
            expect(sent?.body).toEqual({ userId: 'u-1', ownerId: 'acc-2', role: 'admin' });
            expect(screen.getByTestId('switch-overlay')).toBeTruthy();
          },
          switched: async () => {
            await waitFor(() => expect(go).toHaveBeenCalledWith('/dashbord/meeting'));
            expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(switchedUser);
          },
          failed: async ({ context }) => {
            const text = (await screen.findByTestId('switch-error')).textContent;
            expect(text).toBe(context.error ? notMember.ar : 'حدث خطأ، حاول مرة أخرى');
            expect(go).not.toHaveBeenCalled();
          },
        },
        events: {
          OPEN: () => {
            fireEvent.click(screen.getByText('open-switcher'));
          },
          CLOSE: () => {
            fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
          },
          SELECT: async () => fireEvent.click(await screen.findByText('Nile Institute')),
          DISMISS: () => {
            fireEvent.click(screen.getByRole('button', { name: 'حسنًا' }));
          },
          'xstate.done.actor.switchAccount': () => answer({ body: switchedUser }),
          'xstate.error.actor.switchAccount': ({ event }: { event: unknown }) =>
            answer({
              status: 403,
              body: (event as { error: { errorMessage?: unknown } }).error.errorMessage
                ? { code: 'NOT_A_MEMBER', errorMessage: notMember }
                : { code: 'NOT_A_MEMBER' },
            }),
        },
      } as Parameters<typeof path.test>[0]);
    });
  }
});
