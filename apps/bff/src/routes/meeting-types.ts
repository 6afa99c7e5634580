/** Wire shapes of the rooms, meetings and calendar routes, for the client's type-only import (it never imports core). */
export type {
  CalendarEvent,
  MeetingInput,
  MeetingTab,
  MeetingView,
  OccurrenceView,
  RoomType,
  RoomView,
} from '@majlis/core';
