import type { Locale } from '@majlis/i18n';
import { t, type Values } from '@majlis/i18n/server';
import type { Db, Tx } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';

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
}

/** Writes a message to the outbox in the recipient's language; delivery happens later (outbox job or /dev/outbox). */
export async function enqueueMessage(db: Db | Tx, msg: OutboxMessage): Promise<number | null> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: msg.channel,
      to: msg.to,
      locale: msg.locale,
      template: msg.template,
      subject: t(msg.locale, `mail.${msg.template}.subject`, msg.values),
      body: t(msg.locale, `mail.${msg.template}.body`, msg.values),
      html: msg.html ?? null,
      attachments: msg.attachments ?? [],
      dedupeKey: msg.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return row?.id ?? null;
}
