import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@majlis/contracts/errors';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { testConfig } from '@majlis/core/testing';
import { grantOps } from '@majlis/core/users/grant-ops';
import { both } from '@majlis/i18n/server';
import { accountSwitchMachine, refusalOf, SWITCH_REFUSALS, type SwitchRefusal } from '@majlis/machines';
import {
  accountSwitchPaths,
  caseOf,
  type SwitchCase,
  type SwitchModelEvent,
} from '@majlis/machines/account-switch/account-switch.model';
import { recordWalk } from '@majlis/machines/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 17: the account switch's model, walked against a running BFF over HTTP. The paths are the ones the client's
 * dialog test walks (machines account-switch.model.ts); each outcome is produced for real: an institution the user
 * belongs to, one they do not, a membership its owner deactivated, accounts the operator suspended and banned, an id
 * no account has, and another user's id. Every refusal answers its own code and the catalog's words in both languages.
 */
const PASSWORD = 'Demo-password-1';

describe('account switching against the BFF', () => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  let passwordHash: string;
  const http = () => new TestClient((u, init) => fetch(u, init), url);
  async function signIn(email: string) {
    const c = http();
    const res = await c.login(email, PASSWORD);
    expect(res.status, email).toBe(200);
    return c;
  }
  async function person(tag: string) {
    const email = `${tag}-${randomUUID().slice(0, 8)}@switch.test`;
    const [u] = await runtime.db
      .insert(schema.users)
      .values({ email, passwordHash, fname: 'Test', lname: tag, phone: '+201001009999' })
      .returning({ id: schema.users.id });
    return { id: u?.id as string, email };
  }
  async function account(kind: 'indv' | 'inst', ownerUserId: string) {
    const [a] = await runtime.db
      .insert(schema.accounts)
      .values({ kind, name: `${kind} ${randomUUID().slice(0, 8)}`, ownerUserId })
      .returning({ id: schema.accounts.id });
    const id = a?.id as string;
    await runtime.db.insert(schema.memberships).values({ userId: ownerUserId, accountId: id, role: 'owner' });
    return id;
  }
  const join = (userId: string, accountId: string, role: 'admin' | 'member') =>
    runtime.db.insert(schema.memberships).values({ userId, accountId, role });

  /** Where each way a switch can end is produced, for one user whose sign-in lands in their personal account. */
  interface World {
    user: { id: string; email: string };
    personal: string;
    target: Record<SwitchCase, { userId: string; ownerId: string }>;
  }

  async function world(role: 'admin' | 'member'): Promise<World> {
    const user = await person(role);
    const personal = await account('indv', user.id);
    const owners = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((t) => person(`owner-${t}`)));
    const [joined, foreign, deactivated, suspended, banned] = await Promise.all(
      owners.map((o) => account('inst', o.id)),
    );
    for (const inst of [joined, deactivated, suspended, banned]) await join(user.id, inst as string, role);
    // Through the routes that do it in the product: the institution's owner, and the platform operator.
    const owner = await signIn(owners[2]?.email as string);
    const off = await owner.request('PUT', `/api/users/${user.id}/status`, { body: { active: false } });
    expect(off.status).toBe(200);
    const ops = await signIn(operatorEmail);
    for (const [id, status] of [
      [suspended, 'suspended'],
      [banned, 'banned'],
    ] as const) {
      const res = await ops.request('PUT', `/api/ops/accounts/${id}/status`, { body: { status } });
      expect(res.status).toBe(200);
    }
    const at = (ownerId: string | undefined) => ({ userId: user.id, ownerId: ownerId as string });
    return {
      user,
      personal,
      target: {
        switched: at(joined),
        otherUser: { userId: owners[0]?.id as string, ownerId: joined as string },
        unknownAccount: at(randomUUID()),
        notMember: at(foreign),
        membershipInactive: at(deactivated),
        accountSuspended: at(suspended),
        accountBanned: at(banned),
      },
    };
  }

  let operatorEmail: string;

  beforeAll(async () => {
    bff = await startBff({ mode: 'pglite', config: testConfig({ LOG_LEVEL: 'silent' }), realtime: false });
    ({ runtime, url } = bff);
    const [row] = await runtime.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EMAILS.owner));
    passwordHash = row?.hash as string;
    const operator = await person('operator');
    operatorEmail = operator.email;
    await account('indv', operator.id);
    expect(await grantOps(runtime.db, [operator.email])).toBe(1);
  });
  afterAll(async () => {
    await bff?.stop();
  });

  describe('every path of the model', () => {
    let w: World;
    beforeAll(async () => {
      w = await world('member');
    });
    const message = { ar: 'ar', en: 'en' };
    const paths = accountSwitchPaths(
      { userId: 'u', accountId: 'a', accountName: 'Institution', userRole: 'member', accountpicture: null },
      message,
    );
    for (const path of paths) {
      it(path.description, async () => {
        const c = await signIn(w.user.email);
        // Sign-in lands in the institution; each path starts from the personal account, so a switch is seen.
        expect((await c.post('/api/inst-login', { userId: w.user.id, ownerId: w.personal })).status).toBe(200);
        let answer: { status: number; json: { code?: string; errorMessage?: unknown; ownerId?: string } } | null = null;
        /** The session still acts in the personal account (a refusal changes nothing). */
        const unchanged = async () =>
          expect((await c.get('/api/account/type')).json).toEqual({ type: 'indv', accountType: 'owner' });
        await path.test({
          states: {
            closed: unchanged,
            choosing: async () => {
              const listed = (await c.get('/api/user/accounts')).json.results;
              const ids = [listed.me?.accountId, ...listed.groups.map((g: { accountId: string }) => g.accountId)];
              expect(ids).toContain(w.personal);
              expect(ids).toContain(w.target.switched.ownerId);
              expect(ids).not.toContain(w.target.notMember.ownerId);
            },
            switching: unchanged,
            switched: async () => {
              expect(answer?.status).toBe(200);
              expect(answer?.json.ownerId).toBe(w.target.switched.ownerId);
              expect((await c.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: 'member' });
            },
            failed: async (state) => {
              const refusal: SwitchRefusal | null = refusalOf(state);
              const code = answer?.json.code as string;
              expect(ERROR_CODES).toContain(code);
              if (refusal) {
                expect(code).toBe(SWITCH_REFUSALS[refusal]);
                expect(answer?.status).toBe(refusal === 'unknownAccount' ? 404 : 403);
                expect(answer?.json.errorMessage).toEqual(both(`error.${code}`));
              } else {
                // Neither a refusal nor a success: the server's answer for a body it cannot read.
                expect(answer?.status).toBe(400);
                expect(Object.values(SWITCH_REFUSALS)).not.toContain(code);
              }
              await unchanged();
            },
          },
          events: {
            OPEN: async () => expect((await c.get('/api/user/accounts')).status).toBe(200),
            CLOSE: () => {},
            SELECT: () => {},
            DISMISS: () => {},
            ...Object.fromEntries(
              ['switch.checked', 'xstate.done.actor.switchAccount', 'xstate.error.actor.switchAccount'].map((type) => [
                type,
                async ({ event }: { event: unknown }) => {
                  const which = caseOf(event as SwitchModelEvent);
                  const body =
                    which === 'error' || !which ? { userId: 'not-an-id', ownerId: w.personal } : w.target[which];
                  answer = await c.post('/api/inst-login', body);
                },
              ]),
            ),
          },
        } as Parameters<typeof path.test>[0]);
        recordWalk(accountSwitchMachine, 'server', path);
      });
    }
  });

  it.each(['owner', 'admin', 'member'] as const)(
    'an %s switches between their accounts, and each refusal reaches them with its code',
    async (role) => {
      const user = await person(role);
      const personal = await account('indv', user.id);
      const inst = role === 'owner' ? await account('inst', user.id) : await account('inst', (await person('o')).id);
      if (role !== 'owner') await join(user.id, inst, role);
      const c = await signIn(user.email);
      // Sign-in lands in the institution (the most privileged place), then over to the personal account and back.
      expect((await c.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: role });
      const toPersonal = await c.post('/api/inst-login', { userId: user.id, ownerId: personal });
      expect(toPersonal.json).toMatchObject({ id: user.id, ownerId: personal, role: 'owner' });
      const back = await c.post('/api/inst-login', { userId: user.id, ownerId: inst });
      expect(back.json).toMatchObject({ ownerId: inst, role });
      const unknown = await c.post('/api/inst-login', { userId: user.id, ownerId: randomUUID() });
      expect(unknown.json).toMatchObject({ code: 'ACCOUNT_UNKNOWN', errorMessage: both('error.ACCOUNT_UNKNOWN') });
      const foreign = await c.post('/api/inst-login', {
        userId: user.id,
        ownerId: await account('inst', (await person('f')).id),
      });
      expect(foreign.json.code).toBe('NOT_A_MEMBER');
      expect((await c.get('/api/account/type')).json).toEqual({ type: 'inst', accountType: role });
    },
  );
});
