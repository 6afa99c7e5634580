import { resolveTxt as systemResolveTxt } from 'node:dns/promises';
import type { TDomainBody } from '@majlis/contracts/sso';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import { randomToken } from '../auth/sessions.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import { domainJoinRequests, institutionDomains, memberships } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';

/** How a TXT record is looked up: node:dns by default; tests hand in their own (runtime.resolveTxt). */
export type ResolveTxt = (name: string) => Promise<string[][]>;
export const defaultResolveTxt: ResolveTxt = (name) => systemResolveTxt(name);

/** The part of an e-mail address after its last @, lower-case. */
export function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** The institution that has proved this domain, if any (only one can: a unique index on verified domains). */
export async function verifiedDomainHolder(db: Db | Tx, domain: string): Promise<string | null> {
  const [row] = await queryRows<{ account_id: string }>(
    db,
    sql`select account_id from institution_domains where domain = ${domain} and verified_at is not null limit 1`,
  );
  return row?.account_id ?? null;
}

type DomainRow = typeof institutionDomains.$inferSelect;
const viewOf = (r: DomainRow) => ({
  id: r.id,
  domain: r.domain,
  joinMode: r.joinMode,
  txtRecord: `majlis-verify=${r.token}`,
  verifiedAt: r.verifiedAt?.toISOString() ?? null,
});
const taken = () => new AppError(409, 'DOMAIN_TAKEN', { domain: 'error.DOMAIN_TAKEN' });

export async function listDomains(db: Db, actor: Actor) {
  requirePower(actor, 'editInstitution');
  const rows = await db
    .select()
    .from(institutionDomains)
    .where(eq(institutionDomains.accountId, actor.accountId))
    .orderBy(institutionDomains.createdAt);
  return { domains: rows.map(viewOf) };
}

async function ownDomain(db: Db | Tx, actor: Actor, id: string): Promise<DomainRow> {
  const [row] = await db
    .select()
    .from(institutionDomains)
    .where(and(eq(institutionDomains.id, id), eq(institutionDomains.accountId, actor.accountId)));
  if (!row) throw notFound();
  return row;
}

/** The owner claims a domain: a row with the TXT record to add; nothing changes for anyone until it is proved. */
export async function addDomain(db: Db, actor: Actor, body: TDomainBody, ip: string | null) {
  requirePower(actor, 'editInstitution');
  const holder = await verifiedDomainHolder(db, body.domain);
  if (holder && holder !== actor.accountId) throw taken();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(institutionDomains)
      .values({ accountId: actor.accountId, domain: body.domain, token: randomToken(24), joinMode: body.joinMode })
      .onConflictDoUpdate({
        target: [institutionDomains.accountId, institutionDomains.domain],
        set: { joinMode: body.joinMode },
      })
      .returning();
    if (!made) throw new Error('domain insert returned nothing');
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'domain.add', made.id, {
      domain: made.domain,
      joinMode: made.joinMode,
    });
    return made;
  });
  return { domain: viewOf(row) };
}

/** The proof: a TXT record at the domain holding `majlis-verify=<token>`. */
export async function verifyDomain(db: Db, resolveTxt: ResolveTxt, actor: Actor, id: string, ip: string | null) {
  requirePower(actor, 'editInstitution');
  const row = await ownDomain(db, actor, id);
  if (row.verifiedAt) return { domain: viewOf(row) };
  const records = await resolveTxt(row.domain).catch(() => [] as string[][]);
  const wanted = `majlis-verify=${row.token}`;
  if (!records.some((chunks) => chunks.join('').trim() === wanted)) {
    throw new AppError(422, 'DOMAIN_NOT_PROVED', { domain: 'error.DOMAIN_NOT_PROVED' });
  }
  const holder = await verifiedDomainHolder(db, row.domain);
  if (holder && holder !== actor.accountId) throw taken();
  const verified = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(institutionDomains)
      .set({ verifiedAt: new Date() })
      .where(eq(institutionDomains.id, row.id))
      .returning();
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'domain.verify', row.id, {
      domain: row.domain,
    });
    return done as DomainRow;
  });
  return { domain: viewOf(verified) };
}

export async function setDomainMode(
  db: Db,
  actor: Actor,
  id: string,
  joinMode: 'auto' | 'approval',
  ip: string | null,
) {
  requirePower(actor, 'editInstitution');
  await ownDomain(db, actor, id);
  const updated = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(institutionDomains)
      .set({ joinMode })
      .where(eq(institutionDomains.id, id))
      .returning();
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'domain.mode', id, { joinMode });
    return done as DomainRow;
  });
  return { domain: viewOf(updated) };
}

export async function removeDomain(db: Db, actor: Actor, id: string, ip: string | null) {
  requirePower(actor, 'editInstitution');
  const row = await ownDomain(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.delete(institutionDomains).where(eq(institutionDomains.id, id));
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'domain.remove', id, {
      domain: row.domain,
    });
  });
  return listDomains(db, actor);
}

/**
 * A person who registered or signed in with an address at a proved domain: they join that institution as a member
 * ('auto'), or wait for an official ('approval'), once; nothing when they are in it already (or were deactivated).
 */
export async function joinByDomain(
  db: Db,
  user: { id: string; email: string },
  ip: string | null,
): Promise<'joined' | 'waiting' | null> {
  const domain = domainOf(user.email);
  const [row] = await db
    .select()
    .from(institutionDomains)
    .where(and(eq(institutionDomains.domain, domain), sql`${institutionDomains.verifiedAt} is not null`));
  if (!row) return null;
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.accountId, row.accountId)));
    if (member) return null;
    const who = { userId: user.id, accountId: row.accountId, ip };
    if (row.joinMode === 'auto') {
      await tx.insert(memberships).values({ userId: user.id, accountId: row.accountId, role: 'member' });
      await recordAudit(tx, who, 'domain.join', user.id, { domain });
      return 'joined';
    }
    const asked = await tx
      .insert(domainJoinRequests)
      .values({ accountId: row.accountId, userId: user.id, domain })
      .onConflictDoNothing()
      .returning();
    if (asked.length) await recordAudit(tx, who, 'domain.request', user.id, { domain });
    return 'waiting';
  });
}

/** The people waiting to join by domain; an official lets one in (as a member) or turns them away. */
export async function listJoinRequests(db: Db, actor: Actor) {
  requirePower(actor, 'manageUsers');
  const rows = await queryRows<{ user_id: string; email: string; fname: string; lname: string; created_at: Date }>(
    db,
    sql`select r.user_id, u.email, u.fname, u.lname, r.created_at from domain_join_requests r
        join users u on u.id = r.user_id where r.account_id = ${actor.accountId} order by r.created_at`,
  );
  return {
    requests: rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      name: `${r.fname} ${r.lname}`.trim(),
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function decideJoinRequest(db: Db, actor: Actor, userId: string, approve: boolean, ip: string | null) {
  requirePower(actor, 'manageUsers');
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(domainJoinRequests)
      .where(and(eq(domainJoinRequests.accountId, actor.accountId), eq(domainJoinRequests.userId, userId)))
      .returning();
    if (!gone.length) throw notFound();
    if (approve) {
      await tx.insert(memberships).values({ userId, accountId: actor.accountId, role: 'member' }).onConflictDoNothing();
    }
    await recordAudit(
      tx,
      { userId: actor.userId, accountId: actor.accountId, ip },
      approve ? 'domain.approve' : 'domain.reject',
      userId,
    );
  });
  return { ok: true as const };
}
