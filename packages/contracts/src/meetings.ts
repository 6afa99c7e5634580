/** Wire contract: meetings (shared by client, BFF, core and worker). */
import { z } from 'zod';

// ---------------------------------------------------------------- views (responses)
// Written as zod so the BFF can document and test its responses with them; the types are inferred, never hand copied.

/** Room types a meeting can live in (one conferencing provider each). */
const ZMeetingRoomType = z.enum(['bbb', 'zoom', 'jitsi']);

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
/** Every on/off field of a meeting: the owner's favourite mark, then the provider options (the form's checkboxes). */
export const MEETING_FLAGS = ['favourite', ...MEETING_OPTIONS] as const;
export type MeetingFlag = (typeof MEETING_FLAGS)[number];
export type MeetingFlags = Record<MeetingFlag, boolean>;

/** The meetings page's tabs (`tab` of GET /api/meetings). */
export const MEETING_TABS = ['upcoming', 'running', 'finished', 'favourites'] as const;
export type MeetingTab = (typeof MEETING_TABS)[number];

/** What the meeting services take from a create or "edit all" (the body after validation and defaults). */
export interface MeetingInput extends MeetingFlags {
  name: string;
  description: string;
  type: 'permanent' | 'scheduled';
  roomId: string;
  /** 'YYYY-MM-DD' in the user's time zone (scheduled meetings). */
  day?: string;
  /** 'HH:mm' in the user's time zone (scheduled meetings). */
  hour?: string;
  durationHours: number;
  durationMinutes: number;
  /** Weekdays 0 = Sunday … 6 = Saturday; empty: one day only. */
  recurrenceDays: number[];
  repeatDays: number;
  assistants: string[];
  /** A chosen public number; generated when absent. */
  number?: string;
}

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
  repeatDays: z.number(),
  assistants: z.array(ZPerson.extend({ email: z.string() })),
  ...flagShape,
  status: z.enum(MEETING_STATUSES),
  active: z.boolean(),
  joinUrl: z.string(),
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
  id: z.string(),
  name: z.string(),
  role: z.string(),
  userId: z.string().nullable(),
  joinedAt: z.iso.datetime(),
  leftAt: z.iso.datetime().nullable(),
});
export type AttendanceView = z.infer<typeof ZAttendanceView>;

/** A stored recording of a meeting. */
export const ZRecordingView = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  url: z.string().nullable(),
  downloads: z.number(),
  startTime: z.iso.datetime().nullable(),
  endTime: z.iso.datetime().nullable(),
});
export type RecordingView = z.infer<typeof ZRecordingView>;
