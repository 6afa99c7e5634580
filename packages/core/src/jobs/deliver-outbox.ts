import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/connect.ts';
import type { OutboxRow } from '../providers/messaging/transport.ts';
import type { JobContext, JobDefinition } from './types.ts';

export const OUTBOX_MAX_ATTEMPTS = 6;
const BATCH = 50;
const CLAIM_SECONDS = 120;

/** 30 s, 1 min, 2 min, 4 min, 8 min: then the message is marked failed. */
export function backoffSeconds(attempt: number): number {
  return 30 * 2 ** Math.max(0, attempt - 1);
}

type RawRow = Record<string, unknown>;
const toRow = (r: RawRow): OutboxRow => ({
  id: Number(r.id),
  channel: r.channel as OutboxRow['channel'],
  to: r.to as string,
  locale: r.locale as OutboxRow['locale'],
  template: r.template as string,
  subject: r.subject as string,
  body: r.body as string,
  html: (r.html as string | null) ?? null,
  attachments: (typeof r.attachments === 'string'
    ? JSON.parse(r.attachments)
    : r.attachments) as OutboxRow['attachments'],
  status: r.status as OutboxRow['status'],
  attempts: Number(r.attempts),
  nextAttemptAt: new Date(r.next_attempt_at as string),
  lockedUntil: r.locked_until ? new Date(r.locked_until as string) : null,
  dedupeKey: (r.dedupe_key as string | null) ?? null,
  lastError: (r.last_error as string | null) ?? null,
  sentAt: r.sent_at ? new Date(r.sent_at as string) : null,
  createdAt: new Date(r.created_at as string),
});

/**
 * Claims due messages (FOR UPDATE SKIP LOCKED, so two workers never take the same row; a crashed worker's claim
 * lapses after two minutes), sends each through its channel's transport, records success or schedules a retry.
 * Channels with no transport configured keep their messages in the outbox (/dev/outbox).
 */
export async function deliverOutbox(ctx: JobContext): Promise<{ sent: number; failed: number }> {
  const channels = Object.keys(ctx.transports);
  if (!channels.length) return { sent: 0, failed: 0 };
  const channelList = sql.join(
    channels.map((c) => sql`${c}`),
    sql`, `,
  );
  const claimed = (
    await queryRows<RawRow>(
      ctx.db,
      sql`update outbox set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
          where id in (
            select id from outbox
            where status = 'pending' and next_attempt_at <= now() and channel in (${channelList})
              and (locked_until is null or locked_until < now())
            order by id limit ${BATCH} for update skip locked)
          returning *`,
    )
  ).map(toRow);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const transport = ctx.transports[row.channel];
    try {
      if (!transport) throw new Error(`no transport for ${row.channel}`);
      await transport.send(row);
      await ctx.db.execute(
        sql`update outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`,
      );
      sent++;
    } catch (err) {
      failed++;
      const final = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      await ctx.db.execute(
        sql`update outbox set status = ${final ? 'failed' : 'pending'}, last_error = ${message}, locked_until = null,
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)}) where id = ${row.id}`,
      );
    }
  }
  return { sent, failed };
}

export const deliverOutboxJob: JobDefinition = {
  name: 'deliver-outbox',
  queue: 'messaging',
  everyMs: 10_000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await deliverOutbox(ctx);
  },
};
