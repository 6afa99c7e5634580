import type { InvoiceSummary, InvoiceView } from '@majlis/contracts/billing';
import { ROOM_TYPE_LABEL } from '@majlis/contracts/rooms';
import type { Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import { COMPANY } from '../contact/contact.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import {
  accounts,
  coupons,
  type InvoiceLine,
  type InvoiceParty,
  invoices,
  orders,
  rooms,
  users,
} from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { readRoomValues, roomValues } from '../wording/room-name.ts';
import { firstPurchase } from './fulfil.ts';
import { renderInvoicePdfOffThread } from './invoice-pdf-pool.ts';

/** Invoices (spec §3): one per order, numbered per year without gaps, issued not paid at checkout. */

/** The seller as stored on every invoice; its name and address are written in the reader's language when shown. */
const SELLER: InvoiceParty = {
  name: 'Majlis',
  address: COMPANY.address.en,
  country: 'Egypt',
  taxId: COMPANY.taxNumber,
};

const SELLER_ZONE = 'Africa/Cairo';

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Issues the order's invoice inside the caller's transaction, or returns the one it already has. The order row is
 * locked first, so a second call for the same order waits and then finds the first one's invoice; the number comes
 * from invoice_counters' row for the year, raised in the same transaction, so numbers follow each other without gaps
 * (a rolled-back checkout gives its number back).
 */
export async function issueInvoice(tx: Tx, orderId: string, now = new Date()): Promise<{ id: string; number: string }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (existing) return existing;

  // The seller's year (Cairo): an invoice issued just after midnight on 1 January starts the new year's numbers.
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: SELLER_ZONE, year: 'numeric' }).format(now));
  const [counter] = await queryRows<{ last: number }>(
    tx,
    sql`insert into invoice_counters (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counters.last + 1
        returning last`,
  );
  const seq = Number(counter?.last);
  const number = `${year}-${String(seq).padStart(6, '0')}`;

  const [room] = order.roomId ? await tx.select().from(rooms).where(eq(rooms.id, order.roomId)) : [];
  const roomType = order.roomType ?? room?.type ?? null;
  // a trial or unpaid room's first plan is bought, not renewed (issue 25)
  const kind = order.kind === 'renewal' && (await firstPurchase(tx, order)) ? 'purchase' : order.kind;
  const line: InvoiceLine = {
    labelId: `invoice.line.${kind}`,
    values:
      order.kind === 'enterprise'
        ? {}
        : {
            // a product-named room (the trial room) keeps its key: the line is read in the reader's language
            ...roomValues(
              order.roomName !== null ? { name: order.roomName, nameKey: order.roomNameKey } : (room ?? { name: '' }),
              'roomName',
            ),
            roomType: roomType ? ROOM_TYPE_LABEL[roomType] : '',
            participants: order.participants ?? room?.participants ?? 0,
            period: order.period,
          },
    quantity: 1,
    unitMinor: order.unitMinor,
    amountMinor: order.unitMinor,
  };
  const [coupon] = order.couponId
    ? await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, order.couponId))
    : [];
  const { taxPercent } = order;

  const [inserted] = await tx
    .insert(invoices)
    .values({
      accountId: order.accountId,
      orderId: order.id,
      year,
      seq,
      number,
      issuedAt: now,
      type: `${kind}:${order.kind === 'enterprise' ? 'monthly' : order.period}`,
      lines: [line],
      currency: order.currency,
      subtotalMinor: order.unitMinor,
      discountMinor: order.discountMinor,
      couponCode: coupon?.code ?? null,
      taxPercent,
      taxMinor: order.taxMinor,
      totalMinor: order.totalMinor,
      paid: false,
      seller: SELLER,
      billTo: await billToOf(tx, order.accountId),
    })
    .returning({ id: invoices.id, number: invoices.number });
  if (!inserted) throw new Error('invoice insert failed');
  return inserted;
}

/** Who is billed: the institution's details, or the individual account owner's name, e-mail and phone. */
async function billToOf(tx: Tx, accountId: string): Promise<InvoiceParty> {
  const [row] = await tx
    .select({ account: accounts, fname: users.fname, lname: users.lname, email: users.email, phone: users.phone })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  const a = row.account;
  if (a.kind === 'inst') {
    return {
      name: a.name,
      address: a.address || null,
      city: a.city || null,
      country: a.country || null,
      postalCode: a.postalCode || null,
      phone: a.phone || null,
    };
  }
  return { name: `${row.fname} ${row.lname}`.trim(), email: row.email, phone: row.phone || null };
}

/** The order was paid (the provider's verified callback). */
export async function markInvoicePaid(tx: Tx, orderId: string, paidAt: Date): Promise<void> {
  await tx.update(invoices).set({ paid: true, paidAt }).where(eq(invoices.orderId, orderId));
}

/** The payment was refunded: the invoice stands, no longer paid. */
export async function markInvoiceUnpaid(tx: Tx, orderId: string): Promise<void> {
  await tx.update(invoices).set({ paid: false, paidAt: null }).where(eq(invoices.orderId, orderId));
}

const summary = (r: InvoiceRow): InvoiceSummary => ({
  id: r.id,
  number: r.number,
  issuedAt: r.issuedAt.toISOString(),
  type: r.type,
  currency: r.currency,
  totalMinor: r.totalMinor,
  paid: r.paid,
});

/** GET /api/billing/invoices: the acting account's, newest first (its owner only: spec §6 owners buy). */
export async function listInvoices(db: Db, actor: Actor): Promise<{ invoices: InvoiceSummary[] }> {
  requirePower(actor, 'manageBilling');
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.accountId, actor.accountId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.seq));
  return { invoices: rows.map(summary) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Unicode isolates around a name, so an Arabic room name inside an English line (or the reverse) keeps its place. */
const isolate = (s: string) => `\u2068${s}\u2069`;

const party = (p: InvoiceParty): InvoiceView['seller'] => ({
  name: p.name,
  address: p.address ?? null,
  city: p.city ?? null,
  country: p.country ?? null,
  postalCode: p.postalCode ?? null,
  phone: p.phone ?? null,
  email: p.email ?? null,
  taxId: p.taxId ?? null,
});

/**
 * GET /api/billing/invoices/{id}: the invoice with its lines written in the reader's language and digits; another
 * account's (or no such) invoice is 404.
 */
export async function getInvoice(db: Db, actor: Actor, id: string, locale: Locale): Promise<InvoiceView> {
  requirePower(actor, 'manageBilling');
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.accountId, actor.accountId)));
  if (!row) throw notFound();
  const say = (key: string, values?: Record<string, string | number>) => t(locale, key, values, actor.digits);
  const seller = party(row.seller);
  if (row.seller.name === SELLER.name) {
    Object.assign(seller, { name: say('invoice.seller.name'), address: COMPANY.address[locale], country: null });
  }
  return {
    ...summary(row),
    lines: row.lines.map((l) => {
      const values = readRoomValues({ ...l.values }, locale, 'roomName');
      if (typeof values.roomName === 'string') values.roomName = isolate(values.roomName);
      if (typeof values.period === 'string') values.period = say(`invoice.period.${values.period}`);
      return {
        label: say(l.labelId, values),
        quantity: l.quantity,
        unitMinor: l.unitMinor,
        amountMinor: l.amountMinor,
      };
    }),
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    couponCode: row.couponCode,
    taxPercent: row.taxPercent,
    taxMinor: row.taxMinor,
    paidAt: row.paidAt?.toISOString() ?? null,
    seller,
    billTo: party(row.billTo),
  };
}

/** GET /api/billing/invoices/{id}/pdf: the same invoice as an A4 PDF in the language asked for. */
export async function invoicePdf(
  db: Db,
  actor: Actor,
  id: string,
  locale: Locale,
): Promise<{ filename: string; pdf: Buffer }> {
  const view = await getInvoice(db, actor, id, locale);
  const pdf = await renderInvoicePdfOffThread(view, {
    locale,
    digits: actor.digits,
    timeZone: actor.timeZone,
    hijri: actor.hijri ?? false,
  });
  return { filename: `invoice-${view.number}.pdf`, pdf };
}
