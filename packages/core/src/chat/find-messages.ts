import { HISTORY_MAX_PAGE, HISTORY_PAGE } from '@majlis/contracts/chat';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { messages } from '../db/schema/index.ts';
import { conversationVisibleTo, findConversation } from './chat-access.ts';
import { type ChatMessage, fromRecord, type MessageRecord, toChatMessage } from './send-message.ts';

/**
 * History of a conversation, newest last. `before` pages back (ids below it); `after` reads forward from a stream id
 * (what a client missed). Without either, the latest page.
 */
export async function findMessages(
  db: Db,
  actor: Actor,
  conversationId: string,
  opts: { before?: number; after?: number; limit?: number } = {},
): Promise<ChatMessage[]> {
  await findConversation(db, actor, conversationId);
  const limit = Math.min(Math.max(opts.limit ?? HISTORY_PAGE, 1), HISTORY_MAX_PAGE);
  const inConversation = eq(messages.conversationId, conversationId);
  if (opts.after !== undefined) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(inConversation, gt(messages.id, opts.after)))
      .orderBy(asc(messages.id))
      .limit(limit);
    return rows.map(toChatMessage);
  }
  const rows = await db
    .select()
    .from(messages)
    .where(opts.before !== undefined ? and(inConversation, lt(messages.id, opts.before)) : inConversation)
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse().map(toChatMessage);
}

/**
 * Ids are given out in insert order but delivered in publish order, which can differ by as much as a Redis outage
 * lasts; a client's highest id seen may therefore be above one it never got. Replay looks back this far before it.
 */
export const REPLAY_LOOKBACK_SECONDS = 60;
export const REPLAY_MAX = 1000;
const LOOKBACK_ROWS = 2000;

/**
 * Messages of every conversation the actor may see, stored after stream id `from.id` (and in the look-back window
 * before it) or since the time `from.at`, oldest first, minus the ids in `exclude` (those already delivered).
 */
export async function missedMessages(
  db: Db,
  actor: Actor,
  from: { id: number } | { at: Date },
  exclude: ReadonlySet<number> = new Set(),
): Promise<ChatMessage[]> {
  const since = 'id' in from ? from.id : Number.MAX_SAFE_INTEGER;
  const mark =
    'id' in from
      ? sql`coalesce(
            (select created_at from messages where id = ${since} and account_id = ${actor.accountId}),
            (select max(created_at) from recent),
            to_timestamp(0)) - make_interval(secs => ${REPLAY_LOOKBACK_SECONDS})`
      : sql`${from.at.toISOString()}::timestamptz`;
  // The window is found among the account's last LOOKBACK_ROWS ids up to `since` (an index range, not a scan), then
  // everything from its first id on is read by (account_id, id).
  const rows = await queryRows<MessageRecord>(
    db,
    sql`with recent as (
          select id, created_at from messages
          where account_id = ${actor.accountId} and id <= ${since}::bigint
          order by id desc limit ${LOOKBACK_ROWS}
        ), floor as (
          select coalesce(min(id), ${since}::bigint + 1) as id from recent where created_at >= ${mark}
        )
        select m.* from messages m
        join conversations c on c.id = m.conversation_id
        cross join floor
        where m.account_id = ${actor.accountId} and m.id >= floor.id
          and ${conversationVisibleTo(actor, { id: sql`c.id`, type: sql`c.type`, teamId: sql`c.team_id` })}
        order by m.id
        limit ${REPLAY_MAX}`,
  );
  return rows.map((r) => toChatMessage(fromRecord(r))).filter((m) => !exclude.has(m.id));
}
