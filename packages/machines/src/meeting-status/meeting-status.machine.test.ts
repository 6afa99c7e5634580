import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { getTransitionPaths } from '../testing.ts';
import {
  allowedMeetingActions,
  decideMeeting,
  type MeetingStatus,
  type MeetingStatusEvent,
  meetingStatusMachine,
} from './meeting-status.machine.ts';

/**
 * What a stored meeting does on each event, written down from the product spec (§4: available, running, finished,
 * expired, deleted; activate/deactivate from the status bar; §8: "This meeting has been deleted", "Meeting has
 * expired") and DESIGN §10 (the sweeper: scheduled → expired, running → finished from the provider's state), not read
 * from the chart: decideMeeting is the chart, so only a table kept apart from it can catch a wrong transition.
 */
type Position = 'available' | 'inactive' | 'running' | 'finished' | 'expired' | 'deleted';
type Outcome = 'refused' | [to: Position, ...effects: string[]];

const EVENTS = {
  start: { type: 'meeting.start' },
  'end(next)': { type: 'meeting.end', hasNext: true },
  'end(last)': { type: 'meeting.end', hasNext: false },
  'provider.started': { type: 'provider.started' },
  'provider.ended(next)': { type: 'provider.ended', hasNext: true },
  'provider.ended(last)': { type: 'provider.ended', hasNext: false },
  expire: { type: 'meeting.expire' },
  activate: { type: 'meeting.activate' },
  deactivate: { type: 'meeting.deactivate' },
  'edit(next)': { type: 'meeting.edit', hasNext: true },
  'edit(none)': { type: 'meeting.edit', hasNext: false },
  delete: { type: 'meeting.delete' },
} satisfies Record<string, MeetingStatusEvent>;
type EventName = keyof typeof EVENTS;

/** Refused unless listed. */
const EXPECTED: Record<Position, Partial<Record<EventName, Outcome>>> = {
  // Scheduled or permanent and not running: its hosts start it (the provider's room is made then), the provider may
  // report a start, its last day passes (expired), the status bar deactivates it; edits keep it where it is.
  available: {
    start: ['running', 'createOnProvider'],
    'provider.started': ['running'],
    expire: ['expired'],
    deactivate: ['inactive'],
    'edit(next)': ['available', 'saveChanges'],
    'edit(none)': ['available', 'saveChanges'],
    delete: ['deleted', 'removeFromProvider'],
  },
  // Deactivated: nobody starts it until it is activated again; it still expires, is edited and deleted. A start the
  // provider reports is recorded as it happened.
  inactive: {
    'provider.started': ['running'],
    expire: ['expired'],
    activate: ['available'],
    'edit(next)': ['inactive', 'saveChanges'],
    'edit(none)': ['inactive', 'saveChanges'],
    delete: ['deleted', 'removeFromProvider'],
  },
  // Running: ended by a host (the provider is told) or by the provider; back to available when a later occurrence
  // exists, else finished. Not edited, deactivated or expired while it runs; deleting it ends it on the provider.
  running: {
    'end(next)': ['available', 'endOnProvider'],
    'end(last)': ['finished', 'endOnProvider'],
    'provider.ended(next)': ['available'],
    'provider.ended(last)': ['finished'],
    delete: ['deleted', 'endOnProvider', 'removeFromProvider'],
  },
  // Finished: an edit that schedules a new day makes it available again; the provider may still report a start.
  finished: {
    'provider.started': ['running'],
    'edit(next)': ['available', 'saveChanges'],
    delete: ['deleted', 'removeFromProvider'],
  },
  // Expired ("Meeting has expired"): not started again unless an edit gives it a new day.
  expired: {
    'edit(next)': ['available', 'saveChanges'],
    delete: ['deleted', 'removeFromProvider'],
  },
  // Deleted ("This meeting has been deleted"): nothing moves it.
  deleted: {},
};

const stored = (p: Position): { status: MeetingStatus; active: boolean } =>
  p === 'inactive' ? { status: 'available', active: false } : { status: p, active: true };
const positionOf = (row: { status: MeetingStatus; active: boolean }): Position =>
  row.status === 'available' && !row.active ? 'inactive' : row.status;

/** decideMeeting's answer in the table's words. */
function outcome(from: Position, event: MeetingStatusEvent): Outcome {
  const { status, active } = stored(from);
  const d = decideMeeting(status, active, event);
  return d.ok ? [positionOf(d), ...d.effects] : 'refused';
}

describe('meetingStatus against the spec table', () => {
  for (const from of Object.keys(EXPECTED) as Position[]) {
    it(`from ${from}, every event does what the table says`, () => {
      const got = Object.fromEntries(Object.entries(EVENTS).map(([name, e]) => [name, outcome(from, e)]));
      const want = Object.fromEntries(
        Object.keys(EVENTS).map((name) => [name, EXPECTED[from][name as EventName] ?? 'refused']),
      );
      expect(got).toEqual(want);
    });
  }

  it('offers the status bar the buttons the table allows', () => {
    expect(allowedMeetingActions('available', true)).toEqual(['start', 'edit', 'deactivate', 'delete']);
    expect(allowedMeetingActions('available', false)).toEqual(['edit', 'activate', 'delete']);
    expect(allowedMeetingActions('running', true)).toEqual(['end', 'delete']);
    expect(allowedMeetingActions('finished', true)).toEqual(['edit', 'delete']);
    expect(allowedMeetingActions('expired', true)).toEqual(['edit', 'delete']);
    expect(allowedMeetingActions('deleted', true)).toEqual([]);
  });
});

/**
 * The chart's paths from a new meeting (available and active), followed in the table: at every state of a path the
 * chart and the table stand at the same place, every step the chart takes is one the table allows, and the paths
 * reach every status of spec §4 and the inactive toggle.
 */
describe('meetingStatus paths', () => {
  const events = Object.values(EVENTS) as MeetingStatusEvent[];
  const serializeState = (s: ReturnType<typeof meetingStatusMachine.getInitialSnapshot>) => JSON.stringify(s.value);
  const model = createTestModel(meetingStatusMachine, { events, serializeState });
  const paths = getTransitionPaths(model, { serializeState });
  const nameOf = (e: MeetingStatusEvent) =>
    Object.entries(EVENTS).find(([, x]) => JSON.stringify(x) === JSON.stringify(e))?.[0] as EventName;

  for (const path of paths) {
    it(path.description, async () => {
      let at: Position = 'available';
      const standsAt = (where: Position) => () => expect(at).toBe(where);
      const step = ({ event }: { event: MeetingStatusEvent }) => {
        const want = EXPECTED[at][nameOf(event)] ?? 'refused';
        expect(outcome(at, event), `${nameOf(event)} from ${at}`).toEqual(want);
        if (want !== 'refused') at = want[0];
      };
      await path.test({
        states: {
          'available.active': standsAt('available'),
          'available.inactive': standsAt('inactive'),
          running: standsAt('running'),
          finished: standsAt('finished'),
          expired: standsAt('expired'),
          deleted: standsAt('deleted'),
        },
        events: Object.fromEntries(events.map((e) => [e.type, step])) as never,
      });
    });
  }

  it('reach every status', () => {
    const reached = new Set<Position>(['available']);
    for (const path of paths) {
      let at: Position = 'available';
      for (const { event } of path.steps.slice(1)) {
        const to: Outcome | undefined = EXPECTED[at][nameOf(event)];
        if (!to || to === 'refused') continue;
        at = to[0];
        reached.add(at);
      }
    }
    expect([...reached].sort()).toEqual(['available', 'deleted', 'expired', 'finished', 'inactive', 'running']);
  });
});
