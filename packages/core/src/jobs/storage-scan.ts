import { STORAGE_WARNING_PERCENT } from '@majlis/contracts/account';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/connect.ts';
import { flushPushes, storeJobNotification } from '../notifications/push-notifications.ts';
import { roomValues } from '../wording/room-name.ts';
import type { JobContext, JobDefinition } from './types.ts';

const RANK = { ok: 0, warning: 1, full: 2 } as const;
type Level = keyof typeof RANK;

interface Changed {
  id: string;
  account_id: string;
  name: string;
  name_key: string | null;
  used: string;
  total: string;
  assigned_user_id: string | null;
  prev: Level;
  generation: number | null;
  level: Level;
}

/**
 * Storage of every room: a warning at 85 %, danger 'no storage space' at 100 %, once per crossing, re-armed when
 * usage drops back. One query finds the rooms whose level changed; each change is claimed by a conditional update
 * of its storage_alerts row, so two scans racing (or a retried job) notify once.
 */
export async function scanStorage(ctx: JobContext): Promise<{ changed: number; notified: number }> {
  const rows = await queryRows<Changed>(
    ctx.db,
    sql`with levels as (
          select r.id, r.account_id, r.name, r.name_key, r.used_bytes::text as used, r.storage_bytes::text as total, r.assigned_user_id,
                 case when r.storage_bytes <= 0 then 'ok'
                      when r.used_bytes >= r.storage_bytes then 'full'
                      when r.used_bytes * 100 >= r.storage_bytes * ${STORAGE_WARNING_PERCENT} then 'warning'
                      else 'ok' end as level,
                 coalesce(a.level, 'ok') as prev, a.generation
          from rooms r left join storage_alerts a on a.scope = 'room:' || r.id)
        select * from levels where level <> prev`,
  );
  let notified = 0;
  for (const room of rows) {
    notified += await ctx.db.transaction(async (tx) => {
      const scope = `room:${room.id}`;
      const claimed =
        room.generation === null
          ? await queryRows<{ generation: number }>(
              tx,
              sql`insert into storage_alerts (scope, account_id, level, generation) values (${scope}, ${room.account_id}, ${room.level}, 1)
                  on conflict (scope) do nothing returning generation`,
            )
          : await queryRows<{ generation: number }>(
              tx,
              sql`update storage_alerts set level = ${room.level}, generation = generation + 1, updated_at = now()
                  where scope = ${scope} and generation = ${room.generation} returning generation`,
            );
      const generation = claimed[0]?.generation;
      if (generation === undefined || RANK[room.level] <= RANK[room.prev]) return 0; // raced, or usage went down
      const percent = Math.floor((Number(room.used) / Number(room.total)) * 100);
      const recipients = await queryRows<{ user_id: string }>(
        tx,
        sql`select user_id from memberships where account_id = ${room.account_id} and active and role in ('owner', 'admin')
            union select ${room.assigned_user_id}::uuid where ${room.assigned_user_id}::uuid is not null`,
      );
      let n = 0;
      for (const { user_id } of recipients) {
        const full = room.level === 'full';
        const created = await storeJobNotification(tx, {
          accountId: room.account_id,
          userId: user_id,
          type: full ? 'danger' : 'warning',
          titleId: full ? 'notif.storage.full.title' : 'notif.storage.warning.title',
          messageId: full ? 'notif.storage.full.message' : 'notif.storage.warning.message',
          values: { ...roomValues({ name: room.name, nameKey: room.name_key }), percent },
          dedupeKey: `storage:${scope}:${generation}:${user_id}`,
          eventMeta: { roomId: room.id, level: room.level },
        });
        if (created) n++;
      }
      return n;
    });
  }
  await flushPushes(ctx);
  return { changed: rows.length, notified };
}

export const storageScanJob: JobDefinition = {
  name: 'storage-scan',
  queue: 'notifications',
  everyMs: 5 * 60 * 1000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await scanStorage(ctx);
  },
};
