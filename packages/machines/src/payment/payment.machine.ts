import { type SnapshotFrom, setup, transition } from 'xstate';

/**
 * Spec §4 "Payment ends completed or failed (with re-payment option)"; DESIGN §4 payment: pending → completed |
 * failed → retry. `draft` is the checkout dialog before an order exists (the client's only); the server's orders start
 * at `pending`. Only the provider's verified transaction-processed callback moves an order to `completed` or `failed`
 * (`payment.succeeded` / `payment.failed`); a final state never goes back, so a duplicate or late callback changes
 * nothing. A refund after success ends in `refunded`.
 */
export type PaymentState = 'draft' | 'pending' | 'completed' | 'failed' | 'refunded';

export type PaymentEvent =
  /** The buyer confirms the dialog: the server prices the order and starts a checkout (`createOrder`). */
  | { type: 'checkout.submit' }
  /** Pay again on the same order (after a failure, or after leaving the gateway without paying). */
  | { type: 'payment.retry' }
  | { type: 'payment.succeeded' }
  | { type: 'payment.failed' }
  | { type: 'payment.refunded' };

export const paymentMachine = setup({
  types: { events: {} as PaymentEvent },
  actions: {
    /** Price the purchase on the server, store the order, ask the provider for a checkout. */
    createOrder: () => {},
    /** A new provider checkout for the same order. */
    startAttempt: () => {},
    /** Grant what was bought (subscription, invoice paid). */
    fulfil: () => {},
    /** Record why it failed (the bank's or the wallet's words). */
    recordFailure: () => {},
    /** Take back what was granted. */
    revoke: () => {},
  },
}).createMachine({
  id: 'payment',
  initial: 'draft',
  states: {
    draft: { on: { 'checkout.submit': { target: 'pending', actions: 'createOrder' } } },
    pending: {
      on: {
        'payment.succeeded': { target: 'completed', actions: 'fulfil' },
        'payment.failed': { target: 'failed', actions: 'recordFailure' },
        /** Back from the gateway without paying: the order is kept, a new attempt starts. */
        'payment.retry': { target: 'pending', actions: 'startAttempt', reenter: true },
      },
    },
    failed: {
      on: {
        'payment.retry': { target: 'pending', actions: 'startAttempt' },
        /** An earlier attempt's success may arrive after a later failure: money taken is never ignored. */
        'payment.succeeded': { target: 'completed', actions: 'fulfil' },
      },
    },
    completed: { on: { 'payment.refunded': { target: 'refunded', actions: 'revoke' } } },
    refunded: { type: 'final' },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export function paymentSnapshot(state: PaymentState): PaymentSnapshot {
  return paymentMachine.resolveState({ value: state });
}

export interface PaymentDecision {
  /** false: the event does not apply where the order stands (a duplicate, a late callback): change nothing. */
  ok: boolean;
  state: PaymentState;
  effects: string[];
}

/** Pure: where `event` takes an order stored in `state`, and the named effects to run. */
export function decidePayment(state: PaymentState, event: PaymentEvent): PaymentDecision {
  const snapshot = paymentSnapshot(state);
  if (!snapshot.can(event)) return { ok: false, state, effects: [] };
  const [next, actions] = transition(paymentMachine, snapshot, event);
  return {
    ok: true,
    state: next.value as PaymentState,
    effects: actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.')),
  };
}
