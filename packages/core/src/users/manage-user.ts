import type { TUpdateUserBody, UserRow } from '@majlis/contracts/users';
import { and, count, eq, inArray } from 'drizzle-orm';
import { announceMembershipClosed, closeMembership } from '../accounts/membership.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import { memberships, rooms, teamMembers, teams } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import { publishAccessChanged } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';
import { unassignRoom } from '../rooms/unassign-room.ts';
import { findUserRow } from './list-users.ts';

export interface UserDeps {
  db: Db;
  bus: EventBus;
  config: Config;
}

type Change = 'edit' | 'status' | 'remove';

/**
 * The membership an official acts on, with the owner rules: an admin never touches the owner, nobody changes their
 * own role or status or removes themselves, and the account keeps at least one owner. 404 outside the account.
 */
async function targetOf(tx: Db | Tx, actor: Actor, userId: string, change: Change) {
  requirePower(actor, 'manageUsers');
  const [target] = await tx
    .select({ role: memberships.role, active: memberships.active })
    .from(memberships)
    .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
  if (!target) throw notFound();
  const self = userId === actor.userId;
  if (target.role === 'owner') {
    if (actor.role !== 'owner') throw forbidden('OWNER_PROTECTED');
    if (change === 'remove') {
      const [owners] = await tx
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.role, 'owner')));
      if ((owners?.n ?? 0) <= 1) throw forbidden('LAST_OWNER');
    }
    if (change === 'status') throw forbidden('OWNER_PROTECTED');
  }
  if (self && change !== 'edit') throw forbidden('OWN_ROLE');
  return target;
}

/**
 * PUT /api/users/{id}: the role (admin|member) of the membership in the acting account; a change narrows or widens the
 * user's live sockets. The person's name and phone are their own (one row shared by all their accounts): never here.
 */
export async function updateUser(
  { db, bus }: UserDeps,
  actor: Actor,
  userId: string,
  body: TUpdateUserBody,
  ip: string | null,
): Promise<UserRow> {
  const { role } = body;
  const roleChanged = await db.transaction(async (tx) => {
    const target = await targetOf(tx, actor, userId, 'edit');
    const changes = role !== undefined && role !== target.role;
    if (changes && userId === actor.userId) throw forbidden('OWN_ROLE');
    // The owner stays owner: roles admin|member are all that can be given, and the owner's is never taken.
    if (changes && target.role === 'owner') throw forbidden('OWNER_PROTECTED');
    if (changes) {
      await tx
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
    }
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'user.edit', userId, {
      fields: role === undefined ? [] : ['role'],
      ...(changes ? { role } : {}),
    });
    return changes;
  });
  if (roleChanged) await publishAccessChanged(bus, { accountId: actor.accountId, userId, reason: 'role-changed' });
  return findUserRow(db, actor.accountId, userId, actor.locale);
}

/**
 * PUT /api/users/{id}/status: inactive means no sign-in to this account; the user's sessions in it end and their
 * sockets are cut on every instance at once. Their data stays; active again gives the access back.
 */
export async function setUserStatus(
  { db, bus }: UserDeps,
  actor: Actor,
  userId: string,
  active: boolean,
  ip: string | null,
): Promise<UserRow> {
  await db.transaction(async (tx) => {
    await targetOf(tx, actor, userId, 'status');
    if (active) {
      await tx
        .update(memberships)
        .set({ active: true })
        .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
    } else {
      await closeMembership(tx, actor.accountId, userId);
    }
    const action = active ? 'user.activate' : 'user.deactivate';
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, action, userId);
  });
  if (!active) await announceMembershipClosed(bus, actor.accountId, userId);
  return findUserRow(db, actor.accountId, userId, actor.locale);
}

/**
 * DELETE /api/users/{id}: out of the account. The rooms of this account assigned to them are de-assigned first, with
 * their meetings in them, as the room page does (spec §4); then the membership, team memberships and sessions go.
 */
export async function removeUser(
  deps: UserDeps,
  actor: Actor,
  userId: string,
  ip: string | null,
): Promise<{ deletedMeetings: number }> {
  const { db, bus } = deps;
  await targetOf(db, actor, userId, 'remove');
  const assigned = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.accountId, actor.accountId), eq(rooms.assignedUserId, userId)));
  let deletedMeetings = 0;
  for (const room of assigned) deletedMeetings += (await unassignRoom(deps, actor, room.id)).deletedMeetings;
  await db.transaction(async (tx) => {
    // Checked again inside: a second request may have changed the owners meanwhile.
    await targetOf(tx, actor, userId, 'remove');
    const accountTeams = tx.select({ id: teams.id }).from(teams).where(eq(teams.accountId, actor.accountId));
    await tx.delete(teamMembers).where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, accountTeams)));
    await closeMembership(tx, actor.accountId, userId, { remove: true });
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'user.remove', userId, {
      rooms: assigned.map((r) => r.id),
      deletedMeetings,
    });
  });
  await announceMembershipClosed(bus, actor.accountId, userId);
  return { deletedMeetings };
}
