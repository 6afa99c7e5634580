import { z } from 'zod';
import { ZSessionUser, ZUserInfo } from './account.ts';
import { LOGIN_PASSWORD_MAX, personName } from './auth.ts';
import { ZDigits, ZTimeZone } from './common.ts';
import { ZNewPassword, ZPhone } from './new-password.ts';

/** Wire contract: the signed-in user's own profile (issue 11): details, picture, password, sessions. */

/** A picture upload is at most this many bytes (spec: under 1 MB), sent as the raw request body. */
export const PICTURE_MAX_BYTES = 1024 * 1024;
/** What the picture route takes: the content decides (magic bytes), the type header only has to be one of these. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;

/** PUT /api/profile: the user's own details (e-mail is not changed here). */
export const ZProfileBody = z.strictObject({
  fname: personName('field.fname'),
  lname: personName('field.lname'),
  phone: ZPhone,
  locale: z.enum(['ar', 'en'], 'field.invalid'),
  timeZone: ZTimeZone,
  /** The digit style of every date, time, count and size the user reads; left out, the saved one stays. */
  digits: ZDigits.optional(),
  /** Unread chat messages e-mailed as one digest after 15 minutes (issue 14); left out, the saved choice stays. */
  chatDigest: z.boolean('field.invalid').optional(),
  /** The Hijri (Umm al-Qura) date beside the Gregorian one (issue 26); left out, the saved choice stays. */
  hijri: z.boolean('field.invalid').optional(),
});
export type TProfileBody = z.infer<typeof ZProfileBody>;

/**
 * PUT /api/profile/locale: the language toggle, signed in, saves the profile's language too, so e-mails and
 * notifications follow it and every device the user signs in on starts in it (the language machine: profile first).
 */
export const ZProfileLocaleBody = z.strictObject({ locale: z.enum(['ar', 'en'], 'field.invalid') });
export type TProfileLocaleBody = z.infer<typeof ZProfileLocaleBody>;
export const ZProfileLocaleAnswer = ZProfileLocaleBody;

/** The saved details, and the session user the client keeps (the top bar reads it). */
export const ZProfileAnswer = z.strictObject({ info: ZUserInfo.shape.info, user: ZSessionUser });
export type ProfileAnswer = z.infer<typeof ZProfileAnswer>;

/** POST /api/profile/password. */
export const ZPasswordChangeBody = z.strictObject({
  currentPassword: z
    .string('field.currentPassword')
    .min(1, 'field.currentPassword')
    .max(LOGIN_PASSWORD_MAX, 'field.passwordLong'),
  newPassword: ZNewPassword,
});
export type TPasswordChangeBody = z.infer<typeof ZPasswordChangeBody>;

/** How many other sessions were ended (their sockets cut too). */
export const ZSessionsEnded = z.strictObject({ ok: z.literal(true), endedSessions: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof ZSessionsEnded>;

/** One of the user's sessions; `id` is derived from the stored hash, never the cookie value. */
export const ZSessionView = z.strictObject({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof ZSessionView>;
/** GET /api/profile/sessions, the current one first, then by last seen. */
export const ZSessionList = z.strictObject({ sessions: z.array(ZSessionView) });

/** PUT /api/profile/picture → the URL users.picture now holds. */
export const ZPictureAnswer = z.strictObject({ picture: z.string() });
