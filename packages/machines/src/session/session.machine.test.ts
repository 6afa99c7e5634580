import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getTransitionPaths } from '../testing.ts';
import { type SessionUser, sessionMachine } from './session.machine.ts';

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
    JSON.stringify([s.value, s.context.user?.id ?? null]);
  const model = createTestModel(sessionMachine, {
    input: { storedUser },
    events: [{ type: 'LOGIN', user }, { type: 'LOGOUT' }, { type: 'UNAUTHORIZED' }],
    serializeState,
  });

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
          signedOut: () => {
            expect(actor.getSnapshot().value).toBe('signedOut');
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
        },
      });
    });
  }
});
