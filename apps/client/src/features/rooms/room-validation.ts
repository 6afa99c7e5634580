import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RoomType } from './api.ts';

export interface RoomForm {
  name: string;
  type: RoomType | '';
  participants: string;
}

export type RoomErrors = Partial<Record<keyof RoomForm, MessageDescriptor>>;

/** Participant counts offered by the form; the server accepts 2 to 1,000. */
export const PARTICIPANT_CHOICES = [10, 25, 50, 100, 150, 250, 500, 1000] as const;

/** Spec §5: 'select a room type', 'select the number of participants'; a room needs a name. */
export function validateRoom(form: RoomForm): RoomErrors {
  const errors: RoomErrors = {};
  if (!form.name.trim()) errors.name = msg`Enter the room name`;
  else if (form.name.trim().length > 100) errors.name = msg`The name is too long`;
  if (!form.type) errors.type = msg`Select a room type`;
  const n = Number(form.participants);
  if (!form.participants || !Number.isInteger(n) || n < 2 || n > 1000)
    errors.participants = msg`Select the number of participants`;
  return errors;
}
