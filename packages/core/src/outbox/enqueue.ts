import type { DigitStyle, Locale } from '@majlis/i18n';
import { t, type Values } from '@majlis/i18n/server';
import { type SQL, sql } from 'drizzle-orm';
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

/**
 * The same outbox row as one INSERT … SELECT, for a caller that writes it in the statement of its own write (a
 * data-modifying WITH): one round trip instead of a transaction's five. The recipient's digit style is looked up by
 * the statement itself, so the subject and body are rendered for each style here and the statement picks one.
 */
export function outboxInsert(msg: Omit<OutboxMessage, 'digits' | 'attachments' | 'html'>): SQL {
  const render = (digits: DigitStyle | null) => ({
    subject: t(msg.locale, `mail.${msg.template}.subject`, msg.values, digits),
    body: t(msg.locale, `mail.${msg.template}.body`, msg.values, digits),
  });
  const plain = render(null);
  const arab = render('arab');
  const latn = render('latn');
  const pick = (field: 'subject' | 'body') =>
    sql`case r.digits when 'latn' then ${latn[field]} when 'arab' then ${arab[field]} else ${plain[field]} end`;
  return sql`insert into ${outbox} (channel, "to", locale, template, subject, body, dedupe_key)
    select ${msg.channel}, ${msg.to}, ${msg.locale}, ${msg.template}, ${pick('subject')}, ${pick('body')}, ${msg.dedupeKey ?? null}
    from (select 1) as one
    left join (select ${users.digits} as digits from ${users} where lower(${users.email}) = lower(${msg.to}) limit 1) as r
      on ${sql.raw(msg.channel === 'email' ? 'true' : 'false')}
    on conflict do nothing`;
}
