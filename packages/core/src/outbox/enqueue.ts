import type { DigitStyle, Locale } from '@majlis/i18n';
import { t, type Values } from '@majlis/i18n/server';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { outbox, users } from '../db/schema/index.ts';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  locale: Locale;
  /** Catalog ids `mail.<template>.subject` and `mail.<template>.body`. */
  template: string;
  values: Values;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  dedupeKey?: string;
  /** The recipient's digit style; left out, a platform user's own is looked up by the address. */
  digits?: DigitStyle | null;
}

/**
 * Writes a message to the outbox in the recipient's language and digit style (a platform user's profile choice);
 * delivery happens later (outbox job or /dev/outbox).
 */
export async function enqueueMessage(db: Db | Tx, msg: OutboxMessage): Promise<number | null> {
  const digits =
    msg.digits !== undefined || msg.channel !== 'email'
      ? msg.digits
      : (
          await db
            .select({ digits: users.digits })
            .from(users)
            .where(sql`lower(${users.email}) = lower(${msg.to})`)
            .limit(1)
        )[0]?.digits;
  const [row] = await db
    .insert(outbox)
    .values({
      channel: msg.channel,
      to: msg.to,
      locale: msg.locale,
      template: msg.template,
      subject: t(msg.locale, `mail.${msg.template}.subject`, msg.values, digits),
      body: t(msg.locale, `mail.${msg.template}.body`, msg.values, digits),
      html: msg.html ?? null,
      attachments: msg.attachments ?? [],
      dedupeKey: msg.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return row?.id ?? null;
}
