import { type SnapshotFrom, setup, transition } from 'xstate';

/** Spec §4 meeting status. `available` carries the activate/deactivate toggle of the status bar. */
export type MeetingStatus = 'available' | 'running' | 'finished' | 'expired' | 'deleted';

export type MeetingStatusEvent =
  /** The owner or an assistant starts it (or a participant, when allowed before the owner). */
  | { type: 'meeting.start' }
  /** The owner or an assistant ends it; `hasNext`: a later occurrence exists (or the meeting is permanent). */
  | { type: 'meeting.end'; hasNext: boolean }
  /** The provider reports that it started or ended on its side (webhook, callback, poll). */
  | { type: 'provider.started' }
  | { type: 'provider.ended'; hasNext: boolean }
  /** The last occurrence ended without the meeting running. */
  | { type: 'meeting.expire' }
  | { type: 'meeting.activate' }
  | { type: 'meeting.deactivate' }
  /** Any change of the meeting's fields; `hasNext`: after the change a future occurrence exists. */
  | { type: 'meeting.edit'; hasNext: boolean }
  | { type: 'meeting.delete' };

export type MeetingEventType = MeetingStatusEvent['type'];

/**
 * meetingStatus: decides every change of a meeting on the BFF, and which buttons the client offers.
 * Side effects are named actions (createOnProvider, endOnProvider, removeFromProvider) run by whoever
 * holds the machine: the core service calls the provider; the client only reads `can()`.
 */
export const meetingStatusMachine = setup({
  types: { events: {} as MeetingStatusEvent },
  actions: {
    createOnProvider: () => {},
    endOnProvider: () => {},
    removeFromProvider: () => {},
    /** Persist the edited fields (and re-sync them to the provider). */
    saveChanges: () => {},
  },
  guards: {
    hasNext: ({ event }) => 'hasNext' in event && event.hasNext,
  },
}).createMachine({
  id: 'meetingStatus',
  initial: 'available',
  states: {
    /** Scheduled or permanent, not running now; joinable by its hosts while active. */
    available: {
      initial: 'active',
      states: {
        active: {
          on: {
            'meeting.start': { target: '#meetingStatus.running', actions: 'createOnProvider' },
            'meeting.deactivate': 'inactive',
          },
        },
        /** Deactivated from the status bar: nobody can start or join it until it is activated again. */
        inactive: {
          on: { 'meeting.activate': 'active' },
        },
      },
      on: {
        'provider.started': 'running',
        'meeting.expire': 'expired',
        'meeting.edit': { actions: 'saveChanges' },
        'meeting.delete': { target: 'deleted', actions: 'removeFromProvider' },
      },
    },
    running: {
      on: {
        'meeting.end': [
          { guard: 'hasNext', target: 'available.active', actions: 'endOnProvider' },
          { target: 'finished', actions: 'endOnProvider' },
        ],
        'provider.ended': [{ guard: 'hasNext', target: 'available.active' }, { target: 'finished' }],
        'meeting.delete': { target: 'deleted', actions: ['endOnProvider', 'removeFromProvider'] },
      },
    },
    /** Ran and ended with no later occurrence; an edit that schedules a new day makes it available again. */
    finished: {
      on: {
        'provider.started': 'running',
        'meeting.edit': { guard: 'hasNext', target: 'available.active', actions: 'saveChanges' },
        'meeting.delete': { target: 'deleted', actions: 'removeFromProvider' },
      },
    },
    /** Its time passed without it running. */
    expired: {
      on: {
        'meeting.edit': { guard: 'hasNext', target: 'available.active', actions: 'saveChanges' },
        'meeting.delete': { target: 'deleted', actions: 'removeFromProvider' },
      },
    },
    deleted: { type: 'final' },
  },
});

export type MeetingStatusSnapshot = SnapshotFrom<typeof meetingStatusMachine>;

/** The snapshot for a stored meeting (status column + active flag). */
export function meetingSnapshot(status: MeetingStatus, active = true): MeetingStatusSnapshot {
  const value = status === 'available' ? { available: active ? 'active' : 'inactive' } : status;
  return meetingStatusMachine.resolveState({ value });
}

/** Where a snapshot stands, as stored. */
export function statusOf(snapshot: MeetingStatusSnapshot): { status: MeetingStatus; active: boolean } {
  const value = snapshot.value;
  if (typeof value === 'string') return { status: value as MeetingStatus, active: true };
  return { status: 'available', active: value.available !== 'inactive' };
}

export interface MeetingDecision {
  ok: boolean;
  status: MeetingStatus;
  active: boolean;
  /** Named side effects to run, in order (createOnProvider, endOnProvider, removeFromProvider, saveChanges). */
  effects: string[];
}

/** Pure: whether `event` is allowed for a stored meeting, where it leads and which effects it asks for. */
export function decideMeeting(status: MeetingStatus, active: boolean, event: MeetingStatusEvent): MeetingDecision {
  const snapshot = meetingSnapshot(status, active);
  if (!snapshot.can(event)) return { ok: false, status, active, effects: [] };
  const [next, actions] = transition(meetingStatusMachine, snapshot, event);
  return { ok: true, ...statusOf(next), effects: actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.')) };
}

/** The buttons a user who may manage the meeting is offered, in the order the status bar shows them. */
export const MEETING_ACTIONS = ['start', 'end', 'edit', 'activate', 'deactivate', 'delete'] as const;
export type MeetingAction = (typeof MEETING_ACTIONS)[number];

export function allowedMeetingActions(status: MeetingStatus, active: boolean): MeetingAction[] {
  const s = meetingSnapshot(status, active);
  const can: Record<MeetingAction, boolean> = {
    start: s.can({ type: 'meeting.start' }),
    end: s.can({ type: 'meeting.end', hasNext: false }),
    edit: s.can({ type: 'meeting.edit', hasNext: true }),
    activate: s.can({ type: 'meeting.activate' }),
    deactivate: s.can({ type: 'meeting.deactivate' }),
    delete: s.can({ type: 'meeting.delete' }),
  };
  return MEETING_ACTIONS.filter((a) => can[a]);
}
