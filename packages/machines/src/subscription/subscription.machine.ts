import { type SnapshotFrom, setup, transition } from 'xstate';

/**
 * DESIGN §4 subscription: trial → active → expiring → expired → renewed, plus `unpaid` for a room not bought yet.
 * Time is fed in as events by the renewals job (`time.reminder` within 7 days of the end, `time.ended` at the end);
 * payments by the ledger (`payment.completed` on a verified callback, `payment.refunded`). `meeting.start` asks
 * whether a room may start a meeting now (spec §8 "Meeting has expired" otherwise); on a daily plan it takes a day
 * when none is running (spec §9: a day is counted at the first meeting start of a day and lasts up to 24 h; unused
 * days never expire), and a daily plan with no day left and none running has ended.
 */
export type SubscriptionStatus = 'unpaid' | 'trial' | 'active' | 'expiring' | 'expired' | 'renewed';

export type SubscriptionEvent =
  | { type: 'trial.start' }
  | { type: 'payment.completed' }
  | { type: 'payment.refunded' }
  | { type: 'time.reminder' }
  | { type: 'time.ended' }
  /** `daily`: the plan counts days; `dayRunning`: a begun day has not ended; `daysLeft`: days not begun. */
  | { type: 'meeting.start'; daily: boolean; dayRunning: boolean; daysLeft: number };

export const subscriptionMachine = setup({
  types: { events: {} as SubscriptionEvent },
  actions: {
    /** Start the trial's 7 days. */
    startTrial: () => {},
    /** Start or extend the paid period (daily: add a 7-day pack). */
    extend: () => {},
    /** End the period now (a refund). */
    cut: () => {},
    /** Tell the owner (renewal reminder, expiry): the renewals job's notifications. */
    remind: () => {},
    notifyExpired: () => {},
    /** Daily plan: take one day from the balance, running for 24 h. */
    takeDay: () => {},
    /** Let the meeting start (a named action: XState's can() answers false for a transition that does nothing). */
    admit: () => {},
  },
  guards: {
    /** A daily plan may start with a running day, or by taking one of its days; other plans run until their end. */
    entitled: ({ event }) => event.type === 'meeting.start' && (!event.daily || event.dayRunning || event.daysLeft > 0),
    needsDay: ({ event }) => event.type === 'meeting.start' && event.daily && !event.dayRunning && event.daysLeft > 0,
  },
}).createMachine({
  id: 'subscription',
  initial: 'unpaid',
  states: {
    /** A room created without paying (or before billing opened): it keeps its data and starts nothing. */
    unpaid: {
      on: {
        'trial.start': { target: 'trial', actions: 'startTrial' },
        'payment.completed': { target: 'active', actions: 'extend' },
      },
    },
    trial: {
      on: {
        'payment.completed': { target: 'active', actions: 'extend' },
        'time.reminder': { actions: 'remind' },
        'time.ended': { target: 'expired', actions: 'notifyExpired' },
        'meeting.start': { guard: 'entitled', actions: 'admit' },
      },
    },
    active: {
      on: {
        'payment.completed': { target: 'renewed', actions: 'extend' },
        'payment.refunded': { target: 'expired', actions: 'cut' },
        'time.reminder': { target: 'expiring', actions: 'remind' },
        'time.ended': { target: 'expired', actions: 'notifyExpired' },
        'meeting.start': [
          { guard: 'needsDay', actions: ['takeDay', 'admit'] },
          { guard: 'entitled', actions: 'admit' },
        ],
      },
    },
    expiring: {
      on: {
        'payment.completed': { target: 'renewed', actions: 'extend' },
        'payment.refunded': { target: 'expired', actions: 'cut' },
        'time.reminder': { actions: 'remind' },
        'time.ended': { target: 'expired', actions: 'notifyExpired' },
        'meeting.start': [
          { guard: 'needsDay', actions: ['takeDay', 'admit'] },
          { guard: 'entitled', actions: 'admit' },
        ],
      },
    },
    /** Keeps its data; refuses to start meetings until paid again. */
    expired: {
      on: { 'payment.completed': { target: 'renewed', actions: 'extend' } },
    },
    renewed: {
      on: {
        'payment.completed': { target: 'renewed', actions: 'extend', reenter: true },
        'payment.refunded': { target: 'expired', actions: 'cut' },
        'time.reminder': { target: 'expiring', actions: 'remind' },
        'time.ended': { target: 'expired', actions: 'notifyExpired' },
        'meeting.start': [
          { guard: 'needsDay', actions: ['takeDay', 'admit'] },
          { guard: 'entitled', actions: 'admit' },
        ],
      },
    },
  },
});

export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

export function subscriptionSnapshot(status: SubscriptionStatus): SubscriptionSnapshot {
  return subscriptionMachine.resolveState({ value: status });
}

export interface SubscriptionDecision {
  ok: boolean;
  status: SubscriptionStatus;
  effects: string[];
}

/** Pure: whether `event` applies to a subscription stored in `status`, where it leads, which effects it asks for. */
export function decideSubscription(status: SubscriptionStatus, event: SubscriptionEvent): SubscriptionDecision {
  const snapshot = subscriptionSnapshot(status);
  if (!snapshot.can(event)) return { ok: false, status, effects: [] };
  const [next, actions] = transition(subscriptionMachine, snapshot, event);
  return {
    ok: true,
    status: next.value as SubscriptionStatus,
    effects: actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.')),
  };
}
