import {
  ZAttendanceList,
  ZCalendarAnswer,
  ZCalendarQuery,
  ZFavouriteBody,
  ZIdParam,
  ZInvitationList,
  ZInviteAnswer,
  ZInviteBody,
  ZJoinAnswer,
  ZMeetingBody,
  ZMeetingListQuery,
  ZMeetingPage,
  ZMeetingRecordingList,
  ZMeetingView,
  ZOccurrenceBody,
  ZOccurrenceList,
  ZOccurrenceParams,
  ZOccurrenceView,
  ZOk,
} from '@majlis/contracts';
import { meetingAttendance, meetingRecordings } from '@majlis/core/meetings/find-meeting-history';
import { calendarFeed, getMeetingView, listMeetings } from '@majlis/core/meetings/find-meetings';
import { meetingIcs } from '@majlis/core/meetings/ics';
import { inviteToMeeting, listInvitations } from '@majlis/core/meetings/invitations';
import { startMeeting } from '@majlis/core/meetings/join';
import { findMeeting } from '@majlis/core/meetings/meeting-access';
import { cancelOccurrence, listOccurrences, updateOccurrence } from '@majlis/core/meetings/occurrences';
import { setMeetingPasscode } from '@majlis/core/meetings/passcode';
import {
  changeMeetingStatus,
  createMeeting,
  leaveAssistants,
  setFavourite,
  updateMeeting,
} from '@majlis/core/meetings/save-meeting';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc, jsonBody, paramsOf, queryOf } from '../http/validate.ts';

const tags = ['meetings'];

/**
 * Meetings (/dashbord/meeting, /dashbord/calender). Every status change is decided by the meetingStatus
 * statechart; each meeting carries `actions` (start, end, edit, activate, deactivate, delete) it allows now.
 */
export const meetingRoutes = new Hono<Env>()
  .get(
    '/meetings',
    doc('List meetings by tab with paging and search → { results: Meeting[], total, page, pageSize }', {
      tags,
      response: ZMeetingPage,
    }),
    queryOf(ZMeetingListQuery),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(
        await listMeetings(c.get('runtime'), requireActor(c), {
          tab: q.tab,
          page: q.page,
          pageSize: q.pageSize,
          search: q.q,
        }),
      );
    },
  )
  .post(
    '/meetings',
    doc('Create a meeting → 201 Meeting', { tags, response: ZMeetingView, statuses: [201] }),
    jsonBody(ZMeetingBody),
    async (c) => c.json(await createMeeting(c.get('runtime'), requireActor(c), c.req.valid('json')), 201),
  )
  .get(
    '/calendar',
    doc('Occurrences between two days (inclusive, user time zone) → { events }', { tags, response: ZCalendarAnswer }),
    queryOf(ZCalendarQuery),
    async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json({ events: await calendarFeed(c.get('runtime'), requireActor(c), from, to) });
    },
  )
  .get('/meetings/:id', doc('One meeting', { tags, response: ZMeetingView }), paramsOf(ZIdParam), async (c) =>
    c.json(await getMeetingView(c.get('runtime'), requireActor(c), c.req.valid('param').id)),
  )
  .put(
    '/meetings/:id',
    doc('Edit the meeting (all days of a recurring one)', { tags, response: ZMeetingView }),
    paramsOf(ZIdParam),
    jsonBody(ZMeetingBody),
    async (c) =>
      c.json(await updateMeeting(c.get('runtime'), requireActor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete(
    '/meetings/:id',
    doc('Delete the meeting (all days)', { tags, response: ZOk }),
    paramsOf(ZIdParam),
    async (c) => {
      await changeMeetingStatus(c.get('runtime'), requireActor(c), c.req.valid('param').id, 'delete');
      return c.json({ ok: true });
    },
  )
  .post(
    '/meetings/:id/activate',
    doc('Activate (status bar)', { tags, response: ZMeetingView }),
    paramsOf(ZIdParam),
    async (c) =>
      c.json(await changeMeetingStatus(c.get('runtime'), requireActor(c), c.req.valid('param').id, 'activate')),
  )
  .post(
    '/meetings/:id/deactivate',
    doc('Deactivate (status bar)', { tags, response: ZMeetingView }),
    paramsOf(ZIdParam),
    async (c) =>
      c.json(await changeMeetingStatus(c.get('runtime'), requireActor(c), c.req.valid('param').id, 'deactivate')),
  )
  .post(
    '/meetings/:id/passcode',
    doc('A new six-digit passcode (turns it on; the old one and its links stop working) → Meeting', {
      tags,
      response: ZMeetingView,
    }),
    paramsOf(ZIdParam),
    async (c) => {
      const actor = requireActor(c);
      await c.get('runtime').limits.consume('passcodeWrites', actor.userId);
      return c.json(await setMeetingPasscode(c.get('runtime'), actor, c.req.valid('param').id, true));
    },
  )
  .delete(
    '/meetings/:id/passcode',
    doc('Turn the passcode off: the number alone lets people in → Meeting', { tags, response: ZMeetingView }),
    paramsOf(ZIdParam),
    async (c) => {
      const actor = requireActor(c);
      await c.get('runtime').limits.consume('passcodeWrites', actor.userId);
      return c.json(await setMeetingPasscode(c.get('runtime'), actor, c.req.valid('param').id, false));
    },
  )
  .post(
    '/meetings/:id/start',
    doc('Start as host → { url, role } (the provider join URL)', { tags, response: ZJoinAnswer }),
    paramsOf(ZIdParam),
    async (c) => c.json(await startMeeting(c.get('runtime'), requireActor(c), c.req.valid('param').id)),
  )
  .post(
    '/meetings/:id/end',
    doc('End the running meeting on the provider', { tags, response: ZMeetingView }),
    paramsOf(ZIdParam),
    async (c) => c.json(await changeMeetingStatus(c.get('runtime'), requireActor(c), c.req.valid('param').id, 'end')),
  )
  .put(
    '/meetings/:id/favourite',
    doc('Mark or unmark as favourite', { tags, response: ZMeetingView }),
    paramsOf(ZIdParam),
    jsonBody(ZFavouriteBody),
    async (c) =>
      c.json(
        await setFavourite(c.get('runtime'), requireActor(c), c.req.valid('param').id, c.req.valid('json').favourite),
      ),
  )
  .delete(
    '/meetings/:id/assistants/me',
    doc('An assistant drops their own assistant status', { tags, response: ZOk }),
    paramsOf(ZIdParam),
    async (c) => {
      await leaveAssistants(c.get('runtime'), requireActor(c), c.req.valid('param').id);
      return c.json({ ok: true });
    },
  )
  .get(
    '/meetings/:id/occurrences',
    doc('Days of the meeting → { occurrences: [{ id, startsAt, endsAt, cancelled, edited }] }', {
      tags,
      response: ZOccurrenceList,
    }),
    paramsOf(ZIdParam),
    async (c) =>
      c.json({ occurrences: await listOccurrences(c.get('runtime'), requireActor(c), c.req.valid('param').id) }),
  )
  .put(
    '/meetings/:id/occurrences/:occurrenceId',
    doc('This day only: move or resize one occurrence (calendar drag)', { tags, response: ZOccurrenceView }),
    paramsOf(ZOccurrenceParams),
    jsonBody(ZOccurrenceBody),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(
        await updateOccurrence(c.get('runtime'), requireActor(c), p.id, p.occurrenceId, c.req.valid('json')),
      );
    },
  )
  .delete(
    '/meetings/:id/occurrences/:occurrenceId',
    doc('This day only: delete one occurrence', { tags, response: ZOk }),
    paramsOf(ZOccurrenceParams),
    async (c) => {
      const p = c.req.valid('param');
      await cancelOccurrence(c.get('runtime'), requireActor(c), p.id, p.occurrenceId);
      return c.json({ ok: true });
    },
  )
  .post(
    '/meetings/:id/invitations',
    doc('Invite by e-mail (outbox, invitee language, invite.ics) → { sent, delivery }', {
      tags,
      response: ZInviteAnswer,
      statuses: [201],
    }),
    paramsOf(ZIdParam),
    jsonBody(ZInviteBody),
    async (c) => {
      const actor = requireActor(c);
      const { id } = c.req.valid('param');
      const { emails } = c.req.valid('json');
      const { limits } = c.get('runtime');
      // Each address is an e-mail we send: a daily allowance per meeting and per account (issue 9 anti-automation).
      const count = new Set(emails.map((e) => e.toLowerCase())).size;
      await limits.consume('invitesMeeting', id, count);
      try {
        await limits.consume('invitesAccount', actor.accountId, count);
      } catch (err) {
        await limits.refund('invitesMeeting', id, count);
        throw err;
      }
      try {
        const rt = c.get('runtime');
        const { sent } = await inviteToMeeting(rt, actor, id, emails);
        return c.json({ sent, delivery: rt.config.SMTP_URL ? ('smtp' as const) : ('outbox' as const) }, 201);
      } catch (err) {
        await Promise.all([
          limits.refund('invitesMeeting', id, count),
          limits.refund('invitesAccount', actor.accountId, count),
        ]);
        throw err;
      }
    },
  )
  .get(
    '/meetings/:id/invitations',
    doc('Invitations sent', { tags, response: ZInvitationList }),
    paramsOf(ZIdParam),
    async (c) =>
      c.json({ invitations: await listInvitations(c.get('runtime'), requireActor(c), c.req.valid('param').id) }),
  )
  .get('/meetings/:id/ics', doc('The meeting as text/calendar', { tags }), paramsOf(ZIdParam), async (c) => {
    const rt = c.get('runtime');
    const m = await findMeeting(rt.db, requireActor(c), c.req.valid('param').id);
    const ics = await meetingIcs(rt.db, rt.config, m);
    return c.body(ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="meeting-${m.number}.ics"`,
    });
  })
  .get(
    '/meetings/:id/attendance',
    doc('Join and leave times → { attendance: [{ name, role, joinedAt, leftAt }] }', {
      tags,
      response: ZAttendanceList,
    }),
    paramsOf(ZIdParam),
    async (c) =>
      c.json({ attendance: await meetingAttendance(c.get('runtime'), requireActor(c), c.req.valid('param').id) }),
  )
  .get(
    '/meetings/:id/recordings',
    doc('Recordings of the meeting → { recordings: [{ name, sizeBytes, url, downloads }] }', {
      tags,
      response: ZMeetingRecordingList,
    }),
    paramsOf(ZIdParam),
    async (c) =>
      c.json({ recordings: await meetingRecordings(c.get('runtime'), requireActor(c), c.req.valid('param').id) }),
  );
