/** The conferencing port: one interface, an adapter per room type (DESIGN §9). */
import type { MeetingOptions } from '@majlis/contracts/meetings';
import { ROOM_TYPE_LABEL } from '@majlis/contracts/rooms';

export type ProviderKind = 'bbb' | 'zoom' | 'jitsi';

export const PROVIDER_LABEL: Record<ProviderKind, string> = ROOM_TYPE_LABEL;

/** What a provider needs to know about one of our meetings. */
export interface ProviderMeeting {
  id: string;
  accountId: string;
  roomId: string;
  number: string;
  name: string;
  description: string;
  kind: 'permanent' | 'scheduled';
  startsAt: Date | null;
  durationMinutes: number;
  timeZone: string;
  recurrenceDays: number[];
  repeatDays: number;
  maxParticipants: number;
  options: MeetingOptions;
  /**
   * Six digits asked on our join page, or null (issue 30). Zoom keeps it as the meeting passcode (its join_url carries
   * it); BigBlueButton takes it as the create's attendeePW; Jitsi has no server call to take one.
   */
  passcode: string | null;
  providerMeetingId: string | null;
  providerData: Record<string, unknown>;
}

export interface ProviderLink {
  providerMeetingId: string;
  providerData: Record<string, unknown>;
}

export interface JoinRequest {
  fullName: string;
  /** Our user id (signed-in users) or a generated guest id; echoed back in attendance events. */
  userId: string;
  role: 'moderator' | 'attendee';
  /** Waiting room: the attendee waits for a moderator to let them in. */
  guest: boolean;
}

export interface ConferencingProvider {
  readonly kind: ProviderKind;
  /** At scheduling time: link (or update) the meeting on the provider; providers that create on start only name it. */
  schedule(meeting: ProviderMeeting): Promise<ProviderLink>;
  /** The meeting is removed: cancel it on the provider (best effort). */
  unschedule(meeting: ProviderMeeting): Promise<void>;
  /** Make the meeting exist and be joinable now (idempotent: BBB create). */
  start(meeting: ProviderMeeting): Promise<ProviderLink>;
  joinUrl(meeting: ProviderMeeting, join: JoinRequest): Promise<string>;
  end(meeting: ProviderMeeting): Promise<void>;
  /** Running on the provider now; null when the provider cannot say (Jitsi). */
  isRunning(meeting: ProviderMeeting): Promise<boolean | null>;
  /** One day of a recurring meeting moved or resized (providers that keep occurrences: Zoom). */
  updateOccurrence?(meeting: ProviderMeeting, original: Date, startsAt: Date, durationMinutes: number): Promise<void>;
  cancelOccurrence?(meeting: ProviderMeeting, original: Date): Promise<void>;
  /**
   * Publish (true) or unpublish recordings by the provider's record ids (BBB publishRecordings); providers with no such
   * state (Zoom, Jitsi) do not have it.
   */
  publishRecordings?(recordIds: string[], publish: boolean): Promise<void>;
  /** Delete recordings on the provider by record id (BBB deleteRecordings, Zoom: to the trash); gone ones count as done. */
  deleteRecordings?(recordIds: string[]): Promise<void>;
}

/** How a recording plays: a playback page (BBB presentation) or a video file (BBB video format, Zoom MP4). */
export interface ProviderRecordingFormat {
  type: 'presentation' | 'video';
  url: string;
}

/** The provider failed or answered something unexpected. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderKind,
    message: string,
    readonly key?: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

/**
 * What the providers tell us (callbacks and webhooks), once each provider's wire format is read
 * (providers/conferencing/{bbb,zoom}/webhooks.ts): meeting state, attendance, recordings. Declared here, beside the
 * port, so the parsers import no domain; meetings/apply-provider-event.ts acts on them.
 */

export interface NewRecording {
  provider: 'bbb' | 'zoom';
  recordId: string;
  name: string;
  size: number;
  /** The first playback (older rows' `url`); `formats` has them all. */
  url: string | null;
  formats?: ProviderRecordingFormat[];
  /** Unknown (Zoom): 0. */
  participants?: number;
  /** The provider's state when first stored (BBB published / unpublished); later changes are ours (recordings service). */
  published?: boolean;
  start?: Date;
  end?: Date;
}

/** One provider-neutral fact about a meeting. A recording without a name takes the meeting's. */
export type ProviderEvent =
  | { type: 'started' }
  | { type: 'ended' }
  | {
      type: 'joined';
      session: string;
      providerUserId: string;
      name: string;
      role: string;
      at: Date;
      /** The userID we passed at join, echoed by the provider (BBB external-user-id, Zoom customer_key). */
      externalUserId?: string;
    }
  | {
      type: 'left';
      session: string;
      providerUserId: string;
      at: Date;
      externalUserId?: string;
      name?: string;
      role?: string;
    }
  | { type: 'recording'; recording: Omit<NewRecording, 'name'> & { name?: string } };

/** The events one provider message carries, for the meeting the provider knows by `providerMeetingId`. */
export interface ProviderReport {
  providerMeetingId: string;
  events: ProviderEvent[];
}
