import { readFileSync } from 'node:fs';
import { issueInvoice } from '@majlis/core/billing/invoices';
import * as schema from '@majlis/core/db/schema/index';
import { runRenewals } from '@majlis/core/jobs/renewals';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
const DAY = 86_400_000;
/** The migration that gave rooms their product name: its updates are run again over rooms made before it. */
const BACKFILL = readFileSync(
  new URL('../../../packages/core/drizzle/0020_product_room_names.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/i.test(s));

/**
 * Issue 26: the room the product names (the trial room) reads in each reader's language wherever it is named: the
 * rooms list, billing, orders, the invoice, notifications; a room its users renamed keeps their name.
 */
describe.each(drivers)('product-named rooms on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  let config: ReturnType<typeof testConfig>;
  let roomId = '';
  let invoiceId = '';
  let renewsAt = new Date();

  const signedIn = async (email: string) => {
    const c = new TestClient((url, init) => app.request(url, init));
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const profile = (c: TestClient, locale: 'ar' | 'en') => c.request('PUT', '/api/profile/locale', { body: { locale } });

  beforeAll(async () => {
    config = testConfig();
    // the demo (seedDemo with the same password), copied from the run's seeded template
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
    const db = runtime.db;
    // Sara's trial room as one made before issue 26: named in her language, no product key; an order and its invoice.
    const [sara] = await db
      .select({ room: schema.rooms, sub: schema.subscriptions })
      .from(schema.rooms)
      .innerJoin(schema.trials, eq(schema.trials.roomId, schema.rooms.id))
      .innerJoin(schema.subscriptions, eq(schema.subscriptions.roomId, schema.rooms.id))
      .innerJoin(
        schema.users,
        and(eq(schema.users.id, schema.trials.userId), eq(schema.users.email, 'solo@demo.test')),
      );
    roomId = sara?.room.id as string;
    renewsAt = sara?.sub.renewsAt as Date;
    await db.update(schema.rooms).set({ name: 'غرفة تجريبية' }).where(eq(schema.rooms.id, roomId));
    const [order] = await db
      .insert(schema.orders)
      .values({
        accountId: sara?.room.accountId as string,
        kind: 'renewal',
        roomId,
        roomName: 'غرفة تجريبية',
        roomType: 'jitsi',
        participants: 10,
        period: 'monthly',
        currency: 'EGP',
        unitMinor: 50_000,
        totalMinor: 50_000,
        provider: 'sandbox',
        clientKey: 'room-names-test',
      })
      .returning();
    invoiceId = (await db.transaction((tx) => issueInvoice(tx, order?.id as string))).id;
    for (const statement of BACKFILL) await db.execute(sql.raw(statement));
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  it('backfills a trial room still named as the product named it, with its orders and invoice lines', async () => {
    const [room] = await runtime.db.select().from(schema.rooms).where(eq(schema.rooms.id, roomId));
    expect(room).toMatchObject({ name: 'غرفة تجريبية', nameKey: 'trial.roomName' });
    const [order] = await runtime.db.select().from(schema.orders).where(eq(schema.orders.roomId, roomId));
    expect(order?.roomNameKey).toBe('trial.roomName');
    const [invoice] = await runtime.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
    expect(invoice?.lines[0]?.values).toMatchObject({ roomName: 'غرفة تجريبية', roomNameKey: 'trial.roomName' });
    // no other room of the demo (each named by its users) is touched
    const others = await runtime.db.select().from(schema.rooms).where(sql`${schema.rooms.nameKey} is not null`);
    expect(others.map((r) => r.id)).toEqual([roomId]);
  });

  it('names the trial room made in Arabic "Trial room" to an English reader everywhere, in Arabic to an Arabic one', async () => {
    const c = await signedIn('solo@demo.test');
    // the renewal reminder three days before the trial ends, written once, read in each language
    await runRenewals({
      db: runtime.db,
      config,
      push: { notify: () => {} },
      transports: {},
      now: () => new Date(+renewsAt - 3 * DAY - 3_600_000),
    });
    for (const [locale, name] of [
      ['en', 'Trial room'],
      ['ar', 'غرفة تجريبية'],
    ] as const) {
      await profile(c, locale);
      const rooms = (await c.get('/api/rooms')).json.rooms;
      expect(rooms).toEqual([expect.objectContaining({ id: roomId, name, nameKey: 'trial.roomName' })]);
      const subs = (await c.get('/api/billing/subscriptions')).json.subscriptions;
      expect(subs.find((s: { room: { id: string } | null }) => s.room?.id === roomId).room).toMatchObject({
        name,
        nameKey: 'trial.roomName',
      });
      const orders = (await c.get('/api/billing/orders')).json.orders;
      expect(orders.find((o: { roomId: string }) => o.roomId === roomId).roomName).toBe(name);
      const invoice = (await c.get(`/api/billing/invoices/${invoiceId}`)).json;
      expect(invoice.lines[0].label).toContain(`\u2068${name}\u2069`);
      const notes = (await c.get('/api/notif/notify')).json as { message: string }[];
      expect(notes.some((n) => n.message.includes(name))).toBe(true);
    }
    // an invoice asked for in the other language names it in that one
    const asked = (await c.get(`/api/billing/invoices/${invoiceId}?lang=en`)).json;
    expect(asked.lines[0].label).toContain('\u2068Trial room\u2069');
  });

  it('keeps the product name when the form sends it back as shown, and the users’ name once they rename it', async () => {
    const c = await signedIn('solo@demo.test');
    await profile(c, 'en');
    const same = await c.request('PUT', `/api/rooms/${roomId}`, { body: { name: 'Trial room' } });
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ name: 'Trial room', nameKey: 'trial.roomName' });
    await profile(c, 'ar');
    expect((await c.get('/api/rooms')).json.rooms[0]).toMatchObject({ name: 'غرفة تجريبية' });

    const renamed = await c.request('PUT', `/api/rooms/${roomId}`, { body: { name: 'Sara’s studio' } });
    expect(renamed.json).toMatchObject({ name: 'Sara’s studio', nameKey: null });
    await profile(c, 'en');
    expect((await c.get('/api/rooms')).json.rooms[0]).toMatchObject({ name: 'Sara’s studio', nameKey: null });
    await profile(c, 'ar');
  });
});
