import { randomBytes, randomUUID } from 'node:crypto';
import type { SessionEnded } from '@majlis/contracts/realtime';
import { hashToken, sessionCookieName } from '@majlis/core/auth/sessions';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { testConfig } from '@majlis/core/testing';
import { grantOps } from '@majlis/core/users/grant-ops';
import {
  decideSession,
  SESSION_END_REASONS,
  type SessionEndReason,
  type SessionEvent,
  type SessionUser,
  sessionMachine,
} from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { createTestModel } from '@xstate/graph';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheOf } from '../src/http/session-cache.ts';
import { TestClient } from './client.ts';
import { ChatClient, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 17: the session machine's paths walked against a running BFF, its socket listening. Each way a session ends
 * is produced for real: sign-out (here, and in another tab of the same browser), a password changed on another
 * device and one reset by e-mail token, the idle and absolute limits (the session's timestamps moved in the database,
 * the socket's own timer noticing), the user deactivated by the institution's owner, the institution suspended by
 * the operator, an account switch; a 401 is a session row gone without a word. Signed out, the server answers 401
 * and told the socket why first; signed in, it answers the user.
 */
const PASSWORD = 'Demo-password-1';
/** Under the 60 s between lastSeenAt writes, so a socket's handshake does not move a session's idle end. */
const IDLE_SECONDS = 50;
/** How long a session moved to the edge of a limit has left: time for a socket to connect on a busy machine. */
const MARGIN_MS = 1500;

type Snapshot = ReturnType<typeof sessionMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);
const storedUser: SessionUser = {
  id: 'u',
  ownerId: 'a',
  role: 'member',
  fname: 'Test',
  lname: 'Member',
  email: 'member@session.test',
  picture: null,
};

describe('the session machine against the BFF', () => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  let passwordHash: string;
  let operatorEmail: string;
  const config = testConfig({
    LOG_LEVEL: 'silent',
    SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
    RATE_RESET_IP: '1000',
  });
  const sockets: ChatClient[] = [];

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  async function signIn(email: string, password = PASSWORD) {
    const c = http();
    const res = await c.login(email, password);
    expect(res.status, email).toBe(200);
    return c;
  }
  async function person(tag: string) {
    const email = `${tag}-${randomUUID().slice(0, 8)}@session.test`;
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

  /** A member of an institution of their own test (sign-in lands there), with a personal account to switch to. */
  async function world() {
    const user = await person('member');
    const owner = await person('owner');
    const inst = await account('inst', owner.id);
    const personal = await account('indv', user.id);
    await runtime.db.insert(schema.memberships).values({ userId: user.id, accountId: inst, role: 'member' });
    return { user, owner, inst, personal };
  }

  beforeAll(async () => {
    bff = await startBff({ mode: 'pglite', config });
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
    for (const s of sockets) s.close();
    await bff?.stop();
  });

  describe.each([null, storedUser])('stored user %s', (stored) => {
    const input = { storedUser: stored };
    const model = createTestModel(sessionMachine, {
      input,
      events: [
        { type: 'LOGIN', user: storedUser },
        { type: 'LOGOUT' },
        { type: 'UNAUTHORIZED' },
        ...SESSION_END_REASONS.map((reason) => ({ type: 'session.ended', reason }) as SessionEvent),
        { type: 'session.checked', now: 0, expiresAt: 1, idleUntil: 1 },
        { type: 'session.checked', now: 2, expiresAt: 1, idleUntil: 3 },
        { type: 'session.checked', now: 2, expiresAt: 3, idleUntil: 1 },
      ],
      serializeState,
    });

    for (const path of getTransitionPaths(model, { serializeState, input })) {
      it(path.description, async () => {
        const w = await world();
        const browser = http();
        let password = PASSWORD;
        /** Everything the browser's sockets were told, in order, across reconnections. */
        const log: string[] = [];
        let socket: ChatClient | null = null;
        /** What the server should have told the page when the session ended (none for a silent 401). */
        let told: SessionEndReason | null = null;

        /** The page's socket under the browser's current cookie (a new session id needs a new handshake). */
        const connect = async () => {
          socket?.close();
          const s = new ChatClient(url, browser.jar);
          sockets.push(s);
          s.socket.on('session.ended', (p: SessionEnded) => log.push(`session.ended:${p.reason}`));
          await s.connected();
          socket = s;
        };
        const sessionHash = () => hashToken(config.sessionSecret, browser.jar.get(sessionCookieName(config)) as string);
        /** Moves this session to within MARGIN_MS of a limit; the socket connected after it notices on its own. */
        const nearLimit = async (limit: 'idle' | 'expired') => {
          const edge = Date.now() + MARGIN_MS;
          await runtime.db
            .update(schema.sessions)
            .set(
              limit === 'expired'
                ? { expiresAt: new Date(edge) }
                : { lastSeenAt: new Date(edge - IDLE_SECONDS * 1000) },
            )
            .where(eq(schema.sessions.idHash, sessionHash()));
          // Time passing, which no event tells: the session cache lets go as its TTL running out would.
          sessionCacheOf(runtime).forget(sessionHash());
          await connect();
          told = limit;
        };
        const newPassword = () => `Another-passphrase-${randomBytes(4).toString('hex')}`;

        const endedBy: Record<SessionEndReason, () => Promise<void>> = {
          /** Signed out in another tab of the same browser (the same cookie). */
          logout: async () => {
            const tab = http();
            for (const [k, v] of browser.jar) tab.jar.set(k, v);
            expect((await tab.get('/api/logout')).status).toBe(200);
          },
          passwordChanged: async () => {
            const device = await signIn(w.user.email, password);
            const next = newPassword();
            const res = await device.post('/api/profile/password', { currentPassword: password, newPassword: next });
            expect(res.status, res.text).toBe(200);
            password = next;
          },
          passwordReset: async () => {
            const token = randomBytes(32).toString('base64url');
            await runtime.db.insert(schema.passwordResets).values({
              tokenHash: hashToken(config.sessionSecret, token),
              userId: w.user.id,
              expiresAt: new Date(Date.now() + 60_000),
            });
            const visitor = http();
            await visitor.csrf();
            const next = newPassword();
            expect((await visitor.post('/api/password/reset', { token, password: next })).status).toBe(200);
            password = next;
          },
          idle: () => nearLimit('idle'),
          expired: () => nearLimit('expired'),
          deactivated: async () => {
            const owner = await signIn(w.owner.email);
            const off = await owner.request('PUT', `/api/users/${w.user.id}/status`, { body: { active: false } });
            expect(off.status, off.text).toBe(200);
          },
          suspended: async () => {
            const ops = await signIn(operatorEmail);
            const res = await ops.request('PUT', `/api/ops/accounts/${w.inst}/status`, {
              body: { status: 'suspended' },
            });
            expect(res.status, res.text).toBe(200);
          },
          /** This browser switched accounts: a new session id, the page carries on under it. */
          switched: async () => {
            const res = await browser.post('/api/inst-login', { userId: w.user.id, ownerId: w.personal });
            expect(res.status, res.text).toBe(200);
          },
        };

        // A stored user is a browser that kept its session cookie from an earlier visit.
        if (stored) {
          expect((await browser.login(w.user.email, password)).status).toBe(200);
          await connect();
        } else await browser.csrf();

        await path.test({
          states: {
            signedIn: async () => {
              const me = await browser.get('/api/user/info');
              expect(me.status, me.text).toBe(200);
              expect(me.json.info.email).toBe(w.user.email);
              if (told === 'switched') {
                await waitFor(() => log.includes('session.ended:switched'), 5000, 'session.ended:switched');
                await connect();
              }
            },
            signedOut: async () => {
              if (told) await waitFor(() => log.includes(`session.ended:${told}`), 10_000, `session.ended:${told}`);
              expect((await browser.get('/api/user/info')).status).toBe(401);
            },
          },
          events: {
            LOGIN: async () => {
              expect((await browser.login(w.user.email, password)).status).toBe(200);
              told = null;
              await connect();
            },
            LOGOUT: async () => {
              told = 'logout';
              expect((await browser.get('/api/logout')).status).toBe(200);
            },
            /** The session row gone without an event (an operator's cleanup): the next call answers 401. */
            UNAUTHORIZED: async () => {
              told = null;
              await runtime.db.delete(schema.sessions).where(eq(schema.sessions.idHash, sessionHash()));
              // No event, so this instance's session cache holds it until its TTL runs out: let that have happened.
              sessionCacheOf(runtime).forget(sessionHash());
            },
            'session.ended': async ({ event }: { event: unknown }) => {
              const { reason } = event as Extract<SessionEvent, { type: 'session.ended' }>;
              told = reason;
              await endedBy[reason]();
            },
            /** The BFF's own check of the stored session: inside the limits nothing happens, past one it ends. */
            'session.checked': async ({ event }: { event: unknown }) => {
              const { now, expiresAt, idleUntil } = event as Extract<SessionEvent, { type: 'session.checked' }>;
              const check = decideSession({ expiresAt, lastSeenAt: idleUntil, idleMs: 0 }, now);
              if (check.valid) {
                expect((await browser.get('/api/user/info')).status).toBe(200);
                return;
              }
              await nearLimit(check.reason === 'idle' ? 'idle' : 'expired');
            },
          },
        } as Parameters<typeof path.test>[0]);
        recordWalk(sessionMachine, 'server', path, input);
      });
    }
  });
});
