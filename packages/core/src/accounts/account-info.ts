import type { AccountChoice, BillingSummary, StorageInfo } from '@majlis/contracts/account';
import { both } from '@majlis/i18n/server';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { remainingDays, statusNow } from '../billing/subscriptions.ts';
import { userTrial } from '../billing/trial-activation.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { accounts, memberships, rooms, subscriptions, users } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { type Permissions, permissionsFor } from './permissions.ts';

export type { AccountChoice, BillingSummary, StorageInfo };

const countAccountsOf = (db: Db, name: string) =>
  db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.active, true)))
    .prepare(name);

export async function countAccounts(db: Db, userId: string): Promise<number> {
  const [row] = await prepared(db, 'majlis_count_accounts', countAccountsOf).execute({ userId });
  return Number(row?.n ?? 0);
}

export async function getPermissions(db: Db, actor: Actor): Promise<Permissions> {
  return permissionsFor(actor.kind, actor.role, await countAccounts(db, actor.userId));
}

/** GET /api/user/info's one query when the session cache has not answered it (the BFF answers from it). */
const userInfoOf = (db: Db, name: string) =>
  db
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
      hijri: users.hijri,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name);

export async function getUserInfo(db: Db, actor: Actor) {
  const [u] = await prepared(db, 'majlis_user_info', userInfoOf).execute({ userId: actor.userId });
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

const latestPlanOf = (db: Db, name: string) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, sql.placeholder('accountId')))
    .orderBy(desc(subscriptions.renewsAt))
    .limit(1)
    .prepare(name);
const roomCountOf = (db: Db, name: string) =>
  db
    .select({ n: count() })
    .from(rooms)
    .where(eq(rooms.accountId, sql.placeholder('accountId')))
    .prepare(name);
const personalAccountOf = (db: Db, name: string) =>
  db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.ownerUserId, sql.placeholder('userId')), eq(accounts.kind, 'indv')))
    .prepare(name);

async function billingOf(db: Db, accountId: string): Promise<BillingSummary | null> {
  const [sub] = await prepared(db, 'majlis_latest_plan', latestPlanOf).execute({ accountId });
  // the plan that runs longest stands for the account (spec §7 /api/billing reads one per account)
  if (!sub) return null;
  const [count] = await prepared(db, 'majlis_room_count', roomCountOf).execute({ accountId });
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
  const [personal] = await prepared(db, 'majlis_personal_account', personalAccountOf).execute({ userId: actor.userId });
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

const ownerOf = (db: Db, name: string) =>
  db
    .select({
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      picture: users.picture,
      accountName: accounts.name,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare(name);

/** The owner of the acting account (spec §3 owner info). */
export async function getCurrentOwner(db: Db, actor: Actor) {
  const [owner] = await prepared(db, 'majlis_current_owner', ownerOf).execute({ accountId: actor.accountId });
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

const accountChoicesOf = (db: Db, name: string) =>
  db
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
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.active, true)))
    .orderBy(asc(accounts.name))
    .prepare(name);

/** Spec §3 account choices: institutions in `groups`, the personal account in `me`. */
export async function getUserAccounts(db: Db, actor: Actor) {
  const rows = await prepared(db, 'majlis_account_choices', accountChoicesOf).execute({ userId: actor.userId });
  const strip = ({ kind: _k, ...choice }: (typeof rows)[number]): AccountChoice => choice;
  const me = rows.find((r) => r.kind === 'indv');
  return {
    status: true,
    results: { groups: rows.filter((r) => r.kind === 'inst').map(strip), me: me ? strip(me) : null },
  };
}
