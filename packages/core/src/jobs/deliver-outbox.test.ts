import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { outbox } from '../db/schema/index.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import { smtpTransport } from '../providers/messaging/transport.ts';
import { backoffSeconds, deliverOutbox, OUTBOX_MAX_ATTEMPTS } from './deliver-outbox.ts';
import { type JobContext, noPush } from './types.ts';

/** A real SMTP server on loopback (smtp-server), receiving what nodemailer sends. */
async function startSmtp(opts: { failFirst?: number } = {}) {
  const received: string[] = [];
  let failures = opts.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (d) => {
        data += d;
      });
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          return callback(new Error('451 try again later'));
        }
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(drivers)('outbox delivery on %s', (driver: Driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.drop());

  const ctxFor = (smtpUrl: string): JobContext => {
    const config = testConfig({ SMTP_URL: smtpUrl });
    const email = smtpTransport(config);
    if (!email) throw new Error('no transport');
    return { db: database.db, config, push: noPush, transports: { email }, now: () => new Date() };
  };

  it('sends pending e-mail with its attachment once, even when the job runs twice', async () => {
    const smtp = await startSmtp();
    const ctx = ctxFor(smtp.url);
    const id = await enqueueMessage(database.db, {
      channel: 'email',
      to: 'guest@example.test',
      locale: 'ar',
      template: 'reset',
      values: { name: 'منى', minutes: 30, link: 'http://x/reset' },
      attachments: [
        { filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' },
      ],
    });
    const [a, b] = await Promise.all([deliverOutbox(ctx), deliverOutbox(ctx)]);
    expect(a.sent + b.sent).toBe(1);
    expect(await deliverOutbox(ctx)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('guest@example.test');
    expect(smtp.received[0]).toContain('invite.ics');
    const [row] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, id as number));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    await smtp.close();
  });

  it('retries with backoff after a failure, then marks the message failed after the last attempt', async () => {
    const smtp = await startSmtp({ failFirst: 1 });
    const ctx = ctxFor(smtp.url);
    const id = (await enqueueMessage(database.db, {
      channel: 'email',
      to: 'retry@example.test',
      locale: 'en',
      template: 'reset',
      values: { name: 'Mona', minutes: 30, link: 'http://x' },
    })) as number;
    expect(await deliverOutbox(ctx)).toEqual({ sent: 0, failed: 1 });
    const [after1] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(after1?.status).toBe('pending');
    expect(after1?.lastError).toMatch(/try again/);
    expect((after1?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan((backoffSeconds(1) - 5) * 1000);
    expect(await deliverOutbox(ctx)).toEqual({ sent: 0, failed: 0 }); // not due yet
    await database.db.execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);
    expect(await deliverOutbox(ctx)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    await smtp.close();

    const dead = ctxFor('smtp://127.0.0.1:1'); // nothing listens there
    const failing = (await enqueueMessage(database.db, {
      channel: 'email',
      to: 'dead@example.test',
      locale: 'en',
      template: 'reset',
      values: { name: 'x', minutes: 1, link: 'x' },
    })) as number;
    for (let i = 0; i < OUTBOX_MAX_ATTEMPTS; i++) {
      await database.db.execute(sql`update outbox set next_attempt_at = now() where id = ${failing}`);
      await deliverOutbox(dead);
    }
    const [final] = await database.db.select().from(outbox).where(eq(outbox.id, failing));
    expect(final).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
  });

  it('without a transport the messages stay in the outbox', async () => {
    const config = testConfig();
    const ctx: JobContext = { db: database.db, config, push: noPush, transports: {}, now: () => new Date() };
    expect(await deliverOutbox(ctx)).toEqual({ sent: 0, failed: 0 });
  });
});
