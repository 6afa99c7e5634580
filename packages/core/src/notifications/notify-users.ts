import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { accounts, memberships, users } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { createNotification, type NewNotification } from './notifications.ts';

const log = logger.child({ module: 'notifications' });

/** What something that happened to people tells each of them (catalog ids, rendered in each reader's language). */
export type Tidings = Omit<NewNotification, 'accountId' | 'userId' | 'dedupeKey' | 'collapseKey'> & {
  /** Per recipient: one unread notification per key (the recipient's id is added), see NewNotification. */
  collapseKey?: string;
  /** Per recipient: created at most once (the recipient's id is added). */
  dedupeKey?: string;
};

/**
 * Tells users of an account what happened to them: stored, then pushed live to their sockets there (bus). The actor
 * is never told of their own doing. Called after the change has committed; a notification that fails is logged, never
 * the action's failure (it is done). Answers how many were created (a collapsed one is not counted).
 */
export async function notifyUsers(
  rt: { db: Db; bus?: EventBus | undefined },
  actorUserId: string | null,
  accountId: string,
  userIds: Iterable<string>,
  tidings: Tidings,
): Promise<number> {
  let made = 0;
  for (const userId of new Set(userIds)) {
    if (userId === actorUserId) continue;
    const { collapseKey, dedupeKey, ...rest } = tidings;
    try {
      const { created } = await createNotification(
        rt.db,
        {
          ...rest,
          accountId,
          userId,
          ...(collapseKey ? { collapseKey: `${collapseKey}:${userId}` } : {}),
          ...(dedupeKey ? { dedupeKey: `${dedupeKey}:${userId}` } : {}),
        },
        rt.bus ? { bus: rt.bus } : {},
      );
      if (created) made++;
    } catch (err) {
      log.error({ err, userId, titleId: tidings.titleId }, 'notification not made');
    }
  }
  return made;
}

/**
 * The account in which a user sees a notification from `fromAccountId` (the list shows one account's at a time): that
 * account when they are an active member of it, else their own individual account, else their oldest membership.
 */
export async function accountToTell(db: Db, userId: string, fromAccountId: string): Promise<string | null> {
  const rows = await db
    .select({ accountId: memberships.accountId, kind: accounts.kind, owner: accounts.ownerUserId })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(memberships.active, true)))
    .orderBy(asc(memberships.createdAt));
  const here = rows.find((r) => r.accountId === fromAccountId);
  const own = rows.find((r) => r.kind === 'indv' && r.owner === userId);
  return (here ?? own ?? rows[0])?.accountId ?? null;
}

/** How a notification names who did it. */
export const actorName = (actor: { fname: string; lname: string }) => `${actor.fname} ${actor.lname}`.trim();

/**
 * Where a notification about a chat leads: the dashboard with that conversation open (the client opens the chat
 * panel on a team id or a contact's user id).
 */
export const chatLink = (to: { teamId: string } | { userId: string }) =>
  'teamId' in to ? `/dashbord/meeting?chatTeam=${to.teamId}` : `/dashbord/meeting?chatUser=${to.userId}`;

/** Display names ("first last") of users, by id. */
export async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})` })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
