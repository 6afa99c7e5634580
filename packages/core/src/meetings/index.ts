// Named exports for the split services, so their shared helpers (isManager, visibleTo, refused, occurrenceView …)
// stay inside core; the smaller modules export only what they serve.
export type {
  AttendanceView,
  CalendarEvent,
  MeetingInput,
  MeetingTab,
  MeetingView,
  OccurrenceView,
  RecordingView,
} from '@majlis/contracts/meetings';
export { type NewRecording, type ProviderEvent, type ProviderReport, storeRecording } from './apply-provider-event.ts';
export { meetingAttendance, meetingRecordings } from './find-meeting-history.ts';
export { calendarFeed, getMeetingView, joinLink, listMeetings, viewMeetings } from './find-meetings.ts';
export * from './ics.ts';
export * from './invitations.ts';
export * from './join.ts';
export { type Ctx, canManageMeeting, findMeeting, isAssistant, type MeetingRow } from './meeting-access.ts';
export {
  applyMeetingEvent,
  decide,
  endEvent,
  expireDueMeetings,
  onProvider,
  providerMeetingOf,
  type Transition,
} from './meeting-status.ts';
export { cancelOccurrence, listOccurrences, updateOccurrence } from './occurrences.ts';
export { changeMeetingStatus, createMeeting, leaveAssistants, setFavourite, updateMeeting } from './save-meeting.ts';
export * from './time.ts';
