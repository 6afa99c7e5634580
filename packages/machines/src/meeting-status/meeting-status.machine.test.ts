import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { getTransitionPaths } from '../testing.ts';
import {
  allowedMeetingActions,
  decideMeeting,
  type MeetingStatus,
  type MeetingStatusEvent,
  meetingSnapshot,
  meetingStatusMachine,
} from './meeting-status.machine.ts';

const events: MeetingStatusEvent[] = [
  { type: 'meeting.start' },
  { type: 'meeting.end', hasNext: true },
  { type: 'meeting.end', hasNext: false },
  { type: 'provider.started' },
  { type: 'provider.ended', hasNext: true },
  { type: 'provider.ended', hasNext: false },
  { type: 'meeting.expire' },
  { type: 'meeting.activate' },
  { type: 'meeting.deactivate' },
  { type: 'meeting.edit', hasNext: true },
  { type: 'meeting.edit', hasNext: false },
  { type: 'meeting.delete' },
];
const serializeState = (s: ReturnType<typeof meetingStatusMachine.getInitialSnapshot>) => JSON.stringify(s.value);

/** Every transition of the chart, replayed through decideMeeting (what the core service calls) on a stored row. */
describe('meetingStatus machine', () => {
  const model = createTestModel(meetingStatusMachine, { events, serializeState });
  for (const path of getTransitionPaths(model, { serializeState })) {
    it(path.description, async () => {
      let row: { status: MeetingStatus; active: boolean } = { status: 'available', active: true };
      const expectRow =
        (status: MeetingStatus, active = true) =>
        () =>
          expect(row).toEqual({ status, active });
      const send = ({ event: e }: { event: MeetingStatusEvent }) => {
        const d = decideMeeting(row.status, row.active, e);
        // A guard that does not pass leaves the row as it is; the chart must agree that the event was refused.
        expect(d.ok).toBe(meetingSnapshot(row.status, row.active).can(e));
        row = { status: d.status, active: d.active };
      };
      await path.test({
        states: {
          'available.active': expectRow('available'),
          'available.inactive': expectRow('available', false),
          running: expectRow('running'),
          finished: expectRow('finished'),
          expired: expectRow('expired'),
          deleted: expectRow('deleted'),
        },
        events: Object.fromEntries(events.map((e) => [e.type, send])) as never,
      });
    });
  }

  it('refuses what the chart does not allow and names the effects', () => {
    expect(decideMeeting('deleted', true, { type: 'meeting.start' }).ok).toBe(false);
    expect(decideMeeting('available', false, { type: 'meeting.start' }).ok).toBe(false);
    expect(decideMeeting('running', true, { type: 'meeting.edit', hasNext: true }).ok).toBe(false);
    expect(decideMeeting('running', true, { type: 'meeting.delete' }).effects).toEqual([
      'endOnProvider',
      'removeFromProvider',
    ]);
    expect(allowedMeetingActions('available', true)).toEqual(['start', 'edit', 'deactivate', 'delete']);
    expect(allowedMeetingActions('available', false)).toEqual(['edit', 'activate', 'delete']);
    expect(allowedMeetingActions('deleted', true)).toEqual([]);
  });
});
