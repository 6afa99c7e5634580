import { randomUUID } from 'node:crypto';
import { t } from '@majlis/i18n/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { contactMessages, outbox, users } from '../db/schema/index.ts';
import { submitContact } from './contact.ts';

/**
 * submitContact writes the message and the support e-mail in one statement: both rows or neither, and the mail in
 * the digit style of the support mailbox's own profile when it is a platform user (as enqueueMessage looks it up).
 */
describe.each(drivers)('contact form on %s', (driver: Driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.drop());

  const message = {
    name: 'زائر',
    kind: 'question' as const,
    message: 'القاعة ٤٢ الساعة ١٠:٣٠؟',
    locale: 'en' as const,
  };

  async function send(supportEmail: string) {
    const config = testConfig({ SUPPORT_EMAIL: supportEmail });
    try {
      const email = `visitor-${randomUUID().slice(0, 8)}@example.test`;
      await submitContact(database.db, config, { ...message, email, phone: '+201001234567' });
      const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      const mails = await database.db.select().from(outbox).where(eq(outbox.to, supportEmail));
      return { stored, mails, email };
    } finally {
      config.cleanup();
    }
  }

  it('stores the message and one e-mail to support, in Arabic, with the default digits', async () => {
    const { stored, mails, email } = await send(`support-${randomUUID().slice(0, 8)}@majlis.test`);
    expect(stored).toMatchObject({ ...message, email, phone: '+201001234567', userId: null });
    expect(mails).toHaveLength(1);
    const values = { kind: t('ar', 'contact.kind.question'), name: 'زائر', email, phone: '+201001234567' };
    expect(mails[0]).toMatchObject({
      channel: 'email',
      locale: 'ar',
      template: 'contact',
      status: 'pending',
      subject: t('ar', 'mail.contact.subject', { ...values, message: message.message }),
      body: t('ar', 'mail.contact.body', { ...values, message: message.message }),
    });
  });

  it("follows the support mailbox's own digit style when it is a platform user", async () => {
    const supportEmail = `Support-${randomUUID().slice(0, 8)}@majlis.test`;
    await database.db.insert(users).values({
      email: supportEmail.toLowerCase(),
      passwordHash: 'x',
      fname: 'Support',
      lname: 'Desk',
      phone: '+201000000000',
      digits: 'latn',
    });
    const { mails, email } = await send(supportEmail);
    const values = { kind: t('ar', 'contact.kind.question'), name: 'زائر', email, phone: '+201001234567' };
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toBe(t('ar', 'mail.contact.body', { ...values, message: message.message }, 'latn'));
    expect(mails[0]?.body).not.toBe(t('ar', 'mail.contact.body', { ...values, message: message.message }));
  });
});
