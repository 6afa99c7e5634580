import { PRODUCT_ROOM_NAMES, type TProductRoomName } from '@majlis/contracts/rooms';
import type { Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A room's name as a reader sees it (issue 26): the product's words in the reader's language for a room the product
 * named (the trial room), else the name its users gave it. Every place that shows a room's name to someone goes
 * through here (or roomNameSql, its twin in SQL), so the trial room reads "Trial room" to an English reader wherever
 * it is named, whoever made it.
 */
export function roomName(room: { name: string; nameKey?: TProductRoomName | string | null }, locale: Locale): string {
  return isProductName(room.nameKey) ? t(locale, room.nameKey) : room.name;
}

export function isProductName(key: unknown): key is TProductRoomName {
  return typeof key === 'string' && (PRODUCT_ROOM_NAMES as readonly string[]).includes(key);
}

/** The same in SQL, for the raw queries of reports and jobs: `case name_key when 'trial.roomName' then '…' … end`. */
export function roomNameSql(locale: Locale, name: SQLWrapper, nameKey: SQLWrapper): SQL<string> {
  const cases = PRODUCT_ROOM_NAMES.map((key) => sql`when ${key} then ${t(locale, key)}`);
  return sql<string>`coalesce(case ${nameKey} ${sql.join(cases, sql` `)} end, ${name})`;
}

/**
 * A notification's or invoice line's values naming a room: its name as written, and the product's key beside it when
 * it has one, so the reader's language is chosen when it is read (renderNotification, getInvoice), not when written.
 */
export function roomValues(room: { name: string; nameKey?: string | null }, as = 'room'): Record<string, string> {
  return isProductName(room.nameKey) ? { [as]: room.name, [`${as}Key`]: room.nameKey } : { [as]: room.name };
}

/** Values written by roomValues, read back in a reader's language: `room` becomes the product's words. */
export function readRoomValues<V extends Record<string, string | number>>(values: V, locale: Locale, as = 'room'): V {
  const key = values[`${as}Key`];
  if (!isProductName(key)) return values;
  const { [`${as}Key`]: _, ...rest } = values;
  return { ...rest, [as]: t(locale, key) } as V;
}
