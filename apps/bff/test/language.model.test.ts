import { randomUUID } from 'node:crypto';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createNotification } from '@majlis/core/notifications/notifications';
import type { Runtime } from '@majlis/core/runtime';
import { drivers, testConfig } from '@majlis/core/testing';
import { type LanguageEvent, type LanguageInput, languageMachine } from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { createTestModel } from '@xstate/graph';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { ChatClient, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';
const events: LanguageEvent[] = [{ type: 'SET', value: 'En' }, { type: 'SET', value: 'Ar' }, { type: 'TOGGLE' }];
type Snapshot = ReturnType<typeof languageMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);

const COOKIES = [null, 'En', 'Ar', 'fr'];
const ACCEPT = [null, 'en-GB,en;q=0.9,ar;q=0.8', 'ar-EG,ar;q=0.9', 'fr-FR,en;q=0.5'];
/** Signed out: every cookie × Accept-Language; signed in: each profile over a few of them (the profile decides). */
const combos: LanguageInput[] = [
  ...COOKIES.flatMap((stored) => ACCEPT.map((acceptLanguage) => ({ stored, acceptLanguage }))),
  ...(['ar', 'en'] as const).flatMap((profile) =>
    [null, 'En', 'Ar'].flatMap((stored) =>
      [null, 'en-GB,en;q=0.9'].map((acceptLanguage) => ({ profile, stored, acceptLanguage })),
    ),
  ),
];

/**
 * The language chart walked against a running BFF (issue 17): the machine started from a profile, the MajlisLang
 * cookie and Accept-Language must give the language the BFF answers in (Content-Language, on an error too), and each
 * choice (the client's SET or TOGGLE: its cookie, and signed in the profile through PUT /api/profile/locale) must
 * move the BFF's answer where the chart goes.
 */
describe.each(drivers)('language chart against the BFF on %s', (driver) => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  let instId: string;
  let passwordHash: string;
  const config = testConfig({ LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    bff = await startBff({ mode: driver, config });
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

  /** A browser as the input describes it: signed in as a new member whose profile is `profile`, when there is one. */
  async function browser(input: LanguageInput) {
    const c = new TestClient((u, init) => fetch(u, init), url);
    if (input.profile) {
      const email = `lang-${randomUUID().slice(0, 8)}@language.test`;
      const locale = input.profile === 'en' ? 'en' : 'ar';
      const [user] = await runtime.db
        .insert(schema.users)
        .values({ email, passwordHash, fname: 'Lang', lname: 'Test', phone: '+201001009999', locale })
        .returning({ id: schema.users.id });
      await runtime.db
        .insert(schema.memberships)
        .values({ userId: user?.id as string, accountId: instId, role: 'member' });
      expect((await c.login(email, PASSWORD)).status).toBe(200);
    }
    if (input.stored) c.jar.set('MajlisLang', input.stored);
    const headers: Record<string, string> = input.acceptLanguage ? { 'accept-language': input.acceptLanguage } : {};
    return { c, headers, signedIn: !!input.profile };
  }

  for (const input of combos) {
    const model = createTestModel(languageMachine, { input, events, serializeState });
    describe(JSON.stringify(input), () => {
      for (const path of getTransitionPaths(model, { serializeState, input })) {
        it(path.description, async () => {
          const { c, headers, signedIn } = await browser(input);
          const answered = async () => {
            const ok = await c.get('/api/csrf-token', headers);
            const error = await c.get('/api/no-such-route', headers);
            expect(error.status).toBe(404);
            expect(error.json.code).toBe('NOT_FOUND');
            expect(error.headers.get('content-language')).toBe(ok.headers.get('content-language'));
            return ok.headers.get('content-language');
          };
          const expectLanguage = (code: 'ar' | 'en') => async () => {
            expect(await answered()).toBe(code);
            // Signed in, the profile holds it: e-mails and the user's other devices follow.
            if (signedIn) expect((await c.get('/api/user/info', headers)).json.info.locale).toBe(code);
          };
          /** What the client does: its machine moves, stores the cookie, and signed in saves the profile's. */
          const choose = async (step: { event: { type: string } }) => {
            const event = step.event as LanguageEvent;
            const now = await answered();
            const next =
              event.type === 'TOGGLE' ? (now === 'en' ? 'ar' : 'en') : /^en\b/i.test(event.value) ? 'en' : 'ar';
            c.jar.set('MajlisLang', next === 'en' ? 'En' : 'Ar');
            if (signedIn) {
              const saved = await c.request('PUT', '/api/profile/locale', { body: { locale: next } });
              expect(saved.status).toBe(200);
              expect(saved.json.locale).toBe(next);
            }
          };
          await path.test({
            states: { ar: expectLanguage('ar'), en: expectLanguage('en') },
            events: { SET: choose, TOGGLE: choose },
          });
          recordWalk(languageMachine, 'server', path, input);
        });
      }
    });
  }

  it("pushes on a socket in the profile's language, whatever the cookie says", async () => {
    const c = new TestClient((u, init) => fetch(u, init), url);
    expect((await c.login(DEMO_EMAILS.member, PASSWORD)).status).toBe(200);
    const me = (await c.get('/api/user/info')).json.info.id as string;
    const [membership] = await runtime.db
      .select({ accountId: schema.memberships.accountId })
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, me));
    const push = async (profile: 'ar' | 'en', cookie: 'Ar' | 'En') => {
      await c.request('PUT', '/api/profile/locale', { body: { locale: profile } });
      c.jar.set('MajlisLang', cookie);
      const socket = new ChatClient(url, c.jar);
      try {
        await socket.connected();
        await createNotification(
          runtime.db,
          {
            accountId: membership?.accountId as string,
            userId: me,
            type: 'notif',
            titleId: 'notif.chat.title',
            messageId: 'notif.chat.message',
            values: { name: 'Laila', text: 'hi' },
            dedupeKey: `language:${randomUUID()}`,
          },
          { bus: runtime.bus },
        );
        await waitFor(() => socket.notifications.length === 1, 5000, 'the push');
        return socket.notifications[0]?.title;
      } finally {
        socket.close();
      }
    };
    expect(await push('en', 'Ar')).toBe('New message');
    expect(await push('ar', 'En')).toBe('رسالة جديدة');
  });

  it('refuses the profile language signed out and a language it does not know', async () => {
    const c = new TestClient((u, init) => fetch(u, init), url);
    await c.csrf();
    expect((await c.request('PUT', '/api/profile/locale', { body: { locale: 'en' } })).status).toBe(401);
    expect((await c.login(DEMO_EMAILS.member, PASSWORD)).status).toBe(200);
    const bad = await c.request('PUT', '/api/profile/locale', { body: { locale: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_FAILED');
  });

  it.each(['solo', 'owner', 'admin', 'member'] as const)('%s saves their own language', async (role) => {
    const c = new TestClient((u, init) => fetch(u, init), url);
    expect((await c.login(DEMO_EMAILS[role], PASSWORD)).status).toBe(200);
    const before = (await c.get('/api/user/info')).json.info.locale as 'ar' | 'en';
    const other = before === 'ar' ? 'en' : 'ar';
    expect((await c.request('PUT', '/api/profile/locale', { body: { locale: other } })).json.locale).toBe(other);
    // The cookie says otherwise: the profile decides for a signed-in user.
    c.jar.set('MajlisLang', other === 'en' ? 'Ar' : 'En');
    expect((await c.get('/api/user/info')).headers.get('content-language')).toBe(other);
    await c.request('PUT', '/api/profile/locale', { body: { locale: before } });
  });
});
