import {
  CURRENCIES,
  type Currency,
  PARTICIPANT_TIERS,
  type PriceList,
  ROOM_PERIODS,
  ROOM_TYPES,
  type RoomPeriod,
  type TRoomType,
} from '@majlis/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requireOps } from '../auth/require-ops.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import { prices } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';

/** One row of the operator's price list; `key` spells the row out ('room:jitsi:25:monthly:EGP'). */
export interface PriceRow {
  key: string;
  item: 'room' | 'enterprise' | 'transfer';
  roomType: TRoomType | null;
  participants: number | null;
  period: RoomPeriod | null;
  currency: Currency;
  amountMinor: number;
}

export function roomPriceKey(type: TRoomType, tier: number, period: RoomPeriod, currency: Currency): string {
  return `room:${type}:${tier}:${period}:${currency}`;
}
export const enterprisePriceKey = (currency: Currency) => `enterprise:monthly:${currency}`;
export const transferPriceKey = (currency: Currency) => `transfer:${currency}`;

/** The tier a room pays for: the smallest at or above its participants (the largest caps the room form). */
export function tierOf(participants: number): number {
  return PARTICIPANT_TIERS.find((t) => t >= participants) ?? Math.max(...PARTICIPANT_TIERS);
}

/**
 * Monthly price of a Jitsi room per tier, in whole pounds and dollars. The dollar column is not the pound column at
 * the bank's rate: visitors paying in Egypt get local pricing, as Egyptian software shops do.
 */
const JITSI_MONTHLY: Record<Currency, Record<(typeof PARTICIPANT_TIERS)[number], number>> = {
  EGP: { 10: 150, 25: 250, 50: 400, 100: 650, 250: 1200, 500: 2000, 1000: 3500 },
  USD: { 10: 4, 25: 6, 50: 9, 100: 14, 250: 25, 500: 40, 1000: 70 },
};
/** BigBlueButton and Zoom cost us more to run (our own servers; Zoom's licences), so they cost more. */
const TYPE_FACTOR: Record<TRoomType, number> = { jitsi: 1, bbb: 1.3, zoom: 1.6 };
/** Prices end on 5 pounds or half a dollar. */
const STEP_MINOR: Record<Currency, number> = { EGP: 500, USD: 50 };
/** Annual = ten months: two months free. */
const ANNUAL_MONTHS = 10;
/** The 7-day pack costs half again as much per day as a month does: days that never expire are worth more. */
const DAILY_PREMIUM = 1.5;
/** Spec §9: the institution's monthly renewal is 12.5 USD, the transfer base 2 USD; pounds at 50 to the dollar. */
const ENTERPRISE_MONTHLY: Record<Currency, number> = { USD: 1250, EGP: 62_500 };
const TRANSFER_BASE: Record<Currency, number> = { USD: 200, EGP: 10_000 };

const upTo = (minor: number, step: number) => Math.ceil(minor / step) * step;

function defaultPrices(): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const roomType of ROOM_TYPES)
    for (const tier of PARTICIPANT_TIERS)
      for (const currency of CURRENCIES) {
        const step = STEP_MINOR[currency];
        const monthly = upTo(JITSI_MONTHLY[currency][tier] * 100 * TYPE_FACTOR[roomType], step);
        const amounts: Record<RoomPeriod, number> = {
          daily: upTo(((monthly * 7) / 30) * DAILY_PREMIUM, step),
          monthly,
          annual: monthly * ANNUAL_MONTHS,
        };
        for (const period of ROOM_PERIODS)
          rows.push({
            key: roomPriceKey(roomType, tier, period, currency),
            item: 'room',
            roomType,
            participants: tier,
            period,
            currency,
            amountMinor: amounts[period],
          });
      }
  for (const currency of CURRENCIES) {
    rows.push({
      key: enterprisePriceKey(currency),
      item: 'enterprise',
      roomType: null,
      participants: null,
      period: 'monthly',
      currency,
      amountMinor: ENTERPRISE_MONTHLY[currency],
    });
    rows.push({
      key: transferPriceKey(currency),
      item: 'transfer',
      roomType: null,
      participants: null,
      period: null,
      currency,
      amountMinor: TRANSFER_BASE[currency],
    });
  }
  return rows;
}

/** The seeded price list: 3 room types × 7 tiers × 3 periods × 2 currencies, the enterprise renewal, the transfer. */
export const DEFAULT_PRICES: readonly PriceRow[] = Object.freeze(defaultPrices());

/**
 * Adds the rows of DEFAULT_PRICES the table lacks, at every start (runtime.ts and test/services.ts, after the
 * migrations). A row the operator edited keeps its amount; several instances starting together insert each row once.
 */
export async function ensureDefaultPrices(db: Db): Promise<void> {
  await db
    .insert(prices)
    .values(DEFAULT_PRICES.map((p) => ({ ...p })))
    .onConflictDoNothing({ target: prices.key });
}

/** Amounts by key, read once per request. */
export async function priceAmounts(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db.select({ key: prices.key, amountMinor: prices.amountMinor }).from(prices);
  return new Map(rows.map((r) => [r.key, r.amountMinor]));
}

/** The price of a key; a missing row is a broken table, not a bad request (ensureDefaultPrices runs at start). */
export function amountOf(amounts: Map<string, number>, key: string): number {
  const amount = amounts.get(key);
  if (amount === undefined) throw new Error(`price ${key} is missing`);
  return amount;
}

const typeRank = (t: TRoomType | null) => (t ? ROOM_TYPES.indexOf(t) : -1);
const periodRank = (p: RoomPeriod | null) => (p ? ROOM_PERIODS.indexOf(p) : -1);

/** GET /api/billing/prices (public) and the operator's view of the same table. */
export async function getPriceList(db: Db | Tx, config: Pick<Config, 'BILLING_TAX_PERCENT'>): Promise<PriceList> {
  const rows = await db.select().from(prices);
  const room = rows
    .filter((r) => r.item === 'room' && r.roomType && r.participants !== null && r.period)
    .sort(
      (a, b) =>
        typeRank(a.roomType) - typeRank(b.roomType) ||
        (a.participants ?? 0) - (b.participants ?? 0) ||
        periodRank(a.period) - periodRank(b.period) ||
        a.currency.localeCompare(b.currency),
    );
  const byKey = new Map(room.map((r) => [r.key, r.amountMinor]));
  // The badge says what every annual plan saves at least, so it never promises more than a given room gets.
  let saving = 100;
  for (const r of room) {
    if (r.period !== 'monthly' || !r.roomType || r.participants === null || r.amountMinor <= 0) continue;
    const annual = byKey.get(roomPriceKey(r.roomType, r.participants, 'annual', r.currency));
    if (annual !== undefined) saving = Math.min(saving, 100 * (1 - annual / (12 * r.amountMinor)));
  }
  const byCurrency = (item: 'enterprise' | 'transfer') =>
    rows.filter((r) => r.item === item).sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    rooms: room.map((r) => ({
      roomType: r.roomType as TRoomType,
      participants: r.participants as number,
      period: r.period as RoomPeriod,
      currency: r.currency,
      amountMinor: r.amountMinor,
    })),
    enterprise: byCurrency('enterprise').map((r) => ({ currency: r.currency, amountMinor: r.amountMinor })),
    transfer: byCurrency('transfer').map((r) => ({
      currency: r.currency,
      amountMinor: r.amountMinor,
      waived: true as const,
    })),
    taxPercent: config.BILLING_TAX_PERCENT,
    annualSavingPercent: room.length ? Math.max(0, Math.floor(saving)) : 0,
    tiers: [...PARTICIPANT_TIERS],
  };
}

/**
 * The operator edits one price (PUT /api/ops/prices/{key}). Orders already placed keep the price they were quoted;
 * one audit row with the old and new amounts (an amount is no secret).
 */
export async function setPrice(
  db: Db,
  config: Pick<Config, 'BILLING_TAX_PERCENT'>,
  operator: Actor | null | undefined,
  key: string,
  amountMinor: number,
  ip?: string | null,
): Promise<PriceList> {
  const ops = requireOps(operator);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ amountMinor: prices.amountMinor })
      .from(prices)
      .where(eq(prices.key, key))
      .for('update');
    if (!before) throw notFound();
    await tx.update(prices).set({ amountMinor, updatedAt: sql`now()` }).where(eq(prices.key, key));
    await recordAudit(tx, { userId: ops.userId, accountId: null, ip }, 'price.update', key, {
      from: before.amountMinor,
      to: amountMinor,
    });
  });
  return getPriceList(db, config);
}
