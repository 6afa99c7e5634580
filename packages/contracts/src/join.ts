import { z } from 'zod';
import { nameText, singleLine } from './strings.ts';

/** Wire contract: public join by number (/join, /join/:number). */

export const JOIN_NAME_MAX = 100;

/** Any text up to 40: Arabic-Indic digits, spaces and dashes are accepted and normalised by the service. */
export const ZJoinNumberParam = z.strictObject({ number: singleLine().min(1).max(40) });
export type TJoinNumberParam = z.infer<typeof ZJoinNumberParam>;

export const ZJoinBody = z.strictObject({
  /** Display name in the meeting; signed-in users may leave it out (their own name is used). */
  name: nameText('field.joinName').trim().max(JOIN_NAME_MAX, 'field.tooLong').optional(),
  /** "Start as owner": refused politely for non-hosts, who join as participants with a notice. */
  asOwner: z.boolean('field.invalid').optional(),
});
export type TJoinBody = z.infer<typeof ZJoinBody>;
