import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './platform.ts';

/**
 * Last storage level seen per scope (`room:<id>`), so the scan notifies on crossings only, once each.
 * `generation` grows at every change of level: a notification's dedupe key names it, so a crossing notifies once
 * however often the scan runs, and a later crossing (after usage dropped) notifies again.
 */
export const storageAlerts = pgTable(
  'storage_alerts',
  {
    scope: text('scope').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['ok', 'warning', 'full'] }).notNull(),
    generation: integer('generation').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_alerts_account_idx').on(t.accountId)],
);
