import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { outbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** Sends one outbox row; throws on failure (the delivery job retries with backoff). */
export interface MessageTransport {
  readonly name: string;
  send(row: OutboxRow): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; the .ics and other attachments go along. */
export function smtpTransport(config: Config): MessageTransport | null {
  if (!config.SMTP_URL) return null;
  const mailer = createTransport(config.SMTP_URL);
  return {
    name: 'smtp',
    async send(row) {
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.body,
        html: row.html ?? undefined,
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
  };
}

/** The transports configured for each channel; a channel without one keeps its messages in the outbox. */
export function transportsFor(config: Config): Partial<Record<OutboxRow['channel'], MessageTransport>> {
  const smtp = smtpTransport(config);
  return smtp ? { email: smtp } : {};
}
