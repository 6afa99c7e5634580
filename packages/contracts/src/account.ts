import { z } from 'zod';
import { DIGIT_STYLES } from './common.ts';
import { ZBilingual } from './errors.ts';
import { singleLine } from './strings.ts';

/** Wire contract: the signed-in user's account calls (spec §3, §7; bodies fixed in DESIGN §5). */

export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
/** A personal (individual) account, or an institution's (enterprise) account. */
export const ACCOUNT_KINDS = ['indv', 'inst'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
/** Storage shows red (and a room warns its owner) from this share used (spec §4, §9). */
export const STORAGE_WARNING_PERCENT = 85;
/** `enterprise`: the institution account's own monthly renewal (a subscription without a room). */
export const PLAN_PERIODS = ['trial', 'daily', 'monthly', 'annual', 'enterprise'] as const;
/** subscription statechart: a room not bought yet is `unpaid`. */
export const PLAN_STATUSES = ['unpaid', 'trial', 'active', 'expiring', 'expired', 'renewed'] as const;

// ---------------------------------------------------------------- requests

/** Switch the acting account (/api/inst-login). */
export const ZInstLoginBody = z.strictObject({
  userId: z.uuid('field.invalid'),
  ownerId: z.uuid('field.invalid'),
  role: z.enum(ROLES).optional(),
  sub: singleLine().max(200).optional(),
});
export type TInstLoginBody = z.infer<typeof ZInstLoginBody>;

// ---------------------------------------------------------------- views (responses)

/** The session user the client keeps under localStorage `user` (spec §3); ownerId is the acting account. */
export const ZSessionUser = z.strictObject({
  id: z.string(),
  ownerId: z.string(),
  role: z.enum(ROLES),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

/** Spec §3 permission set, computed on the server from account kind and role; the client only gates on it. */
export const ZPermissions = z.strictObject({
  showProfile: z.boolean(),
  showMeetingRooms: z.boolean(),
  showBilling: z.boolean(),
  showUserManage: z.boolean(),
  showTeams: z.boolean(),
  showReports: z.boolean(),
  showStorageDetails: z.boolean(),
  showChat: z.boolean(),
  showAccounts: z.boolean(),
});
export type Permissions = z.infer<typeof ZPermissions>;

/** GET /api/user/info. */
export const ZUserInfo = z.strictObject({
  info: z.strictObject({
    id: z.string(),
    fname: z.string(),
    lname: z.string(),
    email: z.string(),
    phone: z.string(),
    picture: z.string().nullable(),
    locale: z.enum(['ar', 'en']),
    timeZone: z.string(),
    /**
     * The digit style the user chose in their profile; null when they never chose: then each language shows its own
     * (Arabic-Indic in Arabic, Latin in English), so an English page never shows Arabic-Indic digits unasked.
     */
    digits: z.enum(DIGIT_STYLES).nullable(),
    /** Unread chat messages are e-mailed as one digest after 15 minutes (issue 14); the profile turns it off. */
    chatDigest: z.boolean(),
    /** The Hijri (Umm al-Qura) date beside the Gregorian one (issue 26), in pages and e-mails. */
    hijri: z.boolean(),
  }),
});
export type UserInfo = z.infer<typeof ZUserInfo>;

/** GET /api/account/type: `type` is the account's kind, `accountType` the user's role in it (spec names). */
export const ZAccountType = z.strictObject({ type: z.enum(ACCOUNT_KINDS), accountType: z.enum(ROLES) });
export type AccountType = z.infer<typeof ZAccountType>;

/** Storage of the acting account's rooms, in bytes, with a message in both languages. */
export const ZStorageInfo = z.strictObject({
  totalStorage: z.number(),
  usedStorage: z.number(),
  usedPercent: z.number(),
  message: ZBilingual,
});
export type StorageInfo = z.infer<typeof ZStorageInfo>;
/** GET /api/account/storage (spec §7 wraps it twice). */
export const ZStorageAnswer = z.strictObject({ results: z.strictObject({ data: ZStorageInfo }) });

export const ZBillingSummary = z.strictObject({
  plan: z.enum(PLAN_PERIODS),
  status: z.enum(PLAN_STATUSES),
  rooms: z.number(),
  renewsAt: z.iso.datetime(),
  remainingDays: z.number(),
});
export type BillingSummary = z.infer<typeof ZBillingSummary>;
/** GET /api/billing: the user's personal account's plan, and the acting institution's plan. */
export const ZBilling = z.strictObject({ indv: ZBillingSummary.nullable(), inst: ZBillingSummary.nullable() });
export type Billing = z.infer<typeof ZBilling>;

/** GET /api/usertrial. */
export const ZUserTrial = z.strictObject({
  eligible: z.boolean(),
  active: z.boolean(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  remainingDays: z.number(),
  phoneVerified: z.boolean(),
});
export type UserTrial = z.infer<typeof ZUserTrial>;

/** GET /api/current-owner (spec §3 owner info; `display_name` is the account's name). */
export const ZCurrentOwner = z.strictObject({
  ok: z.literal(true),
  owner: z.strictObject({
    display_name: z.string(),
    fname: z.string(),
    lname: z.string(),
    email: z.string(),
    picture: z.string().nullable(),
  }),
});
export type CurrentOwner = z.infer<typeof ZCurrentOwner>;

/** One account the user may act in (spec §3 names, `accountpicture` verbatim). */
export const ZAccountChoice = z.strictObject({
  userId: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  userRole: z.enum(ROLES),
  accountpicture: z.string().nullable(),
});
export type AccountChoice = z.infer<typeof ZAccountChoice>;
/** GET /api/user/accounts: institutions in `groups`, the personal account in `me`. */
export const ZUserAccounts = z.strictObject({
  status: z.literal(true),
  results: z.strictObject({ groups: z.array(ZAccountChoice), me: ZAccountChoice.nullable() }),
});
export type UserAccounts = z.infer<typeof ZUserAccounts>;
