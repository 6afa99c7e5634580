/**
 * Which meeting option each conferencing provider can honour: one table for the form (an option its room's provider
 * cannot honour is shown disabled, with the reason) and the server (such an option is saved off and never sent to the
 * provider, with a warning in the log). The profiles themselves are option-profiles.ts, a leaf, so rooms.ts takes them
 * without a cycle.
 */
import type { MeetingOption, MeetingOptions } from './meetings.ts';
import type { OptionProfile } from './option-profiles.ts';
import type { TRoomType } from './rooms.ts';

/** Why an option cannot apply: the form's reason (client catalog) and the server's log say the same. */
export const OPTION_UNAVAILABLE_REASONS = [
  /** Jitsi without an app secret: the room's link works for anyone, at any time, with no lobby or recording rules. */
  'jitsiNeedsSecret',
  /** Jitsi records only when a moderator starts it by hand (Jibri); nothing starts or locks it from here. */
  'jitsiManualRecording',
  /** Jitsi's recordings stay on its server: none reach Majlis, so there is nothing to download here. */
  'jitsiNoRecordings',
  /** Jitsi Meet sends no join/leave events (self-hosted core has no webhooks). */
  'needsProviderEvents',
  /** Zoom has no per-meeting field for it: the Zoom account's recording settings decide (host_pause_stop_recording). */
  'zoomAccountSetting',
] as const;
export type OptionUnavailableReason = (typeof OPTION_UNAVAILABLE_REASONS)[number];

/** Per profile, the options it cannot honour and why; an option not listed is honoured. */
export const MEETING_OPTION_SUPPORT: Record<OptionProfile, Partial<Record<MeetingOption, OptionUnavailableReason>>> = {
  // every option: create parameters (reference §1.4), the join page, the recording gate, and bbb-webhooks
  bbb: {},
  // join_before_host, auto_recording, waiting_room; downloads gated here; participant_joined/left webhooks
  zoom: { allowStopRecording: 'zoomAccountSetting' },
  jitsi: {
    allowBeforeOwner: 'jitsiNeedsSecret',
    autoRecord: 'jitsiNeedsSecret',
    allowStopRecording: 'jitsiNeedsSecret',
    allowDownload: 'jitsiNeedsSecret',
    notifyEnterExit: 'needsProviderEvents',
    waitingRoom: 'jitsiNeedsSecret',
  },
  // the JWT expires with the meeting (no entry before the owner opens it) and carries the lobby feature
  jitsiJwt: {
    autoRecord: 'jitsiManualRecording',
    allowStopRecording: 'jitsiManualRecording',
    allowDownload: 'jitsiNoRecordings',
    notifyEnterExit: 'needsProviderEvents',
  },
};

/** The profile of a room type on a server; `jitsiJwt` when this server signs Jitsi joins with an app secret. */
export function optionProfile(type: TRoomType, jitsiJwt: boolean): OptionProfile {
  return type === 'jitsi' ? (jitsiJwt ? 'jitsiJwt' : 'jitsi') : type;
}

/** Why the option cannot apply on this profile, or null when it is honoured. */
export function optionUnavailable(profile: OptionProfile, option: MeetingOption): OptionUnavailableReason | null {
  return MEETING_OPTION_SUPPORT[profile][option] ?? null;
}

/** The options as they can apply: each one the profile cannot honour is off. */
export function honouredOptions<T extends MeetingOptions>(profile: OptionProfile, options: T): T {
  const out = { ...options };
  for (const option of Object.keys(MEETING_OPTION_SUPPORT[profile]) as MeetingOption[]) out[option] = false;
  return out;
}

/** The options turned on that the profile cannot honour (what the server ignores, and logs). */
export function ignoredOptions(profile: OptionProfile, options: MeetingOptions): MeetingOption[] {
  return (Object.keys(MEETING_OPTION_SUPPORT[profile]) as MeetingOption[]).filter((o) => options[o]);
}
