import { issueInvoice } from '@majlis/core/billing/invoices';
import * as schema from '@majlis/core/db/schema/index';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';

describe.each(drivers)('invoice routes on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  let config: ReturnType<typeof testConfig>;
  /** The demo institution's invoice and the individual account's. */
  let inst: { id: string; number: string };
  let solo: { id: string; number: string };

  const signedIn = async (email: string) => {
    const c = new TestClient((url, init) => app.request(url, init));
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  /** An order of the account owned by `email` (its institution when it has one), with its invoice. */
  const invoiceOf = async (email: string, kind: 'inst' | 'indv') => {
    const db = runtime.db;
    const [account] = await db
      .select({ id: schema.accounts.id })
      .from(schema.accounts)
      .innerJoin(schema.users, eq(schema.users.id, schema.accounts.ownerUserId))
      .where(and(eq(schema.users.email, email), eq(schema.accounts.kind, kind)));
    const [order] = await db
      .insert(schema.orders)
      .values({
        accountId: account?.id as string,
        kind: 'room',
        roomName: 'Board',
        roomType: 'jitsi',
        participants: 10,
        period: 'annual',
        currency: 'USD',
        unitMinor: 12_000,
        taxPercent: 14,
        taxMinor: 1_680,
        totalMinor: 13_680,
        provider: 'sandbox',
        clientKey: `invoice-${kind}-test`,
      })
      .returning();
    return db.transaction((tx) => issueInvoice(tx, order?.id as string));
  };

  beforeAll(async () => {
    config = testConfig();
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
    inst = await invoiceOf('owner@demo.test', 'inst');
    solo = await invoiceOf('solo@demo.test', 'indv');
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  it('the owner lists, reads (in the request language) and downloads the PDF of its invoice', async () => {
    const c = await signedIn('owner@demo.test');
    const list = await c.get('/api/billing/invoices');
    expect(list.status).toBe(200);
    expect(list.json.invoices).toContainEqual(
      expect.objectContaining({ id: inst.id, number: inst.number, type: 'room:annual', totalMinor: 13_680 }),
    );
    expect(list.json.invoices.map((i: { id: string }) => i.id)).not.toContain(solo.id);

    // Signed in, the profile's language is the request's (the language chart), whatever Accept-Language says.
    const profile = (locale: 'ar' | 'en') => c.request('PUT', '/api/profile/locale', { body: { locale } });
    await profile('en');
    const en = await c.get(`/api/billing/invoices/${inst.id}`, { 'accept-language': 'ar' });
    expect(en.status).toBe(200);
    expect(en.json).toMatchObject({ paid: false, taxPercent: 14, seller: { name: 'Majlis', taxId: '000-000-000' } });
    expect(en.json.lines[0].label).toBe('Room “\u2068Board\u2069”: Jitsi Meet, up to 10 participants, Annual');
    await profile('ar');
    const ar = await c.get(`/api/billing/invoices/${inst.id}`, { 'accept-language': 'en' });
    expect(ar.json.lines[0].label).toContain('سنوي');
    await profile('en');
    const asked = await c.get(`/api/billing/invoices/${inst.id}?lang=ar`, { 'accept-language': 'en' });
    expect(asked.json.lines[0].label).toContain('سنوي');

    for (const lang of ['ar', 'en']) {
      const pdf = await c.get(`/api/billing/invoices/${inst.id}/pdf?lang=${lang}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${inst.number}.pdf"`);
      expect(pdf.text.startsWith('%PDF-')).toBe(true);
    }
    const bad = await c.get(`/api/billing/invoices/${inst.id}/pdf?lang=fr`);
    expect(bad.status).toBe(400);
    await profile('ar');
  });

  it('issue 25: an Arabic PDF is laid out off the event loop, /api/health answers in < 50 ms meanwhile', async () => {
    const c = await signedIn('owner@demo.test');
    const pdfOf = () => c.get(`/api/billing/invoices/${inst.id}/pdf?lang=ar`);
    // The first one also starts the render thread and loads its modules.
    expect((await pdfOf()).status).toBe(200);
    let rendering = true;
    const started = performance.now();
    const pdf = pdfOf().finally(() => {
      rendering = false;
    });
    // /api/health every 5 ms until the PDF is done, each timed from when it was due (a pause of the event loop holds
    // the timer or the request alike).
    const waits: number[] = [];
    while (rendering) {
      const due = performance.now() + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const health = await app.request('/api/health');
      waits.push(performance.now() - due);
      expect(health.status).toBe(200);
    }
    const took = performance.now() - started;
    const done = await pdf;
    expect(done.status).toBe(200);
    expect(done.text.startsWith('%PDF-')).toBe(true);
    // A render on the event loop holds the health request then in flight for the whole render (a second or more), and
    // few are asked at all. Off the loop they are answered throughout; on a shared, busy machine the scheduler may still
    // hold one now and then, so 95 in 100 must be under 50 ms and none may wait a quarter of the render.
    const sorted = [...waits].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] as number;
    const facts = JSON.stringify({ asked: waits.length, p95, longest: sorted.at(-1), renderMs: took });
    expect(p95, facts).toBeLessThan(50);
    expect(sorted.at(-1), facts).toBeLessThan(took / 4);
    expect(waits.length, facts).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('refuses the admin and the member of the institution (403)', async () => {
    for (const email of ['admin@demo.test', 'member@demo.test']) {
      const c = await signedIn(email);
      for (const path of ['', `/${inst.id}`, `/${inst.id}/pdf?lang=ar`]) {
        const res = await c.get(`/api/billing/invoices${path}`);
        expect(res.status, `${email} ${path}`).toBe(403);
        expect(res.json.code).toBe('FORBIDDEN');
      }
    }
  });

  it("answers 404 for another account's invoice and for an id that is none", async () => {
    const c = await signedIn('solo@demo.test');
    expect((await c.get(`/api/billing/invoices/${solo.id}`)).status).toBe(200);
    for (const path of [`/${inst.id}`, `/${inst.id}/pdf`, '/not-an-id', `/${crypto.randomUUID()}/pdf`]) {
      const res = await c.get(`/api/billing/invoices${path}`);
      expect(res.status, path).toBe(404);
      expect(res.json.code).toBe('NOT_FOUND');
    }
  });

  it('asks a signed-out visitor to sign in (401)', async () => {
    const c = new TestClient((url, init) => app.request(url, init));
    expect((await c.get('/api/billing/invoices')).status).toBe(401);
    expect((await c.get(`/api/billing/invoices/${inst.id}/pdf`)).status).toBe(401);
  });
});
