import type { TRoomType as RoomType, RoomView, TCreateRoomBody } from '@majlis/contracts/rooms';
import type { Locale } from '@majlis/i18n';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { hasPower } from '../auth/powers.ts';
import { seatsInForce } from '../billing/periods.ts';
import { remainingDays, statusNow } from '../billing/subscriptions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { meetings, memberships, rooms, subscriptions, users } from '../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { actorName, notifyUsers } from '../notifications/notify-users.ts';
import { requireProvider } from '../providers/conferencing/index.ts';
import { roomName, roomValues } from '../wording/room-name.ts';

export type { RoomType, RoomView };
/** What the room services take from a create: ZCreateRoomBody's output. */
export type RoomInput = TCreateRoomBody;

/**
 * Owners and admins manage rooms (DESIGN §8 showMeetingRooms); members only see the rooms assigned to them. The role is
 * current: every request reads the actor afresh from an active membership (findActor), and rooms are only ever looked
 * up in the acting account. A power used outside that account goes through activeRoleIn (as canManageMeeting does).
 */
export function canManageRooms(actor: Actor): boolean {
  return hasPower(actor, 'manageRooms');
}

function requireRoomManager(actor: Actor) {
  if (!canManageRooms(actor)) throw forbidden();
}

export async function listRooms(db: Db, actor: Actor): Promise<RoomView[]> {
  const where = canManageRooms(actor)
    ? eq(rooms.accountId, actor.accountId)
    : and(eq(rooms.accountId, actor.accountId), eq(rooms.assignedUserId, actor.userId));
  const rows = await db.select().from(rooms).where(where).orderBy(asc(rooms.createdAt));
  return viewRooms(db, rows, actor.locale);
}

export async function getRoom(db: Db, actor: Actor, id: string): Promise<RoomView> {
  const row = await findRoom(db, actor, id);
  const [view] = await viewRooms(db, [row], actor.locale);
  return view as RoomView;
}

/** A room of the acting account the actor may see; anything else is 404. */
export async function findRoom(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, id), eq(rooms.accountId, actor.accountId)));
  if (!row) throw notFound();
  if (!canManageRooms(actor) && row.assignedUserId !== actor.userId) throw notFound();
  return row;
}

async function viewRooms(db: Db, rows: (typeof rooms.$inferSelect)[], locale: Locale): Promise<RoomView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({ roomId: meetings.roomId, n: count() })
    .from(meetings)
    .where(and(inArray(meetings.roomId, ids), sql`${meetings.status} <> 'deleted'`))
    .groupBy(meetings.roomId);
  const subs = await db.select().from(subscriptions).where(inArray(subscriptions.roomId, ids));
  const userIds = rows.map((r) => r.assignedUserId).filter((v): v is string => !!v);
  const people = userIds.length
    ? await db
        .select({ id: users.id, fname: users.fname, lname: users.lname, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const now = new Date();
  const seats = await seatsInForce(db, rows, now);
  return rows.map((r) => {
    const sub = subs.filter((s) => s.roomId === r.id).sort((a, b) => +b.createdAt - +a.createdAt)[0];
    const status = sub ? statusNow(sub, now) : null;
    return {
      id: r.id,
      name: roomName(r, locale),
      nameKey: r.nameKey,
      type: r.type,
      participants: seats.get(r.id) ?? r.participants,
      storageBytes: Number(r.storageBytes),
      usedBytes: Number(r.usedBytes),
      status: r.status,
      meetingsCount: counts.find((c) => c.roomId === r.id)?.n ?? 0,
      assignedUser: people.find((p) => p.id === r.assignedUserId) ?? null,
      subscription:
        sub && status
          ? {
              period: sub.period,
              status,
              trial: sub.period === 'trial',
              expired: status === 'expired' || status === 'unpaid',
              renewsAt: sub.renewsAt.toISOString(),
              remainingDays: remainingDays(sub, now),
            }
          : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/**
 * A new room with its subscription record, `unpaid` (subscription statechart) until it is bought or given the free
 * trial (billing: the owner buys it; the trial comes with a verified phone). It keeps its settings and meetings
 * meanwhile but starts none ("Meeting has expired"). An individual account has one room at most (spec §5).
 */
export async function createRoom(db: Db, config: Config, actor: Actor, input: RoomInput): Promise<RoomView> {
  requireRoomManager(actor);
  requireProvider(config, input.type);
  const id = await db.transaction(async (tx) => {
    // serialise room creation per account, so two requests cannot both pass the one-room check
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rooms:${actor.accountId}`}))`);
    if (actor.kind === 'indv') {
      const [existing] = await tx.select({ n: count() }).from(rooms).where(eq(rooms.accountId, actor.accountId));
      if ((existing?.n ?? 0) > 0) throw new AppError(409, 'INDIVIDUAL_ONE_ROOM');
    }
    const [room] = await tx
      .insert(rooms)
      .values({ accountId: actor.accountId, name: input.name, type: input.type, participants: input.participants })
      .returning({ id: rooms.id });
    if (!room) throw new Error('room insert failed');
    const now = new Date();
    await tx.insert(subscriptions).values({
      accountId: actor.accountId,
      roomId: room.id,
      period: 'monthly',
      status: 'unpaid',
      startsAt: now,
      renewsAt: now,
    });
    return room.id;
  });
  return getRoom(db, actor, id);
}

export async function updateRoom(
  db: Db,
  _config: Config,
  actor: Actor,
  id: string,
  input: Partial<RoomInput> & { status?: 'active' | 'inactive' },
): Promise<RoomView> {
  requireRoomManager(actor);
  const room = await findRoom(db, actor, id);
  // The participants and the type are what the room's plan was paid for (issue 25): they change only through an
  // order in Billing, never by an edit. The values the room has already (as stored or as shown) pass unchanged.
  const shown = (await seatsInForce(db, [room])).get(room.id);
  const seatsChanged =
    input.participants !== undefined && input.participants !== room.participants && input.participants !== shown;
  if (seatsChanged || (input.type !== undefined && input.type !== room.type)) {
    throw new AppError(409, 'ROOM_PLAN_IN_BILLING');
  }
  const { status } = input;
  // The product's name sent back as shown (the form's other fields saved) is no rename: the room stays the product's.
  const renamed = input.name !== undefined && input.name !== roomName(room, actor.locale) && input.name !== room.name;
  const name = renamed ? input.name : undefined;
  const patch = Object.fromEntries(
    Object.entries({ name, status, ...(renamed ? { nameKey: null } : {}) }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(patch).length) await db.update(rooms).set(patch).where(eq(rooms.id, id));
  return getRoom(db, actor, id);
}

/** Deletes the room with its meetings (cascade); refused while one of them is running. */
export async function deleteRoom(db: Db, actor: Actor, id: string): Promise<void> {
  requireRoomManager(actor);
  await findRoom(db, actor, id);
  const [running] = await db
    .select({ n: count() })
    .from(meetings)
    .where(and(eq(meetings.roomId, id), eq(meetings.status, 'running')));
  if ((running?.n ?? 0) > 0) throw new AppError(409, 'ROOM_HAS_RUNNING_MEETING');
  await db.delete(rooms).where(eq(rooms.id, id));
}

/** Enterprise only: the room is given to an active user of the account. */
export async function assignRoom(
  db: Db,
  actor: Actor,
  id: string,
  userId: string,
  opts: { bus?: EventBus } = {},
): Promise<RoomView> {
  requireRoomManager(actor);
  if (actor.kind !== 'inst') throw new AppError(409, 'ROOM_ASSIGN_INDIVIDUAL');
  const room = await findRoom(db, actor, id);
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId), eq(memberships.active, true)),
    );
  if (!member) throw new AppError(400, 'VALIDATION_FAILED', { userId: 'field.accountUser' });
  await db.transaction(async (tx) => {
    await tx.update(rooms).set({ assignedUserId: userId }).where(eq(rooms.id, id));
    await recordAudit(tx, actor, 'room.assign', id, { userId });
  });
  // Assigning again while the last one is unread updates it (room:<id> collapses assign and de-assign).
  await notifyUsers({ db, bus: opts.bus }, actor.userId, actor.accountId, [userId], {
    type: 'notif',
    titleId: 'notif.room.assigned.title',
    messageId: 'notif.room.assigned.message',
    values: { actor: actorName(actor), ...roomValues(room) },
    collapseKey: `room:${id}`,
    eventMeta: { roomId: id, link: '/dashbord/roomManagement' },
  });
  return getRoom(db, actor, id);
}
