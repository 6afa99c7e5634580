import { z } from 'zod';
import { nameText } from './strings.ts';

/** Wire contract: rooms (/dashbord/roomManagement). Field messages are server.po catalog ids. */

/** Conferencing providers a room can run on. */
export const ROOM_TYPES = ['bbb', 'zoom', 'jitsi'] as const;
export type TRoomType = (typeof ROOM_TYPES)[number];
export const ROOM_STATUSES = ['active', 'inactive'] as const;
/** Participants a room may be sized for (spec §3). */
export const PARTICIPANTS = { min: 2, max: 1000 } as const;
export const ROOM_NAME_MAX = 100;

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
