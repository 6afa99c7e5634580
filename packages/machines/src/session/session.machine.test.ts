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
      // Where spec §4 and the BFF's ending rules say the session stands, followed beside the chart (not read from it).
      let want: { at: 'signedIn' | 'signedOut'; endedBy: SessionEndReason | null } = {
        at: storedUser ? 'signedIn' : 'signedOut',
        endedBy: null,
      };
      const endedBy = (reason: SessionEndReason | null) => {
        if (want.at === 'signedIn') want = { at: 'signedOut', endedBy: reason };
      };
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
            expect(want.at).toBe('signedIn');
            expect(actor.getSnapshot().value).toBe('signedIn');
            expect(stored).toEqual(actor.getSnapshot().context.user);
          },
          signedOut: () => {
            expect(want.at).toBe('signedOut');
            expect(actor.getSnapshot().value).toBe('signedOut');
            expect(actor.getSnapshot().context.endedBy).toBe(want.endedBy);
            expect(actor.getSnapshot().context.user).toBeNull();
            expect(stored).toBeNull();
          },
        },
        events: {
          LOGIN: () => {
            want = { at: 'signedIn', endedBy: null };
            actor.send({ type: 'LOGIN', user });
          },
          LOGOUT: () => {
            // Signed out by the user: no server reason to show.
            endedBy(null);
            actor.send({ type: 'LOGOUT' });
            expect(calls.slice(-3)).toEqual(['disconnect', 'logout', '/login']);
          },
          UNAUTHORIZED: () => {
            endedBy(null);
            actor.send({ type: 'UNAUTHORIZED' });
          },
          'session.ended': ({ event: step }) => {
            const event = step as Extract<SessionEvent, { type: 'session.ended' }>;
            const before = calls.length;
            // A switch carries the session on (the page reloads); any other reason ends it and is kept for /login.
            if (event.reason !== 'switched') endedBy(event.reason);
            actor.send(event);
            // Ended by the server: signed out without calling the logout endpoint; a switch reloads instead.
            const expected: string[] = event.reason === 'switched' ? ['reload'] : ['disconnect', '/login'];
            expect(calls.slice(before)).toEqual(expected);
          },
          'session.checked': ({ event: step }) => {
            const event = step as Extract<SessionEvent, { type: 'session.checked' }>;
            // The absolute limit is named first when both are past (decideSession's cases below).
            if (event.now >= event.expiresAt) endedBy('expired');
            else if (event.now >= event.idleUntil) endedBy('idle');
            actor.send(event);
          },
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
