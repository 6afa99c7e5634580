import { z } from 'zod';
import { PLAN_PERIODS, PLAN_STATUSES } from './account.ts';
import { ZPhone } from './new-password.ts';
import { PRODUCT_ROOM_NAMES, ROOM_TYPES, ZParticipants, ZRoomName, ZRoomType } from './rooms.ts';
import { nameText, singleLine } from './strings.ts';

/**
 * Wire contract: billing (spec §1 offers, §3 Subscription / Invoice / Coupon, §4 payment and trial; DESIGN §5
 * "billing (plans, checkout, coupons, subscriptions, invoices, trial)"). Amounts are integers in minor units
 * (piastres, cents); the client formats them with Intl in the reader's language and digits.
 */

export const CURRENCIES = ['EGP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** What a room is bought for: daily is a pack of 7 days (spec §9). */
export const ROOM_PERIODS = ['daily', 'monthly', 'annual'] as const;
export type RoomPeriod = (typeof ROOM_PERIODS)[number];
/** Days in a daily-plan pack (spec §9). */
export const DAILY_PACK_DAYS = 7;
/** Free trial length (spec §9). */
export const TRIAL_DAYS = 7;
/** Participants tiers priced separately; a room pays for the smallest tier at or above its participants. */
export const PARTICIPANT_TIERS = [10, 25, 50, 100, 250, 500, 1000] as const;
/** Phone code rules (spec §4 trial; Twilio Verify's own limits). */
export const TRIAL_CODE = { length: 6, ttlMinutes: 10, maxTries: 5, resendSeconds: 60 } as const;
export const TRIAL_CHANNELS = ['sms', 'whatsapp'] as const;
export const COUPON_CODE_MAX = 32;

export const ZCurrency = z.enum(CURRENCIES, 'field.currency');
export const ZRoomPeriod = z.enum(ROOM_PERIODS, 'field.period');
export const ZCouponCode = singleLine('field.coupon')
  .trim()
  .toUpperCase()
  .max(COUPON_CODE_MAX, 'field.coupon')
  .regex(/^[A-Z0-9_-]+$/, 'field.coupon');

// ---------------------------------------------------------------- prices (GET /api/billing/prices, public)

export const ZRoomPrice = z.strictObject({
  roomType: z.enum(ROOM_TYPES),
  /** The tier's upper bound. */
  participants: z.number(),
  period: z.enum(ROOM_PERIODS),
  currency: z.enum(CURRENCIES),
  amountMinor: z.number(),
});
export const ZPriceList = z.strictObject({
  rooms: z.array(ZRoomPrice),
  /** The institution account's monthly renewal (spec §9: 12.5 USD). */
  enterprise: z.array(z.strictObject({ currency: z.enum(CURRENCIES), amountMinor: z.number() })),
  /** Individual → enterprise base (spec §4: 2 USD), waived: the transfer is free. */
  transfer: z.array(z.strictObject({ currency: z.enum(CURRENCIES), amountMinor: z.number(), waived: z.literal(true) })),
  taxPercent: z.number(),
  /** Percent an annual plan saves against twelve months, per room type (for the pricing page's badge). */
  annualSavingPercent: z.number(),
  tiers: z.array(z.number()),
});
export type PriceList = z.infer<typeof ZPriceList>;

// ---------------------------------------------------------------- quote and checkout

/** What to buy: a new room, another period (or a bigger tier) for a room, or the institution's renewal. */
export const ZPurchase = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('room'),
      roomName: ZRoomName,
      roomType: ZRoomType,
      participants: ZParticipants,
      period: ZRoomPeriod,
      currency: ZCurrency,
      coupon: ZCouponCode.optional(),
    }),
    z.strictObject({
      kind: z.literal('renewal'),
      roomId: z.uuid('field.room'),
      /** Omitted: the room's own; larger: an upgrade, in force once paid. */
      participants: ZParticipants.optional(),
      period: ZRoomPeriod,
      currency: ZCurrency,
      coupon: ZCouponCode.optional(),
    }),
    z.strictObject({
      kind: z.literal('enterprise'),
      currency: ZCurrency,
      coupon: ZCouponCode.optional(),
    }),
  ],
  'field.invalid',
);
export type TPurchase = z.infer<typeof ZPurchase>;

/** POST /api/billing/quote → the price the server will charge for this purchase. */
export const ZQuote = z.strictObject({
  currency: z.enum(CURRENCIES),
  /** Price of one period (daily: of the 7-day pack) for the tier. */
  unitMinor: z.number(),
  tier: z.number().nullable(),
  discountMinor: z.number(),
  taxPercent: z.number(),
  taxMinor: z.number(),
  totalMinor: z.number(),
  /** The coupon asked for and what became of it; `refusal` is a server message id ('coupon.expired', …). */
  coupon: z.strictObject({ code: z.string(), applied: z.boolean(), refusal: z.string().nullable() }).nullable(),
});
export type Quote = z.infer<typeof ZQuote>;

/** POST /api/billing/checkout: the purchase and a key the dialog picks once (a double click reuses the order). */
export const ZCheckoutBody = z.strictObject({
  clientKey: z.string('field.invalid').regex(/^[A-Za-z0-9_-]{8,64}$/, 'field.invalid'),
  purchase: ZPurchase,
});
export type TCheckoutBody = z.infer<typeof ZCheckoutBody>;

export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export const ZOrderView = z.strictObject({
  id: z.string(),
  kind: z.enum(['room', 'renewal', 'enterprise']),
  status: z.enum(ORDER_STATUSES),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  roomType: z.enum(ROOM_TYPES).nullable(),
  participants: z.number().nullable(),
  period: z.enum(ROOM_PERIODS),
  currency: z.enum(CURRENCIES),
  unitMinor: z.number(),
  discountMinor: z.number(),
  taxMinor: z.number(),
  totalMinor: z.number(),
  couponCode: z.string().nullable(),
  provider: z.enum(['sandbox', 'paymob']),
  /** Last failure as a bilingual message (spec §8 'Payment failed', 'no wallet on this number', …) and the bank's words. */
  failure: z.strictObject({ ar: z.string(), en: z.string() }).nullable(),
  failureDetail: z.string().nullable(),
  attempts: z.number(),
  invoiceId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type OrderView = z.infer<typeof ZOrderView>;
/** POST /api/billing/checkout and POST /api/billing/orders/{id}/pay: where to send the browser. */
export const ZCheckoutAnswer = z.strictObject({ order: ZOrderView, redirectUrl: z.string().nullable() });
export type CheckoutAnswer = z.infer<typeof ZCheckoutAnswer>;
/** GET /api/billing/orders: payment history, newest first. */
export const ZOrderList = z.strictObject({
  orders: z.array(ZOrderView),
  payments: z.array(
    z.strictObject({
      id: z.number(),
      orderId: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed', 'refunded', 'voided']),
      amountMinor: z.number(),
      currency: z.string(),
      method: z.string().nullable(),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type OrderList = z.infer<typeof ZOrderList>;

/** POST /api/billing/sandbox/{ref}: the embedded sandbox checkout's answer (spec §8 demo account). */
export const ZSandboxPayBody = z.strictObject({
  outcome: z.enum(['success', 'fail'], 'field.invalid'),
  method: z.enum(['card', 'wallet'], 'field.invalid'),
  walletPhone: ZPhone.optional(),
});
export const ZSandboxOrder = z.strictObject({ order: ZOrderView, demo: z.literal(true) });
/** GET/POST /api/billing/sandbox/{ref}: the sandbox's own order reference (sbx_…; anything else is unknown, 404). */
export const ZSandboxRefParam = z.strictObject({ ref: z.string().max(64) });
/** Where the browser goes after the sandbox's pay or decline: the order's payment page. */
export const ZSandboxPayAnswer = z.strictObject({ redirectUrl: z.string() });
/** POST /api/webhooks/paymob: what the ledger made of a verified callback (Paymob looks only at the status). */
export const ZPaymentCallbackAnswer = z.strictObject({
  ok: z.literal(true),
  handled: z.enum(['granted', 'failed', 'refunded', 'refused', 'duplicate', 'recorded', 'unknown']),
});

// ---------------------------------------------------------------- subscriptions

export const ZSubscriptionView = z.strictObject({
  id: z.string(),
  room: z
    .strictObject({
      id: z.string(),
      /** In the reader's language when the product named the room (the trial room). */
      name: z.string(),
      nameKey: z.enum(PRODUCT_ROOM_NAMES).nullable(),
      type: z.enum(ROOM_TYPES),
      participants: z.number(),
    })
    .nullable(),
  period: z.enum(PLAN_PERIODS),
  status: z.enum(PLAN_STATUSES),
  trial: z.boolean(),
  expired: z.boolean(),
  startsAt: z.iso.datetime(),
  /** Monthly, annual, trial, enterprise: when it ends. Daily: null (unused days never expire). */
  renewsAt: z.iso.datetime().nullable(),
  remainingDays: z.number(),
  /** Daily plan: days not begun yet, and whether a begun day is running now (until when). */
  daysLeft: z.number(),
  dayEndsAt: z.iso.datetime().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  unitMinor: z.number().nullable(),
  totalMinor: z.number().nullable(),
});
export type SubscriptionView = z.infer<typeof ZSubscriptionView>;
export const ZSubscriptionList = z.strictObject({
  subscriptions: z.array(ZSubscriptionView),
  /** Who may buy here: the owner (spec §6: owners buy, admins do not). */
  canBuy: z.boolean(),
  provider: z.enum(['sandbox', 'paymob']),
});
export type SubscriptionList = z.infer<typeof ZSubscriptionList>;

// ---------------------------------------------------------------- invoices

export const ZInvoiceParty = z.strictObject({
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  taxId: z.string().nullable(),
});
export const ZInvoiceSummary = z.strictObject({
  id: z.string(),
  number: z.string(),
  issuedAt: z.iso.datetime(),
  type: z.string(),
  currency: z.enum(CURRENCIES),
  totalMinor: z.number(),
  paid: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof ZInvoiceSummary>;
export const ZInvoiceList = z.strictObject({ invoices: z.array(ZInvoiceSummary) });
/** GET /api/billing/invoices/{id}[/pdf]?lang=: the invoice's language; without it, the request's. */
export const ZInvoiceLangQuery = z.strictObject({ lang: z.enum(['ar', 'en'], 'field.invalid').optional() });
/** GET /api/billing/invoices/{id}: lines already written in the reader's language. */
export const ZInvoiceView = ZInvoiceSummary.extend({
  lines: z.array(
    z.strictObject({ label: z.string(), quantity: z.number(), unitMinor: z.number(), amountMinor: z.number() }),
  ),
  subtotalMinor: z.number(),
  discountMinor: z.number(),
  couponCode: z.string().nullable(),
  taxPercent: z.number(),
  taxMinor: z.number(),
  paidAt: z.iso.datetime().nullable(),
  seller: ZInvoiceParty,
  billTo: ZInvoiceParty,
});
export type InvoiceView = z.infer<typeof ZInvoiceView>;

// ---------------------------------------------------------------- trial (spec §4)

export const ZTrialPhoneBody = z.strictObject({ phone: ZPhone, channel: z.enum(TRIAL_CHANNELS, 'field.channel') });
export type TTrialPhoneBody = z.infer<typeof ZTrialPhoneBody>;
export const ZTrialCodeBody = z.strictObject({
  code: z
    .string('field.code')
    .trim()
    .regex(new RegExp(`^[0-9]{${TRIAL_CODE.length}}$`), 'field.code'),
});
export type TTrialCodeBody = z.infer<typeof ZTrialCodeBody>;
/** Where a phone verification stands (trialVerification statechart), for the trial dialog. */
export const ZTrialVerification = z.strictObject({
  state: z.enum(['phone', 'codeSent', 'verified', 'activated']),
  phone: z.string().nullable(),
  channel: z.enum(TRIAL_CHANNELS).nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** A new code may be asked for from this moment. */
  resendAt: z.iso.datetime().nullable(),
  triesLeft: z.number(),
});
export type TrialVerification = z.infer<typeof ZTrialVerification>;

// ---------------------------------------------------------------- coupons (ops)

export const ZCouponBody = z
  .strictObject({
    code: ZCouponCode.min(3, 'field.coupon'),
    kind: z.enum(['percent', 'fixed'], 'field.invalid'),
    percent: z.coerce.number().int().min(1, 'field.percent').max(100, 'field.percent').optional(),
    amountMinor: z.coerce.number().int().min(1, 'field.amount').max(100_000_000, 'field.amount').optional(),
    currency: ZCurrency.optional(),
    validFrom: z.iso.datetime('field.date'),
    validTo: z.iso.datetime('field.date'),
    maxUses: z.coerce.number().int().min(1, 'field.maxUses').max(1_000_000, 'field.maxUses'),
  })
  .refine((c) => (c.kind === 'percent' ? c.percent !== undefined : c.amountMinor !== undefined && !!c.currency), {
    message: 'field.amount',
    path: ['amountMinor'],
  })
  .refine((c) => c.validTo > c.validFrom, { message: 'field.validTo', path: ['validTo'] });
export type TCouponBody = z.infer<typeof ZCouponBody>;
export const ZCouponView = z.strictObject({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percent: z.number().nullable(),
  amountMinor: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  validFrom: z.iso.datetime(),
  validTo: z.iso.datetime(),
  maxUses: z.number(),
  uses: z.number(),
  active: z.boolean(),
});
export const ZCouponList = z.strictObject({ coupons: z.array(ZCouponView) });
/** PATCH /api/ops/coupons/{id}: switch a coupon off (or on again). */
export const ZCouponActiveBody = z.strictObject({ active: z.boolean('field.invalid') });
/** PUT /api/ops/prices/{key}: the operator's new amount for one price row. */
export const ZPriceBody = z.strictObject({
  amountMinor: z.coerce.number().int('field.amount').min(1, 'field.amount').max(100_000_000, 'field.amount'),
});

// ---------------------------------------------------------------- individual → enterprise (spec §4)

/** POST /api/billing/transfer: free and irreversible; the institution's name is asked for once. */
export const ZTransferBody = z.strictObject({
  name: nameText('field.institutionName').trim().min(1, 'field.institutionName').max(120, 'field.tooLong'),
  confirm: z.literal(true, 'field.confirmTransfer'),
});
export type TTransferBody = z.infer<typeof ZTransferBody>;
