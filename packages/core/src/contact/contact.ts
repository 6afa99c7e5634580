import type { Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { contactMessages } from '../db/schema/index.ts';
import { outboxInsert } from '../outbox/enqueue.ts';

/** The company behind the platform: the footer's tax registration and address, also printed on invoices. */
export const COMPANY = {
  taxNumber: '000-000-000',
  address: { ar: 'القاهرة، جمهورية مصر العربية', en: 'Cairo, Egypt' },
} as const;

/** Spec §3 contact config: a list whose first item holds the support details and social links. */
export function contactConfig(config: Config) {
  const digits = config.SUPPORT_PHONE.replace(/\D/g, '');
  return [
    {
      phoneMs: config.SUPPORT_PHONE,
      phone2: config.SUPPORT_PHONE_2,
      email: config.SUPPORT_EMAIL,
      whatsapp: `https://wa.me/${digits}`,
      facebook: config.SOCIAL_FACEBOOK,
      twitter: config.SOCIAL_TWITTER,
      linkedin: config.SOCIAL_LINKEDIN,
      youtube: config.SOCIAL_YOUTUBE,
      taxNumber: COMPANY.taxNumber,
      address: COMPANY.address,
    },
  ];
}

export interface ContactInput {
  name: string;
  email: string;
  phone?: string;
  kind: 'suggestion' | 'complaint' | 'question';
  message: string;
  locale: Locale;
  userId?: string | null;
}

/**
 * Stores a suggestion or complaint and e-mails it to support (through the outbox): both rows in one statement (a
 * data-modifying WITH is atomic on its own), one round trip instead of a transaction's five.
 */
export async function submitContact(db: Db, config: Config, input: ContactInput): Promise<void> {
  const phone = input.phone ?? null;
  const mail = outboxInsert({
    channel: 'email',
    to: config.SUPPORT_EMAIL,
    locale: 'ar',
    template: 'contact',
    values: {
      kind: t('ar', `contact.kind.${input.kind}`),
      name: input.name,
      email: input.email,
      phone: phone ?? '',
      message: input.message,
    },
  });
  await db.execute(sql`with contact as (
      insert into ${contactMessages} (user_id, name, email, phone, kind, message, locale)
      values (${input.userId ?? null}, ${input.name}, ${input.email}, ${phone}, ${input.kind}, ${input.message}, ${input.locale})
    )
    ${mail}`);
}
