import { CHAT_DIGEST_AFTER_MINUTES } from '@majlis/contracts/chat';
import { type DigitStyle, formatNumber } from '@majlis/i18n';
import { decideLanguage } from '@majlis/machines';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../db/connect.ts';
import { chatLink } from '../notifications/notify-users.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import type { JobContext, JobDefinition } from './types.ts';

export { CHAT_DIGEST_AFTER_MINUTES };

/** Readers handled per run; the rest wait a minute (a run stays short however many are due). */
const READERS_PER_RUN = 200;

interface DueReader {
  user_id: string;
  account_id: string;
}

interface Unread {
  conversation_id: string;
  team_id: string | null;
  team_name: string | null;
  sender_id: string;
  sender_name: string;
  count: number;
}

/**
 * One e-mail for a reader's unread chat messages (issue 14): a member who was not in the chat when messages came
 * (no socket of theirs said addUser, anywhere: notify-unread.ts marks the others told) and left them unread for 15
 * minutes gets every one not yet told in one digest,
 * in their profile's language, counted per conversation, and each message is in one digest at most. Off in the
 * profile (users.chat_digest): their messages are marked told all the same, so turning it on later sends no backlog. Rows are claimed with `for update skip locked`, so two workers never send one twice.
 * Answers how many digests were written to the outbox.
 */
export async function runChatDigests(ctx: Pick<JobContext, 'db' | 'config' | 'now'>): Promise<number> {
  const due = await queryRows<DueReader>(
    ctx.db,
    sql`select distinct u.user_id, u.account_id from unread_messages u
        join users us on us.id = u.user_id and us.active
        where u.digested_at is null
          and u.created_at <= ${new Date(ctx.now().getTime() - CHAT_DIGEST_AFTER_MINUTES * 60_000)}
        limit ${READERS_PER_RUN}`,
  );
  let sent = 0;
  for (const reader of due) {
    if (await ctx.db.transaction((tx) => digestOne(tx, ctx, reader))) sent++;
  }
  return sent;
}

async function digestOne(tx: Tx, ctx: Pick<JobContext, 'config' | 'now'>, reader: DueReader): Promise<boolean> {
  const claimed = await queryRows<{ message_id: string }>(
    tx,
    sql`select message_id from unread_messages
        where user_id = ${reader.user_id} and account_id = ${reader.account_id} and digested_at is null
        for update skip locked`,
  );
  if (!claimed.length) return false;
  const ids = claimed.map((r) => Number(r.message_id));
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [person] = await queryRows<{
    email: string;
    locale: 'ar' | 'en';
    digits: DigitStyle | null;
    chat_digest: boolean;
  }>(tx, sql`select email, locale, digits, chat_digest from users where id = ${reader.user_id}`);
  await tx.execute(
    sql`update unread_messages set digested_at = ${ctx.now()}
        where user_id = ${reader.user_id} and message_id in (${idList})`,
  );
  if (!person?.chat_digest) return false;
  const groups = await queryRows<Unread>(
    tx,
    sql`select m.conversation_id, m.team_id, t.name as team_name, min(m.sender_id::text)::uuid as sender_id,
               min(trim(s.fname || ' ' || s.lname)) as sender_name, count(*)::int as count
        from messages m
        join users s on s.id = m.sender_id
        left join teams t on t.id = m.team_id
        where m.id in (${idList})
        group by m.conversation_id, m.team_id, t.name
        order by max(m.id) desc`,
  );
  const locale = decideLanguage({ profile: person.locale });
  const lines = groups.map((g) => {
    const link = `${ctx.config.publicUrl}${chatLink(g.team_id ? { teamId: g.team_id } : { userId: g.sender_id })}`;
    // Names are isolated (U+2068…U+2069) so an English name in an Arabic line keeps its place, as the catalog does.
    const who = `\u2068${g.team_id ? (g.team_name ?? '') : g.sender_name}\u2069`;
    return `${who}: ${formatNumber(locale, g.count, undefined, person.digits)} — ${link}`;
  });
  await enqueueMessage(tx, {
    channel: 'email',
    to: person.email,
    locale,
    template: 'chatDigest',
    values: {
      count: ids.length,
      conversations: groups.length,
      list: lines.join('\n'),
      link: `${ctx.config.publicUrl}/dashbord/meeting`,
    },
    digits: person.digits,
    dedupeKey: `chat-digest:${reader.user_id}:${reader.account_id}:${Math.max(...ids)}`,
  });
  return true;
}

export const chatDigestJob: JobDefinition = {
  name: 'chat-digest',
  queue: 'notifications',
  everyMs: 60 * 1000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await runChatDigests(ctx);
  },
};
