import type { AccountChoice, BillingSummary, StorageInfo } from '@majlis/contracts/account';
import { both } from '@majlis/i18n/server';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { remainingDays, statusNow } from '../billing/subscriptions.ts';
import { userTrial } from '../billing/trial-activation.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { accounts, memberships, rooms, subscriptions, users } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { type Permissions, permissionsFor } from './permissions.ts';

export type { AccountChoice, BillingSummary, StorageInfo };

export async function countAccounts(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from memberships where user_id = ${userId} and active`,
  );
  return Number(row?.n ?? 0);
}

export async function getPermissions(db: Db, actor: Actor): Promise<Permissions> {
  return permissionsFor(actor.kind, actor.role, await countAccounts(db, actor.userId));
}

/**
 * GET /api/user/info's one query, prepared once per database: the dashboard asks for it on every load, and building
 * drizzle's SQL again each time was a good part of the request's CPU (bench:http's profile).
 */
function prepareUserInfo(db: Db) {
  return db
    .select({
      id: users.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      picture: users.picture,
      locale: users.locale,
      timeZone: users.timeZone,
      digits: users.digits,
      chatDigest: users.chatDigest,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('majlis_user_info');
}
const userInfoStatements = new WeakMap<Db, ReturnType<typeof prepareUserInfo>>();

export async function getUserInfo(db: Db, actor: Actor) {
  let statement = userInfoStatements.get(db);
  if (!statement) {
    statement = prepareUserInfo(db);
    userInfoStatements.set(db, statement);
  }
  const [u] = await statement.execute({ userId: actor.userId });
  if (!u) throw notFound();
  return { info: { ...u, digits: u.digits ?? null } };
}

/** Storage of the acting account's rooms (10 GB each): totals, percentage used and a message in both languages. */
export async function getStorage(db: Db, actor: Actor): Promise<StorageInfo> {
  const [row] = await queryRows<{ total: string | number; used: string | number }>(
    db,
    sql`select coalesce(sum(${rooms.storageBytes}), 0)::bigint as total, coalesce(sum(${rooms.usedBytes}), 0)::bigint as used
        from ${rooms} where ${rooms.accountId} = ${actor.accountId}`,
  );
  const total = Number(row?.total ?? 0);
  const used = Number(row?.used ?? 0);
  const usedPercent = total > 0 ? Math.round((used / total) * 1000) / 10 : 0;
  const gb = Math.round(total / 1024 ** 3);
  const message =
    total === 0
      ? both('storage.none')
      : usedPercent >= 100
        ? both('storage.full')
        : both('storage.used', { percent: usedPercent, total: gb }, actor.digits);
  return { totalStorage: total, usedStorage: used, usedPercent, message };
}

async function billingOf(db: Db, accountId: string): Promise<BillingSummary | null> {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.renewsAt))
    .limit(1);
  // the plan that runs longest stands for the account (spec §7 /api/billing reads one per account)
  if (!sub) return null;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rooms where account_id = ${accountId}`,
  );
  const now = new Date();
  return {
    plan: sub.period,
    status: statusNow(sub, now),
    rooms: Number(count?.n ?? 0),
    renewsAt: sub.renewsAt.toISOString(),
    remainingDays: remainingDays(sub, now),
  };
}

/** `{ indv, inst }`: the user's personal account's plan, and the acting institution's plan. */
export async function getBilling(db: Db, actor: Actor) {
  const [personal] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.ownerUserId, actor.userId), eq(accounts.kind, 'indv')));
  return {
    indv: personal ? await billingOf(db, personal.id) : null,
    inst: actor.kind === 'inst' ? await billingOf(db, actor.accountId) : null,
  };
}

export async function getAccountType(actor: Actor) {
  return { type: actor.kind, accountType: actor.role };
}

/** GET /api/usertrial: the trials table's answer (billing/trial.ts, beside the steps that write it). */
export async function getUserTrial(db: Db, actor: Actor) {
  return userTrial(db, actor);
}

/** The owner of the acting account (spec §3 owner info). */
export async function getCurrentOwner(db: Db, actor: Actor) {
  const [owner] = await db
    .select({
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      picture: users.picture,
      accountName: accounts.name,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, actor.accountId));
  if (!owner) throw notFound();
  return {
    ok: true as const,
    owner: {
      display_name: owner.accountName,
      fname: owner.fname,
      lname: owner.lname,
      email: owner.email,
      picture: owner.picture,
    },
  };
}

/** Spec §3 account choices: institutions in `groups`, the personal account in `me`. */
export async function getUserAccounts(db: Db, actor: Actor) {
  const rows = await db
    .select({
      userId: memberships.userId,
      accountId: accounts.id,
      accountName: accounts.name,
      userRole: memberships.role,
      accountpicture: accounts.picture,
      kind: accounts.kind,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, actor.userId), eq(memberships.active, true)))
    .orderBy(asc(accounts.name));
  const strip = ({ kind: _k, ...choice }: (typeof rows)[number]): AccountChoice => choice;
  const me = rows.find((r) => r.kind === 'indv');
  return {
    status: true,
    results: { groups: rows.filter((r) => r.kind === 'inst').map(strip), me: me ? strip(me) : null },
  };
}
