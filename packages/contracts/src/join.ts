import { z } from 'zod';
import { toAsciiDigits } from './digits.ts';
import { ZBilingual } from './errors.ts';
import { MEETING_STATUSES } from './meetings.ts';
import { MEETING_PASSCODE } from './passcode.ts';
import { ROOM_TYPES } from './rooms.ts';
import { nameText, singleLine } from './strings.ts';

/** Wire contract: public join by number (/join, /join/:number). */

export const JOIN_NAME_MAX = 100;

/** Any text up to 40: Arabic-Indic digits, spaces and dashes are accepted and normalised by the service. */
export const ZJoinNumberParam = z.strictObject({ number: singleLine().min(1).max(40) });
export type TJoinNumberParam = z.infer<typeof ZJoinNumberParam>;

/** A typed passcode: Arabic-Indic or Latin digits, spaces ignored; six digits after that. */
export const ZJoinPasscode = singleLine('field.passcode')
  .max(40, 'field.passcode')
  .transform((v) => toAsciiDigits(v).replace(/\s/g, ''))
  .pipe(z.string().regex(MEETING_PASSCODE.pattern, 'field.passcode'));

/** The join page's passcode box (its form checks it with this, as the route does). */
export const ZJoinPasscodeForm = z.strictObject({ passcode: ZJoinPasscode });

export const ZJoinBody = z.strictObject({
  /** Display name in the meeting; signed-in users may leave it out (their own name is used). */
  name: nameText('field.joinName').trim().max(JOIN_NAME_MAX, 'field.tooLong').optional(),
  /** "Start as owner": refused politely for non-hosts, who join as participants with a notice. */
  asOwner: z.boolean('field.invalid').optional(),
  /** The meeting's passcode when it has one: from the invitation link (`?pwd=`) or typed; hosts need none. */
  passcode: ZJoinPasscode.optional(),
});
export type TJoinBody = z.infer<typeof ZJoinBody>;

// ---------------------------------------------------------------- views (responses)

/** GET /api/join/{number}: what the join page shows before asking for a name. */
export const ZPublicMeeting = z.strictObject({
  meeting: z.strictObject({
    number: z.string(),
    name: z.string(),
    status: z.enum(MEETING_STATUSES),
    startsAt: z.iso.datetime().nullable(),
    provider: z.enum(ROOM_TYPES),
    /** The meeting's (its organiser's) zone: a guest sees the start in their own zone and in this one, both named. */
    timeZone: z.string(),
    /** The meeting asks for a passcode (hosts excepted): the page shows the box unless the link carried it. */
    passcodeRequired: z.boolean(),
  }),
});
export type PublicMeeting = z.infer<typeof ZPublicMeeting>['meeting'];

/** POST /api/join/{number} and POST /api/meetings/{id}/start: the provider's join URL. */
export const ZJoinAnswer = z.strictObject({
  url: z.string(),
  role: z.enum(['moderator', 'attendee']),
  /** Spec §8: asked to start as owner without permission → joins as a participant, with this message. */
  notice: ZBilingual.optional(),
});
export type JoinAnswer = z.infer<typeof ZJoinAnswer>;
