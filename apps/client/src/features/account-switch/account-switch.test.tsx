// biome-ignore-all lint/correctness/noComponentHookFactories: the test model's event map is keyed by the machine's event names (OPEN, LOGIN…), which the rule takes for components.
import { accountSwitchMachine, decideSwitch, refusalOf } from '@majlis/machines';
import {
  accountSwitchPaths,
  caseOf,
  type SwitchModelEvent,
} from '@majlis/machines/account-switch/account-switch.model';
import { recordWalk } from '@majlis/machines/testing';
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
const message = { ar: 'لست عضوًا في هذا الحساب', en: 'You are not a member of this account' };

/**
 * What the BFF answers for a path's outcome: its own decision for the server's step, else the code the event names;
 * null for an error without words, which only a failed request gives (the BFF's errors always carry theirs).
 */
function answerFor(event: SwitchModelEvent): FakeResponse | null {
  const which = caseOf(event);
  if (event.type === 'switch.checked') {
    const decision = decideSwitch(event.facts);
    return decision.ok ? { body: switchedUser } : { status: 403, body: { code: decision.code, errorMessage: message } };
  }
  if (which === 'switched') return { body: switchedUser };
  if (which === 'error') return null;
  const code = (event as { error: { code: string } }).error.code;
  return { status: 403, body: { code, errorMessage: message } };
}

let current: ReturnType<typeof useMachine<typeof accountSwitchLogic>>[0] | null = null;

function Harness() {
  const machine = useMachine(accountSwitchLogic);
  current = machine[0];
  return (
    <>
      <button type="button" onClick={() => machine[1]({ type: 'OPEN' })}>
        open-switcher
      </button>
      <AccountSwitchDialog machine={machine} currentAccountId="acc-1" />
    </>
  );
}

/** The same paths as the BFF's test (apps/bff/test/account-switch.model.test.ts), against the dialog and its actors. */
describe('account switching', () => {
  for (const path of accountSwitchPaths(institute, message)) {
    it(path.description, async () => {
      let answer: (r: FakeResponse | null) => void = () => {};
      const { calls } = fakeBff({
        'GET /api/user/accounts': { body: { status: true, results: { groups: [institute], me: mine } } },
        'POST /api/inst-login': () =>
          new Promise<FakeResponse>((resolve, reject) => {
            answer = (r) => (r ? resolve(r) : reject(new TypeError('Failed to fetch')));
          }),
      });
      const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
      await renderWithProviders(<Harness />);
      const outcome = ({ event }: { event: unknown }) => answer(answerFor(event as SwitchModelEvent));
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
          failed: async (state) => {
            const text = (await screen.findByTestId('switch-error')).textContent;
            // A refusal always carries the server's words; anything else shows them if it had some, else the generic.
            const words = refusalOf(state) || state.context.error;
            expect(text).toBe(words ? message.ar : 'حدث خطأ، حاول مرة أخرى');
            // The dialog stands in the same refusal as the model (the server's code reached it).
            await waitFor(() => expect(current && refusalOf(current)).toBe(refusalOf(state)));
            expect(current?.value).toEqual(state.value);
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
          'switch.checked': outcome,
          'xstate.done.actor.switchAccount': outcome,
          'xstate.error.actor.switchAccount': outcome,
        },
      } as Parameters<typeof path.test>[0]);
      recordWalk(accountSwitchMachine, 'client', path);
    });
  }
});
