import { ZCreateRoomBody } from '@majlis/contracts/rooms';
import { schemaResolver } from '@mantine/form';
import { type FieldErrors, topLevelErrors } from '../../lib/field-errors.ts';
import type { RoomBody, RoomType } from './api.ts';

/** The room form as chosen (selects hold strings; nothing chosen is ''). */
export interface RoomForm {
  name: string;
  type: RoomType | '';
  participants: string;
}

/** Field → catalog id of server.po. */
export type RoomErrors = FieldErrors<keyof RoomForm>;

/** Participant counts offered by the form; the server accepts 2 to 1,000 (contracts rooms.ts PARTICIPANTS). */
export const PARTICIPANT_CHOICES = [10, 25, 50, 100, 150, 250, 500, 1000] as const;

/** The API body of the form; a choice not made is sent as what it is, for the schema to refuse. */
export function roomBodyOf(form: RoomForm): RoomBody {
  return {
    name: form.name.trim(),
    type: form.type as RoomType,
    participants: form.participants === '' ? Number.NaN : Number(form.participants),
  };
}

const checkBody = schemaResolver(ZCreateRoomBody, { sync: true });

/** Spec §5 ('select a room type', 'select the number of participants', a name), with the BFF's own schema. */
export function validateRoom(form: RoomForm): RoomErrors {
  return topLevelErrors(checkBody(roomBodyOf(form)));
}
