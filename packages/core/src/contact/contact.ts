import type { Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { contactMessages } from '../db/schema/index.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';

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

/** Stores a suggestion or complaint and e-mails it to support (through the outbox), in one transaction. */
export async function submitContact(db: Db, config: Config, input: ContactInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      userId: input.userId ?? null,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      kind: input.kind,
      message: input.message,
      locale: input.locale,
    });
    await enqueueMessage(tx, {
      channel: 'email',
      to: config.SUPPORT_EMAIL,
      locale: 'ar',
      template: 'contact',
      values: {
        kind: t('ar', `contact.kind.${input.kind}`),
        name: input.name,
        email: input.email,
        phone: input.phone ?? '',
        message: input.message,
      },
    });
  });
}
