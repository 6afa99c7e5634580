import { MEETING_PASSCODE } from '@majlis/contracts/passcode';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Wire shapes as the BFF's routes declare them (lib/api.ts), so client and server cannot drift apart. */
export type Meeting = InferResponseType<(typeof api.meetings)[':id']['$get']>;
export type MeetingPage = InferResponseType<typeof api.meetings.$get>;
export type MeetingTab = NonNullable<InferRequestType<typeof api.meetings.$get>['query']['tab']>;
export type MeetingBody = InferRequestType<typeof api.meetings.$post>['json'];
export type Occurrence = InferResponseType<(typeof api.meetings)[':id']['occurrences']['$get']>['occurrences'][number];
export type OccurrenceBody = InferRequestType<
  (typeof api.meetings)[':id']['occurrences'][':occurrenceId']['$put']
>['json'];
export type CalendarEvent = InferResponseType<typeof api.calendar.$get>['events'][number];

const meeting = (id: string) => ({ param: { id: seg(id) } });

export const meetingsApi = {
  list: (q: { tab: MeetingTab; page: number; pageSize: number; q?: string }) =>
    body(
      api.meetings.$get({
        query: { tab: q.tab, page: String(q.page), pageSize: String(q.pageSize), q: q.q?.trim() || undefined },
      }),
    ),
  get: (id: string) => body(api.meetings[':id'].$get(meeting(id))),
  create: (json: MeetingBody) => body(api.meetings.$post({ json })),
  update: (id: string, json: MeetingBody) => body(api.meetings[':id'].$put({ ...meeting(id), json })),
  remove: (id: string) => body(api.meetings[':id'].$delete(meeting(id))),
  activate: (id: string) => body(api.meetings[':id'].activate.$post(meeting(id))),
  deactivate: (id: string) => body(api.meetings[':id'].deactivate.$post(meeting(id))),
  end: (id: string) => body(api.meetings[':id'].end.$post(meeting(id))),
  start: (id: string) => body(api.meetings[':id'].start.$post(meeting(id))),
  favourite: (id: string, favourite: boolean) =>
    body(api.meetings[':id'].favourite.$put({ ...meeting(id), json: { favourite } })),
  newPasscode: (id: string) => body(api.meetings[':id'].passcode.$post(meeting(id))),
  removePasscode: (id: string) => body(api.meetings[':id'].passcode.$delete(meeting(id))),
  leaveAssistants: (id: string) => body(api.meetings[':id'].assistants.me.$delete(meeting(id))),
  occurrences: (id: string) => body(api.meetings[':id'].occurrences.$get(meeting(id))).then((r) => r.occurrences),
  updateOccurrence: (id: string, occurrenceId: string, json: OccurrenceBody) =>
    body(
      api.meetings[':id'].occurrences[':occurrenceId'].$put({
        param: { id: seg(id), occurrenceId: seg(occurrenceId) },
        json,
      }),
    ),
  cancelOccurrence: (id: string, occurrenceId: string) =>
    body(
      api.meetings[':id'].occurrences[':occurrenceId'].$delete({
        param: { id: seg(id), occurrenceId: seg(occurrenceId) },
      }),
    ),
  invite: (id: string, emails: string[]) =>
    body(api.meetings[':id'].invitations.$post({ ...meeting(id), json: { emails } })),
  // $path, not $url: the client's base is '/', and $url builds an absolute URL (new URL) that needs an origin.
  icsUrl: (id: string) => api.meetings[':id'].ics.$path(meeting(id)),
  calendar: (from: string, to: string) => body(api.calendar.$get({ query: { from, to } })).then((r) => r.events),
};

/** The public join link of a meeting; with its passcode (`?pwd=`) it is the invitation link, joined without typing. */
export function joinLink(number: string, passcode?: string | null): string {
  return `${window.location.origin}/join/${number}${passcode ? `?${MEETING_PASSCODE.param}=${passcode}` : ''}`;
}
