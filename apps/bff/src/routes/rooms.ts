import {
  ZAssignRoomBody,
  ZCreateRoomBody,
  ZIdParam,
  ZOk,
  ZRoomList,
  ZRoomTypes,
  ZRoomView,
  ZUnassignAnswer,
  ZUpdateRoomBody,
} from '@majlis/contracts';
import { roomTypes } from '@majlis/core/providers/conferencing/index';
import { assignRoom, createRoom, deleteRoom, getRoom, listRooms, updateRoom } from '@majlis/core/rooms/rooms';
import { unassignRoom } from '@majlis/core/rooms/unassign-room';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { institutionWritable } from '../http/institution-gate.ts';
import { requireActor } from '../http/session.ts';
import { doc, jsonBody, paramsOf } from '../http/validate.ts';

/**
 * Rooms (/dashbord/roomManagement). Owners and admins manage; members list only the rooms assigned to them.
 * Room view: { id, name, type, participants, storageBytes, usedBytes, status, meetingsCount, assignedUser,
 * subscription: { period, status, trial, expired, renewsAt, remainingDays } | null, createdAt }.
 */
export const roomRoutes = new Hono<Env>()
  .get(
    '/rooms/types',
    doc('Room types and whether each provider is configured here', { tags: ['rooms'], response: ZRoomTypes }),
    (c) => c.json({ types: roomTypes(c.get('runtime').config) }),
  )
  .get(
    '/rooms',
    doc('Rooms of the acting account → { rooms: Room[] }', { tags: ['rooms'], response: ZRoomList }),
    async (c) => c.json({ rooms: await listRooms(c.get('runtime').db, requireActor(c)) }),
  )
  /** The account's first room starts the 7-day trial; an individual account has one room at most. */
  .post(
    '/rooms',
    doc('Create a room → 201 Room (409 INDIVIDUAL_ONE_ROOM, PROVIDER_NOT_CONFIGURED)', {
      tags: ['rooms'],
      response: ZRoomView,
      statuses: [201],
    }),
    jsonBody(ZCreateRoomBody),
    async (c) => {
      const { db, config } = c.get('runtime');
      return c.json(await createRoom(db, config, requireActor(c), c.req.valid('json')), 201);
    },
  )
  .get('/rooms/:id', doc('One room', { tags: ['rooms'], response: ZRoomView }), paramsOf(ZIdParam), async (c) =>
    c.json(await getRoom(c.get('runtime').db, requireActor(c), c.req.valid('param').id)),
  )
  .put(
    '/rooms/:id',
    doc('Edit a room: name and status (409 ROOM_PLAN_IN_BILLING on a participants or type change: bought in Billing)', {
      tags: ['rooms'],
      response: ZRoomView,
    }),
    paramsOf(ZIdParam),
    jsonBody(ZUpdateRoomBody),
    async (c) => {
      const { db, config } = c.get('runtime');
      return c.json(await updateRoom(db, config, requireActor(c), c.req.valid('param').id, c.req.valid('json')));
    },
  )
  .delete(
    '/rooms/:id',
    doc('Delete a room and its meetings (409 while one runs)', { tags: ['rooms'], response: ZOk }),
    paramsOf(ZIdParam),
    async (c) => {
      await deleteRoom(c.get('runtime').db, requireActor(c), c.req.valid('param').id);
      return c.json({ ok: true });
    },
  )
  .put(
    '/rooms/:id/assign',
    doc('Enterprise: assign the room to a user of the account', { tags: ['rooms'], response: ZRoomView }),
    institutionWritable,
    paramsOf(ZIdParam),
    jsonBody(ZAssignRoomBody),
    async (c) =>
      c.json(
        await assignRoom(c.get('runtime').db, requireActor(c), c.req.valid('param').id, c.req.valid('json').userId, {
          bus: c.get('runtime').bus,
        }),
      ),
  )
  /** After the client's confirmation: deletes that user's meetings in the room. */
  .delete(
    '/rooms/:id/assign',
    doc("De-assign the room; deletes the user's meetings in it → { deletedMeetings }", {
      tags: ['rooms'],
      response: ZUnassignAnswer,
    }),
    institutionWritable,
    paramsOf(ZIdParam),
    async (c) => {
      const rt = c.get('runtime');
      return c.json(await unassignRoom(rt, requireActor(c), c.req.valid('param').id));
    },
  );
