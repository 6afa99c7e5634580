import { randomUUID } from 'node:crypto';
import { COOKIE_POLICY_VERSION } from '@majlis/contracts/cookies';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { drivers, testConfig } from '@majlis/core/testing';
import { type CookieConsentEvent, cookieConsentMachine } from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { createTestModel } from '@xstate/graph';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';
const OLD = COOKIE_POLICY_VERSION - 1;
type Snapshot = ReturnType<typeof cookieConsentMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);

/** What the server may hold for a user: nothing, or a choice under today's policy or an older one. */
const records = [
  { stored: null, storedVersion: null },
  { stored: 'accepted', storedVersion: COOKIE_POLICY_VERSION },
  { stored: 'declined', storedVersion: COOKIE_POLICY_VERSION },
  { stored: 'accepted', storedVersion: OLD },
  { stored: 'declined', storedVersion: OLD },
] as const;

/**
 * The cookieConsent chart walked against a running BFF (issue 17): a signed-in user's stored record must read as the
 * chart's state (GET /api/cookie-consent; an older policy's choice is none), and the banner's ACCEPT and DECLINE
 * (PUT) must lead where the chart goes. RECORDED, the record arriving at a browser, is the client's alone.
 */
describe.each(drivers)('cookie consent chart against the BFF on %s', (driver) => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  let instId: string;
  let passwordHash: string;
  const config = testConfig({ LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    bff = await startBff({ mode: driver, config, realtime: false });
    ({ runtime, url } = bff);
    const [inst] = await runtime.db.select().from(schema.accounts).where(eq(schema.accounts.kind, 'inst'));
    instId = inst?.id as string;
    const [row] = await runtime.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EMAILS.owner));
    passwordHash = row?.hash as string;
  });
  afterAll(async () => {
    await bff?.stop();
  });

  const client = () => new TestClient((u, init) => fetch(u, init), url);

  async function memberWith(record: (typeof records)[number]) {
    const email = `consent-${randomUUID().slice(0, 8)}@consent.test`;
    const [user] = await runtime.db
      .insert(schema.users)
      .values({ email, passwordHash, fname: 'Consent', lname: 'Test', phone: '+201001009999' })
      .returning({ id: schema.users.id });
    const userId = user?.id as string;
    await runtime.db.insert(schema.memberships).values({ userId, accountId: instId, role: 'member' });
    if (record.stored) {
      await runtime.db.insert(schema.cookieConsents).values({
        userId,
        choice: record.stored,
        policyVersion: record.storedVersion,
        decidedAt: new Date('2026-01-02T03:04:05Z'),
      });
    }
    const c = client();
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  }

  for (const record of records) {
    const input = { ...record, policyVersion: COOKIE_POLICY_VERSION };
    const model = createTestModel(cookieConsentMachine, {
      input,
      events: [{ type: 'ACCEPT' }, { type: 'DECLINE' }],
      serializeState,
    });
    const paths = getTransitionPaths(model, { serializeState, input }).filter((p) =>
      p.steps.every((s) => s.event.type !== 'RECORDED'),
    );
    describe(`stored ${record.stored} v${record.storedVersion}`, () => {
      for (const path of paths) {
        it(path.description, async () => {
          const c = await memberWith(record);
          let decided = false;
          const expectRecord = (choice: 'accepted' | 'declined' | null) => async () => {
            const res = await c.get('/api/cookie-consent');
            expect(res.status).toBe(200);
            expect(res.json.choice).toBe(choice);
            if (choice) {
              expect(res.json.version).toBe(COOKIE_POLICY_VERSION);
              // Restored: the stored moment; chosen here: now.
              if (decided) expect(Date.now() - Date.parse(res.json.decidedAt)).toBeLessThan(60_000);
              else expect(res.json.decidedAt).toBe('2026-01-02T03:04:05.000Z');
            } else {
              expect(res.json.decidedAt).toBeNull();
              expect(res.json.version).toBe(record.storedVersion);
            }
          };
          const choose = async ({ event }: { event: CookieConsentEvent }) => {
            const choice = event.type === 'ACCEPT' ? 'accepted' : 'declined';
            const res = await c.request('PUT', '/api/cookie-consent', { body: { choice } });
            expect(res.status).toBe(200);
            expect(res.json).toMatchObject({ choice, version: COOKIE_POLICY_VERSION });
            decided = true;
            // Made once per policy version: the other answer is refused, and the record stays.
            const again = await c.request('PUT', '/api/cookie-consent', {
              body: { choice: choice === 'accepted' ? 'declined' : 'accepted' },
            });
            expect(again.status).toBe(409);
            expect(again.json.code).toBe('CONSENT_DECIDED');
          };
          await path.test({
            states: {
              unknown: expectRecord(null),
              accepted: expectRecord('accepted'),
              declined: expectRecord('declined'),
            },
            events: { ACCEPT: choose, DECLINE: choose },
          });
          recordWalk(cookieConsentMachine, 'server', path, input);
        });
      }
    });
  }

  it('answers a signed-out visitor 401 (the browser keeps the choice) and refuses a choice it does not know', async () => {
    const c = client();
    await c.csrf();
    expect((await c.get('/api/cookie-consent')).status).toBe(401);
    // A 401 clears the CSRF cookies with the session's (DESIGN §5): the page asks for a token again.
    await c.csrf();
    expect((await c.request('PUT', '/api/cookie-consent', { body: { choice: 'accepted' } })).status).toBe(401);
    const m = await memberWith(records[0]);
    const bad = await m.request('PUT', '/api/cookie-consent', { body: { choice: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_FAILED');
    const refused = await m.request('PUT', '/api/cookie-consent', { body: { choice: 'accepted' }, csrf: false });
    expect(refused.status).toBe(403);
  });

  it.each(['solo', 'owner', 'admin', 'member'] as const)(
    '%s records their own choice, the same in every account and on every device',
    async (role) => {
      const [me] = await runtime.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, DEMO_EMAILS[role]));
      await runtime.db.delete(schema.cookieConsents).where(eq(schema.cookieConsents.userId, me?.id as string));
      const a = client();
      expect((await a.login(DEMO_EMAILS[role], PASSWORD)).status).toBe(200);
      expect((await a.get('/api/cookie-consent')).json).toEqual({ choice: null, version: null, decidedAt: null });
      const saved = await a.request('PUT', '/api/cookie-consent', { body: { choice: 'declined' } });
      expect(saved.status).toBe(200);
      const b = client();
      expect((await b.login(DEMO_EMAILS[role], PASSWORD)).status).toBe(200);
      expect((await b.get('/api/cookie-consent')).json).toEqual(saved.json);
      const [row] = await runtime.db
        .select()
        .from(schema.cookieConsents)
        .where(eq(schema.cookieConsents.userId, me?.id as string));
      expect(row).toMatchObject({ choice: 'declined', policyVersion: COOKIE_POLICY_VERSION });
    },
  );
});
