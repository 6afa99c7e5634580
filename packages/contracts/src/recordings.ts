import { z } from 'zod';
import { DAY_PATTERN, ZInstant } from './common.ts';
import { nameText, singleLine } from './strings.ts';

/**
 * Wire contract: recordings (/dashbord/recordings, /api/recordings) and the play and download page
 * (/recording/{id}, the RecodDownload layout). Field messages are server.po ids. Spec §3 Recording: name, start time,
 * link, number of downloads; spec §8 "This recording does not exist" (error.RECORDING_NOT_FOUND) for unknown, deleted
 * and forbidden ones alike.
 */

export const RECORDINGS_PAGE_SIZE = { default: 20, max: 100 } as const;
export const RECORDING_LIMITS = { nameMax: 200, searchMax: 100 } as const;
/** A share link's token: 32 url-safe characters (24 random bytes). */
export const RECORDING_LINK_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** How the provider plays it: BigBlueButton's presentation playback (a page), or a video file (BBB video, Zoom MP4). */
export const RECORDING_FORMATS = ['presentation', 'video'] as const;
export type RecordingFormatType = (typeof RECORDING_FORMATS)[number];
export const ZRecordingFormat = z.strictObject({ type: z.enum(RECORDING_FORMATS), url: z.string() });
export type RecordingFormat = z.infer<typeof ZRecordingFormat>;

const day = singleLine('field.day').regex(DAY_PATTERN, 'field.day');

// ---------------------------------------------------------------- requests

/**
 * GET /api/recordings: q matches the recording's or its meeting's name; from/to are days (inclusive) in the reader's
 * profile time zone, on the recording's start; meetingId / roomId narrow to one meeting or room.
 */
export const ZRecordingListQuery = z.strictObject({
  page: z.coerce.number('field.invalid').int('field.invalid').min(1, 'field.invalid').default(1),
  pageSize: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(RECORDINGS_PAGE_SIZE.max, 'field.invalid')
    .default(RECORDINGS_PAGE_SIZE.default),
  q: singleLine('field.invalid').trim().max(RECORDING_LIMITS.searchMax, 'field.tooLong').optional(),
  from: day.optional(),
  to: day.optional(),
  meetingId: z.uuid('field.invalid').optional(),
  roomId: z.uuid('field.invalid').optional(),
});
export type TRecordingListQuery = z.infer<typeof ZRecordingListQuery>;

/** The share link's token (`?t=` of /recording/{id}), for signed-out visitors; a malformed one is simply unknown. */
export const ZRecordingAccessQuery = z.strictObject({ t: singleLine('error.RECORDING_NOT_FOUND').max(64).optional() });
export type TRecordingAccessQuery = z.infer<typeof ZRecordingAccessQuery>;

/** PUT /api/recordings/{id}: rename and/or publish (published: participants and link holders see it). */
export const ZUpdateRecordingBody = z
  .strictObject({
    name: nameText('field.recordingName')
      .trim()
      .min(1, 'field.recordingName')
      .max(RECORDING_LIMITS.nameMax, 'field.tooLong')
      .optional(),
    published: z.boolean('field.invalid').optional(),
  })
  .refine((b) => b.name !== undefined || b.published !== undefined, { message: 'field.invalid', path: ['_'] });
export type TUpdateRecordingBody = z.infer<typeof ZUpdateRecordingBody>;

/** POST /api/recordings/{id}/downloads: a signed-out visitor sends the share link's token. */
export const ZRecordingDownloadBody = z.strictObject({ t: singleLine('error.RECORDING_NOT_FOUND').max(64).optional() });
export type TRecordingDownloadBody = z.infer<typeof ZRecordingDownloadBody>;

// ---------------------------------------------------------------- views (responses)

/** One recording as its reader may see it; `canManage` and `canDownload` are what the server will allow this reader. */
export const ZRecordingRow = z.strictObject({
  id: z.string(),
  name: z.string(),
  provider: z.enum(['bbb', 'zoom', 'jitsi']),
  meeting: z.strictObject({ id: z.string(), name: z.string(), number: z.string() }),
  room: z.strictObject({ id: z.string(), name: z.string() }),
  startTime: ZInstant.nullable(),
  /** Whole seconds from start to end; null when the provider gave no end. */
  durationSeconds: z.number().nullable(),
  sizeBytes: z.number(),
  participants: z.number(),
  downloads: z.number(),
  published: z.boolean(),
  /** Types of playback the provider made (presentation and/or video). */
  formats: z.array(z.enum(RECORDING_FORMATS)),
  canManage: z.boolean(),
  canDownload: z.boolean(),
});
export type RecordingRow = z.infer<typeof ZRecordingRow>;

export const ZRecordingList = z.strictObject({
  recordings: z.array(ZRecordingRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type RecordingList = z.infer<typeof ZRecordingList>;

/** GET /api/recordings/{id}: the play page; `playback` is what the page embeds (video preferred when there is one). */
export const ZRecordingView = z.strictObject({
  recording: ZRecordingRow,
  playback: ZRecordingFormat.nullable(),
  /** The share link (absolute, on PUBLIC_URL) for those who may manage it; null otherwise or before one is made. */
  shareUrl: z.string().nullable(),
  /** The reader's profile time zone, the page's one clock; null for a signed-out visitor (the device's zone then). */
  timeZone: z.string().nullable(),
});
export type RecordingView = z.infer<typeof ZRecordingView>;

/** PUT /api/recordings/{id} answers with the changed row. */
export const ZRecordingAnswer = z.strictObject({ recording: ZRecordingRow });

/** POST /api/recordings/{id}/downloads: where the file is, and the count after this reader's (first) download. */
export const ZRecordingDownloadAnswer = z.strictObject({ url: z.string(), downloads: z.number() });
export type RecordingDownloadAnswer = z.infer<typeof ZRecordingDownloadAnswer>;

/** POST /api/recordings/{id}/share: the share link (made once, then the same link). */
export const ZRecordingShareAnswer = z.strictObject({ url: z.string() });
