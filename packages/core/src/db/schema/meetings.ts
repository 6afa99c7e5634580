import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, rooms, users } from './platform.ts';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The meetingStatus statechart's states (packages/machines meeting-status). */
export const MEETING_STATUSES = ['available', 'running', 'finished', 'expired', 'deleted'] as const;

/** Spec §3 Meeting: every field, the recurrence and the provider link. Deleted meetings stay (their number stays taken). */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Public number (digits) used by /join/<number>. */
    number: text('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** permanent (fixed: always open) or scheduled (time-bound). */
    kind: text('kind', { enum: ['permanent', 'scheduled'] }).notNull(),
    /** First occurrence (scheduled) in UTC; local day and hour are kept with the organiser's time zone. */
    startsAt: ts('starts_at'),
    day: text('day'),
    hour: text('hour'),
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Weekdays 0 (Sunday) … 6 (Saturday); empty = not recurring. */
    recurrenceDays: jsonb('recurrence_days').$type<number[]>().notNull().default([]),
    /** Number of meeting days the recurrence produces. */
    repeatDays: integer('repeat_days').notNull().default(1),
    /** The last day ('YYYY-MM-DD', the meeting's zone) when the series was asked to end on a day; null for a count. */
    repeatUntil: text('repeat_until'),
    favourite: boolean('favourite').notNull().default(false),
    allowBeforeOwner: boolean('allow_before_owner').notNull().default(false),
    autoRecord: boolean('auto_record').notNull().default(false),
    allowStopRecording: boolean('allow_stop_recording').notNull().default(true),
    allowDownload: boolean('allow_download').notNull().default(false),
    notifyEnterExit: boolean('notify_enter_exit').notNull().default(false),
    waitingRoom: boolean('waiting_room').notNull().default(false),
    /**
     * Six digits asked on the join page (issue 30), carried by the invitation link and the .ics; null: none. New
     * meetings get one; meetings made before passcodes existed have none, so their shared links keep working.
     */
    passcode: text('passcode'),
    status: text('status', { enum: MEETING_STATUSES }).notNull().default('available'),
    /** Activated / deactivated from the status bar (spec §4); only meaningful while available. */
    active: boolean('active').notNull().default(true),
    /** The provider's id for this meeting (BBB meetingID, Zoom meeting id, Jitsi room name). */
    providerMeetingId: text('provider_meeting_id'),
    providerData: jsonb('provider_data').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meetings_number_key').on(t.number),
    index('meetings_account_idx').on(t.accountId, t.status),
    index('meetings_room_idx').on(t.roomId),
    index('meetings_provider_idx').on(t.providerMeetingId),
    index('meetings_account_started_idx').on(t.accountId, t.startedAt),
  ],
);

/** Assistants (co-hosts) have the owner's powers on that meeting. */
export const meetingAssistants = pgTable(
  'meeting_assistants',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meeting_assistants_user_idx').on(t.userId)],
);

/** Materialised days of a scheduled meeting; `originalStartsAt` names the instance (edits and cancellations keep it). */
export const meetingOccurrences = pgTable(
  'meeting_occurrences',
  {
    id: id(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    originalStartsAt: ts('original_starts_at').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    /** Moved or resized on its own (calendar drag or "this day only" edit). */
    edited: boolean('edited').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meeting_occurrences_instance_key').on(t.meetingId, t.originalStartsAt),
    index('meeting_occurrences_starts_idx').on(t.startsAt),
  ],
);

/** The account's first room starts a 7-day trial once, even if that room is deleted later. */
export const roomTrials = pgTable('room_trials', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  startedAt: ts('started_at').notNull().defaultNow(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['ar', 'en'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_meeting_idx').on(t.meetingId)],
);

/**
 * One stay in a meeting (join → leave), from the provider's webhooks (BBB user-joined / user-left, Zoom participant
 * events) and from our own join path (source 'majlis': the only record on Jitsi, confirmed by the provider's join when
 * it reports one, matched on `externalUserId`). A leave that arrives before its join is kept (`joinSeen` false) and
 * completed by the join; a meeting that ends closes the open stays.
 */
export const attendance = pgTable(
  'attendance',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** The provider session (BBB internal meeting id, Zoom meeting uuid). */
    session: text('session').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    /** The id we gave the provider at join (our user id, or guest-…): how a provider's join meets our own record. */
    externalUserId: text('external_user_id'),
    /** Our user id when the join URL carried one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** 'provider' (a webhook said so) or 'majlis' (our join path gave the link; no provider word yet). */
    source: text('source', { enum: ['provider', 'majlis'] })
      .notNull()
      .default('provider'),
    /** False while only the leave is known (out-of-order delivery): joinedAt holds the leave time until the join comes. */
    joinSeen: boolean('join_seen').notNull().default(true),
    joinedAt: ts('joined_at').notNull(),
    leftAt: ts('left_at'),
  },
  (t) => [
    uniqueIndex('attendance_join_key').on(t.meetingId, t.session, t.providerUserId, t.joinedAt),
    index('attendance_meeting_idx').on(t.meetingId, t.joinedAt),
    index('attendance_external_idx').on(t.meetingId, t.externalUserId),
    index('attendance_user_idx').on(t.userId, t.joinedAt),
    // Reports complete the stays still open (reports/stays.ts); a meeting's end closes them, so this stays tiny.
    index('attendance_open_idx').on(t.meetingId).where(sql`${t.leftAt} is null`),
  ],
);

/**
 * Recordings reported by the provider; `sizeBytes` counts against the room's storage (used_bytes) until deleted.
 * A deleted recording keeps its row (`deletedAt`) so a late or repeated callback cannot bring it back.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['bbb', 'zoom', 'jitsi'] }).notNull(),
    providerRecordId: text('provider_record_id').notNull(),
    name: text('name').notNull(),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** The playback page (BBB presentation) or file (Zoom play_url); kept for older rows, see `formats`. */
    url: text('url'),
    /** Every playback the provider made: presentation (a page) and/or video (a file that can be downloaded). */
    formats: jsonb('formats').$type<{ type: 'presentation' | 'video'; url: string }[]>().notNull().default([]),
    participants: integer('participants').notNull().default(0),
    published: boolean('published').notNull().default(true),
    /** Counted once per user (or share-link token): the rows of recording_downloads. */
    downloads: integer('downloads').notNull().default(0),
    /** The share link's token (/recording/{id}?t=…), made on request by a manager; null until then. */
    shareToken: text('share_token'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recordings_provider_key').on(t.provider, t.providerRecordId),
    index('recordings_meeting_idx').on(t.meetingId),
    index('recordings_account_start_idx').on(t.accountId, t.startTime),
    uniqueIndex('recordings_share_token_key').on(t.shareToken),
  ],
);

/** Who downloaded a recording: `downloader` is 'user:<uuid>' or 'link:<token>', so each counts once. */
export const recordingDownloads = pgTable(
  'recording_downloads',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    downloader: text('downloader').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.downloader] })],
);
