/** Wire contract: meetings (shared by client, BFF, core and worker). */
import { z } from 'zod';
import { DAY_PATTERN, HOUR_PATTERN, ZEmail } from './common.ts';
import { toAsciiDigits } from './digits.ts';
import { ROOM_TYPES } from './rooms.ts';
import { multiLine, nameText, singleLine } from './strings.ts';

// ---------------------------------------------------------------- views (responses)
// Written as zod so the BFF can document and test its responses with them; the types are inferred, never hand copied.

/** Room types a meeting can live in (one conferencing provider each). */
const ZMeetingRoomType = z.enum(ROOM_TYPES);

/** Statuses of the meetingStatus statechart (@majlis/machines); core assigns the chart's type to this one. */
export const MEETING_STATUSES = ['available', 'running', 'finished', 'expired', 'deleted'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** The status-bar buttons the statechart may allow, in the order the status bar shows them. */
export const MEETING_ACTIONS = ['start', 'end', 'edit', 'activate', 'deactivate', 'delete'] as const;
export type MeetingAction = (typeof MEETING_ACTIONS)[number];

/** Settings that reach the conferencing provider (spec §3), in the order the form shows them. */
export const MEETING_OPTIONS = [
  'allowBeforeOwner',
  'autoRecord',
  'allowStopRecording',
  'allowDownload',
  'notifyEnterExit',
  'waitingRoom',
] as const;
export type MeetingOption = (typeof MEETING_OPTIONS)[number];
export type MeetingOptions = Record<MeetingOption, boolean>;
/** Each option's value when a create leaves it out (and the new-meeting form's box): typed, so a new option needs one. */
export const MEETING_OPTION_DEFAULTS: MeetingOptions = {
  allowBeforeOwner: false,
  autoRecord: false,
  // on, like BigBlueButton's allowStartStopRecording: off with automatic recording off, no recording could start
  allowStopRecording: true,
  allowDownload: false,
  notifyEnterExit: false,
  waitingRoom: false,
};
/** Every on/off field of a meeting: the owner's favourite mark, then the provider options (the form's checkboxes). */
export const MEETING_FLAGS = ['favourite', ...MEETING_OPTIONS] as const;
export type MeetingFlag = (typeof MEETING_FLAGS)[number];
export type MeetingFlags = Record<MeetingFlag, boolean>;
export const MEETING_FLAG_DEFAULTS: MeetingFlags = { favourite: false, ...MEETING_OPTION_DEFAULTS };

// The copies below loop over the lists, so the services and the form never spell an option by name.
const pick = <K extends MeetingFlag>(keys: readonly K[], from: Record<K, boolean>) =>
  Object.fromEntries(keys.map((k) => [k, from[k]])) as Record<K, boolean>;
/** The provider options of a meeting row, view or body (the other fields left behind). */
export const pickOptions = (from: MeetingOptions): MeetingOptions => pick(MEETING_OPTIONS, from);
/** The favourite mark and the provider options of a meeting row, view, body or form. */
export const pickFlags = (from: MeetingFlags): MeetingFlags => pick(MEETING_FLAGS, from);

/** The meetings page's tabs (`tab` of GET /api/meetings). */
export const MEETING_TABS = ['upcoming', 'running', 'finished', 'favourites'] as const;
export type MeetingTab = (typeof MEETING_TABS)[number];

/** What the meeting services take from a create or "edit all": ZMeetingBody's output (defaults filled in). */
export type MeetingInput = TMeetingBody;

const flagShape = Object.fromEntries(MEETING_FLAGS.map((f) => [f, z.boolean()])) as Record<MeetingFlag, z.ZodBoolean>;
const ZPerson = z.object({ id: z.string(), fname: z.string(), lname: z.string() });

export const ZOccurrenceView = z.object({
  id: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  cancelled: z.boolean(),
  edited: z.boolean(),
});
export type OccurrenceView = z.infer<typeof ZOccurrenceView>;

export const ZMeetingView = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['permanent', 'scheduled']),
  room: z.object({ id: z.string(), name: z.string(), type: ZMeetingRoomType }),
  owner: ZPerson,
  day: z.string().nullable(),
  hour: z.string().nullable(),
  timeZone: z.string(),
  startsAt: z.iso.datetime().nullable(),
  durationHours: z.number(),
  durationMinutes: z.number(),
  recurrenceDays: z.array(z.number()),
  /** Meeting days the recurrence produced (1 for a one-day meeting). */
  repeatDays: z.number(),
  /** The last day the series was asked to end on ('YYYY-MM-DD'), or null when it was given a count. */
  repeatUntil: z.string().nullable(),
  /** Days of a scheduled meeting not cancelled, past ones included: what the card, e-mail and .ics count. */
  occurrenceCount: z.number(),
  /** Start of its last day not cancelled (the series' "until"); null for a permanent meeting. */
  lastStartsAt: z.iso.datetime().nullable(),
  assistants: z.array(ZPerson.extend({ email: z.string() })),
  ...flagShape,
  status: z.enum(MEETING_STATUSES),
  active: z.boolean(),
  /** The invitation link: /join/<number>, with `?pwd=<passcode>` when the meeting has one (nobody types it). */
  joinUrl: z.string(),
  /**
   * The meeting's six-digit passcode, or null when it has none. Only hosts read a meeting view (owner, assistants,
   * owner/admins of its account: meeting-access.ts), so only they see it.
   */
  passcode: z.string().nullable(),
  nextOccurrence: ZOccurrenceView.nullable(),
  isOwner: z.boolean(),
  isAssistant: z.boolean(),
  /** What the statechart allows now, for a user who may manage the meeting (empty for anyone else). */
  actions: z.array(z.enum(MEETING_ACTIONS)),
  createdAt: z.iso.datetime(),
});
export type MeetingView = z.infer<typeof ZMeetingView>;

/** GET /api/meetings. */
export const ZMeetingPage = z.object({
  results: z.array(ZMeetingView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MeetingPage = z.infer<typeof ZMeetingPage>;

/** One occurrence on the calendar (GET /api/calendar → { events }). */
export const ZCalendarEvent = z.object({
  id: z.string(),
  meetingId: z.string(),
  number: z.string(),
  title: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  status: z.enum(MEETING_STATUSES),
  roomType: ZMeetingRoomType,
  recurring: z.boolean(),
  edited: z.boolean(),
  editable: z.boolean(),
});
export type CalendarEvent = z.infer<typeof ZCalendarEvent>;

/** Who joined a meeting, as the provider reported it. */
export const ZAttendanceView = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  userId: z.string().nullable(),
  joinedAt: z.iso.datetime(),
  leftAt: z.iso.datetime().nullable(),
});
export type AttendanceView = z.infer<typeof ZAttendanceView>;

/** A stored recording of a meeting. */
export const ZMeetingRecordingView = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  url: z.string().nullable(),
  downloads: z.number(),
  startTime: z.iso.datetime().nullable(),
  endTime: z.iso.datetime().nullable(),
});
export type MeetingRecordingView = z.infer<typeof ZMeetingRecordingView>;

// ---------------------------------------------------------------- requests (bodies, queries, params)

/** Spec §3 meeting rules, once: the form, the route and the service read these. */
export const MEETING_LIMITS = {
  nameMax: 200,
  descriptionMax: 2000,
  /** Whole hours of a meeting's length, and the minutes beside them. */
  durationHours: { min: 0, max: 24 },
  durationMinutes: { min: 0, max: 59 },
  /** Number of meeting days a recurrence produces. */
  repeatDays: { min: 1, max: 100 },
  assistantsMax: 20,
  /** A chosen public number: 8 to 12 digits (generated ones have 9 to 12). */
  number: /^\d{8,12}$/,
  invitationsMax: 50,
} as const;

export { MEETING_PASSCODE } from './passcode.ts';
export const MEETING_TYPES = ['permanent', 'scheduled'] as const;
/** Weekdays, 0 = Sunday … 6 = Saturday (Date.getDay's convention). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MEETINGS_PAGE_SIZE = { default: 10, max: 100 } as const;

/** The body's on/off fields, each with its default (built from the lists, like the view's). */
const flagFields = Object.fromEntries(
  MEETING_FLAGS.map((f) => [f, z.boolean('field.invalid').default(MEETING_FLAG_DEFAULTS[f])]),
) as Record<MeetingFlag, z.ZodDefault<z.ZodBoolean>>;
const hours = z
  .number('field.duration')
  .int('field.duration')
  .min(MEETING_LIMITS.durationHours.min, 'field.duration')
  .max(MEETING_LIMITS.durationHours.max, 'field.duration');
const minutes = z
  .number('field.duration')
  .int('field.duration')
  .min(MEETING_LIMITS.durationMinutes.min, 'field.duration')
  .max(MEETING_LIMITS.durationMinutes.max, 'field.duration');

/** Spec §3 Meeting fields; §5 messages. Days are 'YYYY-MM-DD' and hours 'HH:mm' in the user's time zone. */
export const ZMeetingBody = z.strictObject({
  name: nameText('field.meetingName').trim().min(1, 'field.meetingName').max(MEETING_LIMITS.nameMax, 'field.tooLong'),
  description: multiLine().trim().max(MEETING_LIMITS.descriptionMax, 'field.tooLong').default(''),
  type: z.enum(MEETING_TYPES, 'field.invalid').default('scheduled'),
  roomId: z.uuid('field.room'),
  // The day's and hour's shape and whether they are in the future are judged by the service (time zone, "today").
  day: singleLine('field.day').max(10, 'field.day').optional(),
  hour: singleLine('field.hour').max(5, 'field.hour').optional(),
  durationHours: hours.default(1),
  durationMinutes: minutes.default(0),
  /** Weekdays 0 = Sunday … 6 = Saturday; empty: one day only. */
  recurrenceDays: z
    .array(z.number().int().min(0).max(6), 'field.recurrenceDays')
    .max(WEEKDAYS.length, 'field.recurrenceDays')
    .default([]),
  /**
   * How the recurrence ends: either the number of meeting days it produces (1 to 100), or `repeatUntil`, the last day
   * it may fall on ('YYYY-MM-DD' in the user's time zone). Exactly one of the two when `recurrenceDays` is not empty,
   * neither when it is (meetingScheduleIssues says so: no silent default).
   */
  repeatDays: z
    .number('field.repeatDays')
    .int('field.repeatDays')
    .min(MEETING_LIMITS.repeatDays.min, 'field.repeatDays')
    .max(MEETING_LIMITS.repeatDays.max, 'field.repeatDays')
    .optional(),
  repeatUntil: singleLine('field.repeatUntil').regex(DAY_PATTERN, 'field.repeatUntil').optional(),
  assistants: z
    .array(z.uuid('field.assistants'), 'field.assistants')
    .max(MEETING_LIMITS.assistantsMax, 'field.assistants')
    .default([]),
  ...flagFields,
  /** Optional chosen public number (digits); generated when absent. */
  number: singleLine('field.meetingNumber')
    .transform((v) => toAsciiDigits(v).trim())
    .pipe(z.string().regex(MEETING_LIMITS.number, 'field.meetingNumber'))
    .optional(),
});
/** What the client sends (defaults may be left out). */
export type TMeetingBodyInput = z.input<typeof ZMeetingBody>;
/** What the service receives, defaults filled in. */
export type TMeetingBody = z.output<typeof ZMeetingBody>;

export const ZMeetingListQuery = z.strictObject({
  tab: z.enum(MEETING_TABS, 'field.invalid').default('upcoming'),
  page: z.coerce.number('field.invalid').int().min(1, 'field.invalid').default(1),
  pageSize: z.coerce
    .number('field.invalid')
    .int()
    .min(1, 'field.invalid')
    .max(MEETINGS_PAGE_SIZE.max, 'field.invalid')
    .default(MEETINGS_PAGE_SIZE.default),
  q: singleLine().max(100, 'field.tooLong').optional(),
});
export type TMeetingListQuery = z.infer<typeof ZMeetingListQuery>;

export const ZOccurrenceParams = z.strictObject({
  id: z.uuid('error.NOT_FOUND'),
  occurrenceId: z.uuid('error.NOT_FOUND'),
});
export type TOccurrenceParams = z.infer<typeof ZOccurrenceParams>;

/** This day only: an ISO instant (the calendar's drag), or day/hour in the user's time zone. */
export const ZOccurrenceBody = z.strictObject({
  startsAt: z.iso.datetime({ offset: true, message: 'field.invalid' }).optional(),
  day: singleLine('field.day').max(10, 'field.day').optional(),
  hour: singleLine('field.hour').regex(HOUR_PATTERN, 'field.hour').optional(),
  durationHours: hours.optional(),
  durationMinutes: minutes.optional(),
});
export type TOccurrenceBody = z.infer<typeof ZOccurrenceBody>;

export const ZInviteBody = z.strictObject({
  emails: z.array(ZEmail, 'field.emails').min(1, 'field.emails').max(MEETING_LIMITS.invitationsMax, 'field.emails'),
});
export type TInviteBody = z.infer<typeof ZInviteBody>;

export const ZFavouriteBody = z.strictObject({ favourite: z.boolean('field.invalid') });
export type TFavouriteBody = z.infer<typeof ZFavouriteBody>;

/** Both days inclusive, in the user's time zone. */
export const ZCalendarQuery = z.strictObject({
  from: singleLine('field.day').regex(DAY_PATTERN, 'field.day'),
  to: singleLine('field.day').regex(DAY_PATTERN, 'field.day'),
});
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

// ---------------------------------------------------------------- answers of the meeting routes

/** GET /api/calendar. */
export const ZCalendarAnswer = z.strictObject({ events: z.array(ZCalendarEvent) });
/** GET /api/meetings/{id}/occurrences. */
export const ZOccurrenceList = z.strictObject({ occurrences: z.array(ZOccurrenceView) });
/** POST /api/meetings/{id}/invitations → 201. */
/**
 * `delivery`: 'smtp' when the invitations go out by e-mail; 'outbox' when no SMTP server is set (the embedded default),
 * so they are kept in the outbox (/dev/outbox) and the page must not say "sent".
 */
export const ZInviteAnswer = z.strictObject({ sent: z.number(), delivery: z.enum(['smtp', 'outbox']) });
export const ZInvitationView = z.strictObject({
  id: z.string(),
  email: z.string(),
  locale: z.enum(['ar', 'en']),
  createdAt: z.iso.datetime(),
});
export type InvitationView = z.infer<typeof ZInvitationView>;
/** GET /api/meetings/{id}/invitations. */
export const ZInvitationList = z.strictObject({ invitations: z.array(ZInvitationView) });
export const ZAttendanceList = z.strictObject({ attendance: z.array(ZAttendanceView) });
export const ZMeetingRecordingList = z.strictObject({ recordings: z.array(ZMeetingRecordingView) });
