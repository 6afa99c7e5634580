import type { TestPath } from '@xstate/graph';
import { createModel, getTransitionPaths } from '../testing.ts';
import {
  type AccountChoice,
  type AccountSwitchEvent,
  type AccountSwitchSnapshot,
  accountSwitchMachine,
  SWITCH_REFUSALS,
  type SwitchFacts,
  type SwitchRefusal,
} from './account-switch.machine.ts';

/**
 * Test-only: the account switch's model, walked by the client's dialog test and by the BFF's HTTP test alike, so both
 * sides are held to the same paths. Outcomes come two ways: the server's step (`switch.checked` with the facts it
 * reads, one set per way it can end) and what the client sees of it (the switchAccount actor's done, or its error with
 * each refusal's code, or with no code at all).
 */
export const SWITCH_FACTS = {
  switched: { self: true, account: 'active', membership: 'active' },
  otherUser: { self: false, account: 'active', membership: 'active' },
  unknownAccount: { self: true, account: null, membership: null },
  notMember: { self: true, account: 'active', membership: null },
  membershipInactive: { self: true, account: 'active', membership: 'inactive' },
  accountSuspended: { self: true, account: 'suspended', membership: 'active' },
  accountBanned: { self: true, account: 'banned', membership: 'active' },
} satisfies Record<string, SwitchFacts>;
export type SwitchCase = keyof typeof SWITCH_FACTS;

/** The events of the invoked actor are not in the machine's own union. */
export type SwitchModelEvent =
  | AccountSwitchEvent
  | { type: 'xstate.done.actor.switchAccount'; output: unknown }
  | { type: 'xstate.error.actor.switchAccount'; error: { code?: string; errorMessage?: { ar: string; en: string } } };

/** Which case a path's outcome event stands for (null: not an outcome, or the client's generic error). */
export function caseOf(event: SwitchModelEvent): SwitchCase | 'error' | null {
  if (event.type === 'switch.checked') {
    const facts = JSON.stringify(event.facts);
    return (Object.keys(SWITCH_FACTS) as SwitchCase[]).find((k) => JSON.stringify(SWITCH_FACTS[k]) === facts) ?? null;
  }
  if (event.type === 'xstate.done.actor.switchAccount') return 'switched';
  if (event.type !== 'xstate.error.actor.switchAccount') return null;
  const refusal = (Object.keys(SWITCH_REFUSALS) as SwitchRefusal[]).find(
    (r) => SWITCH_REFUSALS[r] === event.error.code,
  );
  return refusal ?? 'error';
}

/** The failure dialog differs by whether the server sent a message: keep both apart. */
export const serializeSwitchState = (s: AccountSwitchSnapshot) =>
  JSON.stringify([s.value, s.context.error ? 'server' : null]);

/** Every state and transition of accountSwitch, `account` being what SELECT picks and `message` the server's words. */
export function accountSwitchPaths(
  account: AccountChoice,
  message: { ar: string; en: string },
): Array<TestPath<AccountSwitchSnapshot, SwitchModelEvent>> {
  const events: SwitchModelEvent[] = [
    { type: 'OPEN' },
    { type: 'CLOSE' },
    { type: 'SELECT', account },
    { type: 'DISMISS' },
    ...Object.values(SWITCH_FACTS).map((facts) => ({ type: 'switch.checked' as const, facts })),
    { type: 'xstate.done.actor.switchAccount', output: null },
    ...Object.values(SWITCH_REFUSALS).map((code) => ({
      type: 'xstate.error.actor.switchAccount' as const,
      error: { code, errorMessage: message },
    })),
    { type: 'xstate.error.actor.switchAccount', error: {} },
  ];
  const model = createModel(accountSwitchMachine, {
    events: events as AccountSwitchEvent[],
    serializeState: serializeSwitchState,
  });
  return getTransitionPaths(model, { serializeState: serializeSwitchState }) as unknown as Array<
    TestPath<AccountSwitchSnapshot, SwitchModelEvent>
  >;
}
