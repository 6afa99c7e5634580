import { PRODUCT_ROOM_NAMES } from '@majlis/contracts/rooms';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, rooms, users } from './platform.ts';

/** Billing (spec §1 offers, §3 Subscription / Invoice / Coupon, §4 payment and trial). Amounts are minor units. */

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();

const CURRENCIES = ['EGP', 'USD'] as const;

/**
 * The operator's price list. `item` room: one row per room type × participants tier (the smallest tier at or above
 * the room's participants applies) × period × currency; daily is the 7-day pack. `enterprise`: the institution
 * account's monthly renewal. `transfer`: the individual → enterprise base, shown waived.
 */
export const prices = pgTable(
  'prices',
  {
    id: id(),
    item: text('item', { enum: ['room', 'enterprise', 'transfer'] }).notNull(),
    roomType: text('room_type', { enum: ['bbb', 'zoom', 'jitsi'] }),
    /** Upper bound of the participants tier (room rows only). */
    participants: integer('participants'),
    period: text('period', { enum: ['daily', 'monthly', 'annual'] }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** One row per item × type × tier × period × currency, spelled out ('room:jitsi:25:monthly:EGP'). */
    key: text('key').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prices_key').on(t.key)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored upper-case; matched case-insensitively by upper-casing the input. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** percent: 1–100. */
    percent: integer('percent'),
    /** fixed: an amount off in `currency`. */
    amountMinor: integer('amount_minor'),
    currency: text('currency', { enum: CURRENCIES }),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    maxUses: integer('max_uses').notNull(),
    /** Uses taken so far: raised with `uses < max_uses` in the same statement, so the last use goes to one buyer. */
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

/** Once per account: the primary key refuses a second use by the same account. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.accountId] })],
);

/**
 * What a buyer asked for, priced on the server (payment statechart: pending → completed | failed → retry). Only the
 * provider's verified transaction-processed callback completes one; a completed order never goes back.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** room: a new room; renewal: another period for `roomId`; enterprise: the institution's monthly renewal. */
    kind: text('kind', { enum: ['room', 'renewal', 'enterprise'] }).notNull(),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    roomName: text('room_name'),
    /** The room's product name when it had one (the trial room's): its invoice line names it in the reader's words. */
    roomNameKey: text('room_name_key', { enum: PRODUCT_ROOM_NAMES }),
    roomType: text('room_type', { enum: ['bbb', 'zoom', 'jitsi'] }),
    participants: integer('participants'),
    period: text('period', { enum: ['daily', 'monthly', 'annual'] }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    unitMinor: integer('unit_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    /** The tax rate the order was priced at (BILLING_TAX_PERCENT then); its invoice shows it. */
    taxPercent: integer('tax_percent').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['sandbox', 'paymob'] }).notNull(),
    /** The provider's own order id (Paymob `intention_order_id`): callbacks are matched on it, it is signed. */
    providerOrderId: text('provider_order_id'),
    /** Earlier attempts' provider order ids: a late callback of an earlier attempt still finds its order. */
    earlierProviderOrderIds: text('earlier_provider_order_ids').array().notNull().default(sql`'{}'::text[]`),
    /** The last checkout page we sent the buyer to ("pay again" starts a new attempt on the same order). */
    checkoutUrl: text('checkout_url'),
    /** Chosen by the client per checkout dialog: a double click sends the same key and gets the same order. */
    clientKey: text('client_key').notNull(),
    /** Last failure, a server message id ('payment.failed', 'payment.noWallet') and the provider's own words. */
    failure: text('failure'),
    failureDetail: text('failure_detail'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    /**
     * The time this paid order owns on its subscription (monthly / annual / enterprise; a daily pack holds days, not
     * time): set when paid, moved up when an earlier period is refunded, removed when this order is refunded.
     */
    periodStartsAt: ts('period_starts_at'),
    periodEndsAt: ts('period_ends_at'),
  },
  (t) => [
    uniqueIndex('orders_client_key').on(t.accountId, t.clientKey),
    uniqueIndex('orders_provider_order_key').on(t.provider, t.providerOrderId),
    index('orders_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** One row per provider transaction; a duplicate callback finds its row by (provider, transaction id). */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'paymob'] }).notNull(),
    transactionId: text('transaction_id').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded', 'voided'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    method: text('method'),
    brand: text('brand'),
    last4: text('last4'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_transaction_key').on(t.provider, t.transactionId),
    index('payments_order_idx').on(t.orderId),
  ],
);

export interface InvoiceLine {
  /** Server message id of the line's label and its values (rendered in the reader's language). */
  labelId: string;
  values: Record<string, string | number>;
  quantity: number;
  unitMinor: number;
  amountMinor: number;
}

/** Seller and buyer as they were when the invoice was issued (later edits do not rewrite an issued invoice). */
export interface InvoiceParty {
  name: string;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  postalCode?: string | null;
  phone?: string | null;
  email?: string | null;
  taxId?: string | null;
}

/** Numbered per year without gaps (`invoice_counters`), e.g. 2026-000042. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    /** What was bought: the order's kind and period ('room:monthly', 'renewal:daily', 'enterprise:monthly'). */
    type: text('type').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    couponCode: text('coupon_code'),
    taxPercent: integer('tax_percent').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    paid: boolean('paid').notNull().default(false),
    paidAt: ts('paid_at'),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    billTo: jsonb('bill_to').$type<InvoiceParty>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_year_seq').on(t.year, t.seq),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_order_key').on(t.orderId),
    index('invoices_account_idx').on(t.accountId, t.issuedAt),
  ],
);

/** The last invoice number used per year; taken with `update … returning` inside the invoice's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * A phone code for the free trial (trialVerification statechart: phone → code sent → verified → activated). The code
 * is stored hashed (none when Twilio Verify holds it); 10 minutes, 5 tries, a resend after 60 s.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    codeHash: text('code_hash'),
    providerSid: text('provider_sid'),
    status: text('status', { enum: ['pending', 'approved', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('phone_verifications_user_idx').on(t.userId, t.createdAt)],
);
