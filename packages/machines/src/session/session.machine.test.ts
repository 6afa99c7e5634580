import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getTransitionPaths } from '../testing.ts';
import {
  decideSession,
  SESSION_END_REASONS,
  type SessionEndReason,
  type SessionEvent,
  type SessionUser,
  sessionMachine,
} from './session.machine.ts';

const user: SessionUser = {
  id: 'u1',
  ownerId: 'a1',
  role: 'owner',
  fname: 'Salma',
  lname: 'Ali',
  email: 's@x.test',
  picture: null,
};

describe.each([null, user])('session machine, stored user %s', (storedUser) => {
  const serializeState = (s: ReturnType<typeof sessionMachine.getInitialSnapshot>) =>
    JSON.stringify([s.value, s.context.user?.id ?? null, s.context.endedBy]);
  const events: SessionEvent[] = [
    { type: 'LOGIN', user },
    { type: 'LOGOUT' },
    { type: 'UNAUTHORIZED' },
    ...SESSION_END_REASONS.map((reason) => ({ type: 'session.ended' as const, reason })),
    { type: 'session.checked', now: 10, expiresAt: 10, idleUntil: 20 },
    { type: 'session.checked', now: 10, expiresAt: 20, idleUntil: 10 },
  ];
  const model = createTestModel(sessionMachine, { input: { storedUser }, events, serializeState });

  for (const path of getTransitionPaths(model, { serializeState, input: { storedUser } })) {
    it(path.description, async () => {
      const calls: string[] = [];
      let stored: SessionUser | null = storedUser;
      const actor = createActor(
        sessionMachine.provide({
          actions: {
            storeUser: (_, p) => {
              stored = p.user;
            },
            clearStoredUser: () => {
              stored = null;
            },
            callLogout: () => calls.push('logout'),
            disconnectSocket: () => calls.push('disconnect'),
            goToLogin: () => calls.push('/login'),
            followSwitch: () => calls.push('reload'),
          },
        }),
        { input: { storedUser } },
      ).start();
      await path.test({
        states: {
          signedIn: () => {
            expect(actor.getSnapshot().value).toBe('signedIn');
            expect(stored).toEqual(actor.getSnapshot().context.user);
          },
          signedOut: ({ context }) => {
            expect(actor.getSnapshot().value).toBe('signedOut');
            expect(actor.getSnapshot().context.endedBy).toBe(context.endedBy);
            expect(actor.getSnapshot().context.user).toBeNull();
            expect(stored).toBeNull();
          },
        },
        events: {
          LOGIN: () => actor.send({ type: 'LOGIN', user }),
          LOGOUT: () => {
            actor.send({ type: 'LOGOUT' });
            expect(calls.slice(-3)).toEqual(['disconnect', 'logout', '/login']);
          },
          UNAUTHORIZED: () => actor.send({ type: 'UNAUTHORIZED' }),
          'session.ended': ({ event: step }) => {
            const event = step as Extract<SessionEvent, { type: 'session.ended' }>;
            const before = calls.length;
            actor.send(event);
            // Ended by the server: signed out without calling the logout endpoint; a switch reloads instead.
            const expected: string[] = event.reason === 'switched' ? ['reload'] : ['disconnect', '/login'];
            expect(calls.slice(before)).toEqual(expected);
          },
          'session.checked': ({ event }) => actor.send(event as Extract<SessionEvent, { type: 'session.checked' }>),
        },
      });
    });
  }
});

describe('decideSession (the BFF reads each stored session with it)', () => {
  const stored = { expiresAt: 10_000, lastSeenAt: 1_000, idleMs: 3_000 };
  const cases: Array<[number, { valid: true } | { valid: false; reason: SessionEndReason }]> = [
    [3_999, { valid: true }],
    [4_000, { valid: false, reason: 'idle' }],
    [10_000, { valid: false, reason: 'expired' }],
  ];
  it.each(cases)('at %i', (now, expected) => expect(decideSession(stored, now)).toEqual(expected));
  it('past both limits, the absolute one is named', () => {
    expect(decideSession({ expiresAt: 5, lastSeenAt: 0, idleMs: 1 }, 6)).toEqual({ valid: false, reason: 'expired' });
  });
});
