import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, drivers, type TestDatabase } from '../../test/services.ts';
import type { Actor } from '../auth/actor.ts';
import { accounts, invoices, orders, users } from '../db/schema/index.ts';
import { getInvoice, invoicePdf, issueInvoice, listInvoices, markInvoicePaid, markInvoiceUnpaid } from './invoices.ts';

const NOW = new Date('2026-11-25T10:00:00Z');

describe.each(drivers)('invoices on %s', (driver) => {
  let database: TestDatabase;
  let inst: Actor;
  let solo: Actor;
  let n = 0;

  async function person(fname: string) {
    n += 1;
    const [u] = await database.db
      .insert(users)
      .values({ email: `u${n}@inv.test`, passwordHash: 'x', fname, lname: 'Test', phone: `+2010000000${n}` })
      .returning();
    return u as typeof users.$inferSelect;
  }
  const actorOf = (u: typeof users.$inferSelect, accountId: string, kind: 'inst' | 'indv'): Actor => ({
    userId: u.id,
    accountId,
    role: 'owner',
    kind,
    isOps: false,
    fname: u.fname,
    lname: u.lname,
    email: u.email,
    picture: null,
    locale: 'ar',
    timeZone: 'Africa/Cairo',
    digits: null,
  });
  const order = async (accountId: string, values: Partial<typeof orders.$inferInsert> = {}) => {
    n += 1;
    const [o] = await database.db
      .insert(orders)
      .values({
        accountId,
        kind: 'room',
        roomName: 'قاعة الإدارة',
        roomType: 'bbb',
        participants: 25,
        period: 'monthly',
        currency: 'EGP',
        unitMinor: 125_000,
        discountMinor: 25_000,
        taxPercent: 14,
        taxMinor: 14_000,
        totalMinor: 114_000,
        provider: 'sandbox',
        clientKey: `key-${n}-abcdefgh`,
        ...values,
      })
      .returning();
    return o as typeof orders.$inferSelect;
  };
  const issue = (orderId: string, at = NOW) => database.db.transaction((tx) => issueInvoice(tx, orderId, at));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const owner = await person('Huda');
    const [a] = await database.db
      .insert(accounts)
      .values({
        kind: 'inst',
        name: 'شركة النيل للتدريب',
        ownerUserId: owner.id,
        address: '12 شارع التحرير',
        city: 'الجيزة',
        country: 'مصر',
        postalCode: '12611',
        phone: '+20 2 1234 5678',
      })
      .returning();
    inst = actorOf(owner, a?.id as string, 'inst');
    const single = await person('Omar');
    const [b] = await database.db
      .insert(accounts)
      .values({ kind: 'indv', name: 'Omar', ownerUserId: single.id })
      .returning();
    solo = actorOf(single, b?.id as string, 'indv');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('numbers 20 invoices issued at once 1 to 20 within the year: no gap, no duplicate', async () => {
    const batch = await Promise.all(Array.from({ length: 20 }, () => order(inst.accountId)));
    const issued = await Promise.all(batch.map((o) => issue(o.id, new Date('2027-03-01T00:00:00Z'))));
    const numbers = issued.map((i) => i.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `2027-${String(i + 1).padStart(6, '0')}`));
    const rows = await database.db.select().from(invoices).where(eq(invoices.year, 2027));
    expect(rows.map((r) => r.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('issues one invoice per order: a second call, even at the same time, returns the same one', async () => {
    const o = await order(inst.accountId);
    const [first, second] = await Promise.all([issue(o.id), issue(o.id)]);
    expect(first.number).toMatch(/^2026-\d{6}$/);
    expect(second).toEqual(first);
    expect(await issue(o.id)).toEqual(first);
    const rows = await database.db.select().from(invoices).where(eq(invoices.orderId, o.id));
    expect(rows).toHaveLength(1);
  });

  it("snapshots the order: lines, discount with its coupon's absence, tax rate, seller and the institution billed", async () => {
    const o = await order(inst.accountId);
    const { id } = await issue(o.id);
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({
      type: 'room:monthly',
      paid: false,
      currency: 'EGP',
      subtotalMinor: 125_000,
      discountMinor: 25_000,
      taxPercent: 14,
      taxMinor: 14_000,
      totalMinor: 114_000,
      seller: { name: 'Majlis', taxId: '000-000-000' },
      billTo: { name: 'شركة النيل للتدريب', city: 'الجيزة', postalCode: '12611', phone: '+20 2 1234 5678' },
    });
    expect(row?.lines[0]).toMatchObject({ labelId: 'invoice.line.room', quantity: 1, amountMinor: 125_000 });
  });

  it('bills an individual account to its owner: name, e-mail and phone', async () => {
    const o = await order(solo.accountId, { kind: 'renewal', period: 'daily', discountMinor: 0, totalMinor: 139_000 });
    const view = await getInvoice(database.db, solo, (await issue(o.id)).id, 'en');
    expect(view.billTo).toMatchObject({ name: 'Omar Test', email: solo.email, address: null });
    expect(view.type).toBe('renewal:daily');
    expect(view.lines[0]?.label).toBe(
      'Renewal of room “\u2068قاعة الإدارة\u2069”: BigBlueButton, up to 25 participants, Daily plan (7 days)',
    );
  });

  it("numbers by the seller's year: just after midnight in Cairo on 1 January is the new year", async () => {
    const o = await order(inst.accountId);
    expect((await issue(o.id, new Date('2027-12-31T22:30:00Z'))).number).toBe('2028-000001');
  });

  it('is marked paid on payment and unpaid on refund', async () => {
    const o = await order(inst.accountId);
    const { id } = await issue(o.id);
    await database.db.transaction((tx) => markInvoicePaid(tx, o.id, NOW));
    expect(await getInvoice(database.db, inst, id, 'ar')).toMatchObject({ paid: true, paidAt: NOW.toISOString() });
    await database.db.transaction((tx) => markInvoiceUnpaid(tx, o.id));
    expect(await getInvoice(database.db, inst, id, 'ar')).toMatchObject({ paid: false, paidAt: null });
  });

  it("shows the account's own invoices to its owner only; another account's are not found", async () => {
    const o = await order(inst.accountId);
    const { id } = await issue(o.id);
    const listed = await listInvoices(database.db, inst);
    expect(listed.invoices.some((i) => i.id === id)).toBe(true);
    expect((await listInvoices(database.db, solo)).invoices.some((i) => i.id === id)).toBe(false);
    await expect(getInvoice(database.db, solo, id, 'ar')).rejects.toMatchObject({ status: 404 });
    await expect(getInvoice(database.db, inst, 'not-a-uuid', 'ar')).rejects.toMatchObject({ status: 404 });
    for (const role of ['admin', 'member'] as const) {
      await expect(listInvoices(database.db, { ...inst, role })).rejects.toMatchObject({ status: 403 });
      await expect(getInvoice(database.db, { ...inst, role }, id, 'ar')).rejects.toMatchObject({ status: 403 });
    }
  });

  it('writes the lines in the reader’s language and digits', async () => {
    const o = await order(inst.accountId);
    const { id } = await issue(o.id);
    const ar = await getInvoice(database.db, inst, id, 'ar');
    expect(ar.lines[0]?.label).toBe('غرفة «\u2068قاعة الإدارة\u2069»: BigBlueButton، حتى ٢٥ مشاركًا، شهري');
    expect(ar.seller).toMatchObject({ name: 'مجلس', address: 'القاهرة، جمهورية مصر العربية' });
    const latin = await getInvoice(database.db, { ...inst, digits: 'latn' }, id, 'ar');
    expect(latin.lines[0]?.label).toContain('حتى 25 مشاركًا');
  });

  it('renders a PDF with the font embedded, whose text holds the number and the total, in both languages', async () => {
    const o = await order(inst.accountId);
    const { id, number } = await issue(o.id);
    const text = async (pdf: Buffer) => {
      const doc = await getDocumentProxy(new Uint8Array(pdf));
      return (await extractText(doc, { mergePages: true })).text;
    };
    const en = await invoicePdf(database.db, { ...inst, locale: 'en' }, id, 'en');
    expect(en.filename).toBe(`invoice-${number}.pdf`);
    expect(en.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(en.pdf.toString('latin1')).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(en.pdf.toString('latin1')).toContain('NotoSansArabic');
    const enText = await text(en.pdf);
    expect(enText).toContain(number);
    expect(enText).toContain('EGP 1,140.00');
    expect(enText).toContain('Tax registration no. 000-000-000');

    const ar = await invoicePdf(database.db, inst, id, 'ar');
    expect(ar.pdf.toString('latin1')).toMatch(/\/FontFile2 \d+ 0 R/);
    const arText = await text(ar.pdf);
    const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
    // The number is drawn as a left-to-right run, year first, as on the page (invoice-pdf.test.ts checks the layout).
    expect(arText).toContain(arabicDigits(number));
    expect(arText).toContain('١٬١٤٠٫٠٠');
    // The first render also starts the PDF thread (invoice-pdf-pool.ts), which loads its modules through tsx.
  }, 120_000);
});
