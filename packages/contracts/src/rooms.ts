import { z } from 'zod';
import { PLAN_PERIODS, PLAN_STATUSES } from './account.ts';
import { OPTION_PROFILES } from './option-profiles.ts';
import { nameText } from './strings.ts';

/** Wire contract: rooms (/dashbord/roomManagement). Field messages are server.po catalog ids. */

/** Conferencing providers a room can run on. */
export const ROOM_TYPES = ['bbb', 'zoom', 'jitsi'] as const;
export type TRoomType = (typeof ROOM_TYPES)[number];
/** Each provider's own name, the same in both languages (a brand, not a word to translate). */
export const ROOM_TYPE_LABEL = { bbb: 'BigBlueButton', zoom: 'Zoom', jitsi: 'Jitsi Meet' } as const satisfies Record<
  TRoomType,
  string
>;
export const ROOM_STATUSES = ['active', 'inactive'] as const;
/** Participants a room may be sized for (spec §3). */
export const PARTICIPANTS = { min: 2, max: 1000 } as const;
export const ROOM_NAME_MAX = 100;
/**
 * Names the product gives a room (issue 26), as server.po ids: such a room is named in each reader's language, not in
 * its creator's ("غرفة تجريبية" to an Arabic reader, "Trial room" to an English one). A room its users rename has
 * none. The client's catalog has the same words (features/rooms/room-name.ts).
 */
export const PRODUCT_ROOM_NAMES = ['trial.roomName', 'room.defaultName'] as const;
export type TProductRoomName = (typeof PRODUCT_ROOM_NAMES)[number];

export const ZRoomType = z.enum(ROOM_TYPES, 'field.roomType');
/** Coerced: the form's number input may send a numeric string. */
export const ZParticipants = z.coerce
  .number('field.participants')
  .int('field.participants')
  .min(PARTICIPANTS.min, 'field.participants')
  .max(PARTICIPANTS.max, 'field.participants');
export const ZRoomName = nameText('field.roomName').trim().min(1, 'field.roomName').max(ROOM_NAME_MAX, 'field.tooLong');

export const ZCreateRoomBody = z.strictObject({ name: ZRoomName, type: ZRoomType, participants: ZParticipants });
export type TCreateRoomBody = z.infer<typeof ZCreateRoomBody>;

export const ZUpdateRoomBody = z.strictObject({
  name: ZRoomName.optional(),
  type: ZRoomType.optional(),
  participants: ZParticipants.optional(),
  status: z.enum(ROOM_STATUSES, 'field.invalid').optional(),
});
export type TUpdateRoomBody = z.infer<typeof ZUpdateRoomBody>;

export const ZAssignRoomBody = z.strictObject({ userId: z.uuid('field.accountUser') });
export type TAssignRoomBody = z.infer<typeof ZAssignRoomBody>;

// ---------------------------------------------------------------- views (responses)

/** Room view: GET /api/rooms → { rooms }, and every call that changes one room answers with it. */
export const ZRoomView = z.strictObject({
  id: z.string(),
  /** In the reader's language when the product named the room. */
  name: z.string(),
  /** The product's name of the room (PRODUCT_ROOM_NAMES), null once its users named it. */
  nameKey: z.enum(PRODUCT_ROOM_NAMES).nullable(),
  type: ZRoomType,
  participants: z.number(),
  storageBytes: z.number(),
  usedBytes: z.number(),
  status: z.enum(ROOM_STATUSES),
  meetingsCount: z.number(),
  assignedUser: z.strictObject({ id: z.string(), fname: z.string(), lname: z.string(), email: z.string() }).nullable(),
  subscription: z
    .strictObject({
      period: z.enum(PLAN_PERIODS),
      status: z.enum(PLAN_STATUSES),
      trial: z.boolean(),
      expired: z.boolean(),
      renewsAt: z.iso.datetime(),
      remainingDays: z.number(),
    })
    .nullable(),
  createdAt: z.iso.datetime(),
});
export type RoomView = z.infer<typeof ZRoomView>;

export const ZRoomList = z.strictObject({ rooms: z.array(ZRoomView) });
/**
 * GET /api/rooms/types: which providers can host a new room here (Jitsi always; BBB and Zoom when configured), and
 * each one's options profile here (option-profiles.ts, meeting-options.ts: which meeting options it can honour).
 */
export const ZRoomTypes = z.strictObject({
  types: z.array(
    z.strictObject({
      type: ZRoomType,
      label: z.string(),
      available: z.boolean(),
      optionProfile: z.enum(OPTION_PROFILES),
    }),
  ),
});
/** DELETE /api/rooms/{id}/assign: the assignee's meetings in the room were deleted. */
export const ZUnassignAnswer = z.strictObject({ deletedMeetings: z.number() });
