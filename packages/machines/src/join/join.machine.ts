import { assign, fromPromise, setup } from 'xstate';

/** A bilingual message as the BFF sends it (`errorMessage`, `notice`). */
export interface JoinMessage {
  ar: string;
  en: string;
}

/** GET /api/join/{number} → `meeting`. */
export interface JoinMeetingInfo {
  number: string;
  name: string;
  status: string;
  startsAt: string | null;
  provider: 'bbb' | 'zoom' | 'jitsi';
  /** The organiser's zone, named beside the start for a guest. */
  timeZone?: string;
  /** The meeting asks guests for its passcode (issue 30). */
  passcodeRequired?: boolean;
}

/** POST /api/join/{number} → the provider's join URL (and the owner-without-permission notice, spec §8). */
export interface JoinAnswer {
  url: string;
  role: 'moderator' | 'attendee';
  notice?: JoinMessage;
}

export interface JoinRequest {
  number: string;
  name: string;
  asOwner: boolean;
  /** The meeting's passcode, from the invitation link or typed (ASCII digits); none when not asked. */
  passcode?: string;
}

export type JoinEvent =
  /** The form is sent: the number (ASCII digits) and the display name. */
  | { type: 'join.submit'; number: string; name: string; asOwner?: boolean; passcode?: string }
  /** Leave the waiting screen or the error, back to the form. */
  | { type: 'join.cancel' }
  /** After the owner-without-permission notice: go on as a participant. */
  | { type: 'join.continue' };

export interface JoinContext {
  request: JoinRequest | null;
  meeting: JoinMeetingInfo | null;
  answer: JoinAnswer | null;
  /** The error code of the last refusal (MEETING_NUMBER_NOT_FOUND, MEETING_DELETED, …). */
  errorCode: string | null;
  errorMessage: JoinMessage | null;
}

/** Spec §8 asks to wait and re-check; 10 s between checks. */
export const JOIN_RECHECK_MS = 10_000;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'ERROR';
}

function messageOf(error: unknown): JoinMessage | null {
  const m = (error as { errorMessage?: Partial<JoinMessage> } | null)?.errorMessage;
  return m && typeof m.ar === 'string' && typeof m.en === 'string' ? { ar: m.ar, en: m.en } : null;
}

/**
 * Join by number (/join, /join/:number; spec §8): look the number up, ask the BFF for the provider's join URL, and
 * go there. A meeting that has not started yet is waited for: re-checked every 10 s, joined as soon as it starts.
 * `lookupMeeting`, `joinMeeting` and `goToMeeting` are supplied with `.provide()`.
 */
export const joinMachine = setup({
  types: {
    context: {} as JoinContext,
    events: {} as JoinEvent,
  },
  actors: {
    lookupMeeting: fromPromise<JoinMeetingInfo, { number: string }>(async () => {
      throw new Error('lookupMeeting is supplied with .provide()');
    }),
    joinMeeting: fromPromise<JoinAnswer, JoinRequest>(async () => {
      throw new Error('joinMeeting is supplied with .provide()');
    }),
  },
  actions: {
    goToMeeting: (_, _params: { url: string }) => {},
    /** A new attempt: the number and name sent, nothing left of the last one. */
    takeRequest: assign(({ event }) => {
      const e = event as Extract<JoinEvent, { type: 'join.submit' }>;
      return {
        request: {
          number: e.number,
          name: e.name,
          asOwner: !!e.asOwner,
          ...(e.passcode ? { passcode: e.passcode } : {}),
        },
        meeting: null,
        answer: null,
        errorCode: null,
        errorMessage: null,
      };
    }),
    /** Keeps the refusal's code and bilingual message for the screen. */
    recordRefusal: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { errorCode: codeOf(error), errorMessage: messageOf(error) };
    }),
  },
  delays: {
    recheck: JOIN_RECHECK_MS,
  },
  guards: {
    notStarted: ({ event }) => codeOf((event as { error?: unknown }).error) === 'MEETING_NOT_STARTED',
    hasNotice: ({ event }) => !!(event as { output?: JoinAnswer }).output?.notice,
  },
}).createMachine({
  id: 'join',
  context: { request: null, meeting: null, answer: null, errorCode: null, errorMessage: null },
  initial: 'idle',
  states: {
    /** The form: meeting number and, for anonymous visitors, a name. */
    idle: {
      on: { 'join.submit': { target: 'checking', actions: 'takeRequest' } },
    },
    /** Is there a meeting at this number? (404 → 'There is no meeting at this number'.) */
    checking: {
      invoke: {
        id: 'lookupMeeting',
        src: 'lookupMeeting',
        input: ({ context }) => ({ number: context.request?.number ?? '' }),
        onDone: { target: 'joining', actions: assign({ meeting: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'recordRefusal' },
      },
    },
    /** Asking for the join URL; a meeting that has not started yet is waited for. */
    joining: {
      invoke: {
        id: 'joinMeeting',
        src: 'joinMeeting',
        input: ({ context }) => context.request as JoinRequest,
        onDone: [
          { guard: 'hasNotice', target: 'notice', actions: assign({ answer: ({ event }) => event.output }) },
          { target: 'redirected', actions: assign({ answer: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'notStarted', target: 'waiting', actions: 'recordRefusal' },
          { target: 'failed', actions: 'recordRefusal' },
        ],
      },
    },
    /** 'The meeting hasn't started yet': checked again every 10 s, joined as soon as it starts. */
    waiting: {
      after: { recheck: 'joining' },
      on: { 'join.cancel': 'idle' },
    },
    /** Asked to start as owner without permission: the spec's message, then the meeting as a participant. */
    notice: {
      on: { 'join.continue': 'redirected' },
    },
    redirected: {
      type: 'final',
      entry: { type: 'goToMeeting', params: ({ context }) => ({ url: context.answer?.url ?? '' }) },
    },
    /** The form again with the reason above it (closable): no meeting at this number, deleted, expired, finished, inactive, provider unavailable, … */
    failed: {
      on: { 'join.submit': { target: 'checking', actions: 'takeRequest' }, 'join.cancel': 'idle' },
    },
  },
});
