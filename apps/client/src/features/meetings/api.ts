import type {
  CalendarEvent,
  MeetingView as Meeting,
  MeetingInput as MeetingBody,
  MeetingTab,
  OccurrenceView as Occurrence,
  RoomView as Room,
  RoomType,
} from '@majlis/bff/routes/meeting-types';
import type { Bilingual } from '@majlis/i18n';
import type { MeetingAction, MeetingStatus } from '@majlis/machines';
import { http } from '../../lib/http.ts';
import { storageChanged } from '../dashboard/account-context.tsx';

/** The wire shapes come from the BFF (type-only), so client and server cannot drift apart. */
export type { CalendarEvent, Meeting, MeetingBody, MeetingTab, Occurrence, Room, RoomType };

export type Subscription = NonNullable<Room['subscription']>;

export interface RoomTypeInfo {
  type: RoomType;
  label: string;
  available: boolean;
}

export interface MeetingPage {
  results: Meeting[];
  total: number;
  page: number;
  pageSize: number;
}

/** A user of the acting account who may be chosen as an assistant (GET /api/chat/users). */
export interface AccountUser {
  userId: string;
  name: string;
  picture: string | null;
  role: string;
}

export type { Bilingual };

const id = encodeURIComponent;

/** Rooms carry the storage: the sidebar's storage block re-reads it after one is added or removed. */
function afterStorageChange<T>(result: T): T {
  storageChanged();
  return result;
}

export const roomsApi = {
  types: () => http.get<{ types: RoomTypeInfo[] }>('/api/rooms/types').then((r) => r.types),
  list: () => http.get<{ rooms: Room[] }>('/api/rooms').then((r) => r.rooms),
  create: (body: { name: string; type: RoomType; participants: number }) =>
    http.post<Room>('/api/rooms', body).then(afterStorageChange),
  update: (roomId: string, body: Partial<{ name: string; type: RoomType; participants: number; status: string }>) =>
    http.put<Room>(`/api/rooms/${id(roomId)}`, body),
  remove: (roomId: string) => http.delete<{ ok: true }>(`/api/rooms/${id(roomId)}`).then(afterStorageChange),
  assign: (roomId: string, userId: string) => http.put<Room>(`/api/rooms/${id(roomId)}/assign`, { userId }),
  unassign: (roomId: string) => http.delete<{ deletedMeetings: number }>(`/api/rooms/${id(roomId)}/assign`),
};

export const meetingsApi = {
  list: (q: { tab: MeetingTab; page: number; pageSize: number; q?: string }) => {
    const params = new URLSearchParams({ tab: q.tab, page: String(q.page), pageSize: String(q.pageSize) });
    if (q.q?.trim()) params.set('q', q.q.trim());
    return http.get<MeetingPage>(`/api/meetings?${params}`);
  },
  get: (meetingId: string) => http.get<Meeting>(`/api/meetings/${id(meetingId)}`),
  create: (body: MeetingBody) => http.post<Meeting>('/api/meetings', body),
  update: (meetingId: string, body: MeetingBody) => http.put<Meeting>(`/api/meetings/${id(meetingId)}`, body),
  remove: (meetingId: string) => http.delete<{ ok: true }>(`/api/meetings/${id(meetingId)}`),
  activate: (meetingId: string) => http.post<Meeting>(`/api/meetings/${id(meetingId)}/activate`, {}),
  deactivate: (meetingId: string) => http.post<Meeting>(`/api/meetings/${id(meetingId)}/deactivate`, {}),
  end: (meetingId: string) => http.post<Meeting>(`/api/meetings/${id(meetingId)}/end`, {}),
  start: (meetingId: string) =>
    http.post<{ url: string; role: string; notice?: Bilingual }>(`/api/meetings/${id(meetingId)}/start`, {}),
  favourite: (meetingId: string, favourite: boolean) =>
    http.put<Meeting>(`/api/meetings/${id(meetingId)}/favourite`, { favourite }),
  leaveAssistants: (meetingId: string) => http.delete<{ ok: true }>(`/api/meetings/${id(meetingId)}/assistants/me`),
  occurrences: (meetingId: string) =>
    http.get<{ occurrences: Occurrence[] }>(`/api/meetings/${id(meetingId)}/occurrences`).then((r) => r.occurrences),
  updateOccurrence: (
    meetingId: string,
    occurrenceId: string,
    body: { startsAt?: string; day?: string; hour?: string; durationHours?: number; durationMinutes?: number },
  ) => http.put<Occurrence>(`/api/meetings/${id(meetingId)}/occurrences/${id(occurrenceId)}`, body),
  cancelOccurrence: (meetingId: string, occurrenceId: string) =>
    http.delete<{ ok: true }>(`/api/meetings/${id(meetingId)}/occurrences/${id(occurrenceId)}`),
  invite: (meetingId: string, emails: string[]) =>
    http.post<{ sent: number }>(`/api/meetings/${id(meetingId)}/invitations`, { emails }),
  icsUrl: (meetingId: string) => `/api/meetings/${id(meetingId)}/ics`,
  calendar: (from: string, to: string) =>
    http.get<{ events: CalendarEvent[] }>(`/api/calendar?from=${id(from)}&to=${id(to)}`).then((r) => r.events),
  /** Who may be an assistant: the other active users of the acting account (empty for an individual account). */
  accountUsers: () => http.get<AccountUser[]>('/api/chat/users').catch(() => [] as AccountUser[]),
};

/** The public join link of a meeting. */
export function joinLink(number: string): string {
  return `${window.location.origin}/join/${number}`;
}
