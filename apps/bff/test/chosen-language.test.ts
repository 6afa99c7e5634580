import { LANG_CHOSEN_COOKIE, LANG_COOKIE } from '@majlis/contracts/cookies';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';

/**
 * Issue 26: a language chosen on a signed-out page (MajlisLang with the MajlisLangChosen flag the language menu sets)
 * survives the sign-in and becomes the profile's; without the flag the profile's language decides, as before.
 */
describe.each(drivers)('a language chosen before signing in, on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ LOG_LEVEL: 'silent' });
  const client = () => new TestClient((url, init) => app.request(url, init));
  const setProfile = (email: string, locale: 'ar' | 'en') =>
    runtime.db.update(schema.users).set({ locale }).where(eq(schema.users.email, email));

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  it.each([
    ['ar', 'En', 'en'],
    ['en', 'Ar', 'ar'],
  ] as const)(
    'profile %s, %s chosen on /login → signed in in the chosen language, the profile says so',
    async (profile, cookie, chosen) => {
      await setProfile(DEMO_EMAILS.member, profile);
      const c = client();
      c.jar.set(LANG_COOKIE, cookie);
      c.jar.set(LANG_CHOSEN_COOKIE, '1');
      expect((await c.login(DEMO_EMAILS.member, PASSWORD)).status).toBe(200);
      // The flag has done its job: cleared, so a later choice on another device is not overruled by this one.
      expect(c.cookie(LANG_CHOSEN_COOKIE)).toBeUndefined();
      const info = await c.get('/api/user/info');
      expect(info.json.info.locale).toBe(chosen);
      expect(info.headers.get('content-language')).toBe(chosen);
    },
  );

  it("without the flag (a language only detected or left from before) the profile's language stands", async () => {
    await setProfile(DEMO_EMAILS.member, 'ar');
    const c = client();
    c.jar.set(LANG_COOKIE, 'En');
    expect((await c.login(DEMO_EMAILS.member, PASSWORD)).status).toBe(200);
    const info = await c.get('/api/user/info');
    expect(info.json.info.locale).toBe('ar');
    expect(info.headers.get('content-language')).toBe('ar');
  });

  it('a wrong password changes nothing', async () => {
    await setProfile(DEMO_EMAILS.member, 'ar');
    const c = client();
    c.jar.set(LANG_COOKIE, 'En');
    c.jar.set(LANG_CHOSEN_COOKIE, '1');
    expect((await c.login(DEMO_EMAILS.member, 'not-the-password-1')).status).toBe(401);
    const [row] = await runtime.db
      .select({ locale: schema.users.locale })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EMAILS.member));
    expect(row?.locale).toBe('ar');
  });
});
