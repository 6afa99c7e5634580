import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { getTransitionPaths } from '../testing.ts';
import {
  decideNotification,
  lifeOf,
  type NotificationLife,
  type NotificationLifeEvent,
  notificationLifeMachine,
} from './notification-life.machine.ts';

const events: NotificationLifeEvent[] = [
  { type: 'notification.delivered' },
  { type: 'notification.read' },
  { type: 'notification.dismiss' },
];
const serializeState = (s: ReturnType<typeof notificationLifeMachine.getInitialSnapshot>) => JSON.stringify(s.value);

/** A stored row as core keeps it: `read` and `dismissedAt` (delivery is not a column, so it is carried beside). */
interface Row {
  read: boolean;
  dismissedAt: Date | null;
  delivered: boolean;
}

/**
 * Where each event takes a notification, written down from DESIGN §4 (made → delivered → read → dismissed, forward
 * only; a later stage may be reached directly, e.g. read on another device before this one's socket had it) and the
 * BFF's rule that nothing comes back from dismissed. Kept apart from the chart: decideNotification is the chart, so
 * only this table can catch a wrong transition. Missing: refused.
 */
const EXPECTED: Record<NotificationLife, Partial<Record<NotificationLifeEvent['type'], NotificationLife>>> = {
  made: { 'notification.delivered': 'delivered', 'notification.read': 'read', 'notification.dismiss': 'dismissed' },
  delivered: { 'notification.read': 'read', 'notification.dismiss': 'dismissed' },
  read: { 'notification.dismiss': 'dismissed' },
  dismissed: {},
};

/** Every transition of the chart, replayed through decideNotification (what core calls) on a stored row. */
describe('notificationLife machine', () => {
  const model = createTestModel(notificationLifeMachine, { events, serializeState });
  const paths = getTransitionPaths(model, { serializeState });

  it('walks every state and every transition', () => {
    const reached = new Set(paths.map((p) => serializeState(p.state)));
    expect([...reached].sort()).toEqual(['"delivered"', '"dismissed"', '"made"', '"read"']);
    // The start, then one path per transition: made has 3 ways out, delivered 2, read 1.
    expect(paths).toHaveLength(7);
  });

  for (const path of paths) {
    it(path.description, async () => {
      let row: Row = { read: false, dismissedAt: null, delivered: false };
      const expectLife = (life: NotificationLife) => () => expect(lifeOf(row)).toBe(life);
      const send = ({ event }: { event: NotificationLifeEvent }) => {
        const before = lifeOf(row);
        const next = decideNotification(before, event);
        expect(next, `${event.type} from ${before}`).toBe(EXPECTED[before][event.type] ?? null);
        if (next === 'delivered') row = { ...row, delivered: true };
        if (next === 'read') row = { ...row, read: true };
        if (next === 'dismissed') row = { ...row, read: true, dismissedAt: new Date() };
      };
      await path.test({
        states: {
          made: expectLife('made'),
          delivered: expectLife('delivered'),
          read: expectLife('read'),
          dismissed: expectLife('dismissed'),
        },
        events: Object.fromEntries(events.map((e) => [e.type, send])) as never,
      });
    });
  }

  it('does what the table says for every life and event, and refuses the rest', () => {
    for (const life of Object.keys(EXPECTED) as NotificationLife[]) {
      for (const e of events)
        expect(decideNotification(life, e), `${e.type} from ${life}`).toBe(EXPECTED[life][e.type] ?? null);
    }
    expect(decideNotification('read', { type: 'notification.delivered' })).toBeNull();
    expect(decideNotification('made', { type: 'notification.read' })).toBe('read');
  });

  it('reads a stored row: dismissed wins over read, a string time counts, delivery only when said', () => {
    expect(lifeOf({ read: false, dismissedAt: '2026-11-26T00:00:00Z' })).toBe('dismissed');
    expect(lifeOf({ read: true, dismissedAt: new Date() })).toBe('dismissed');
    expect(lifeOf({ read: true, dismissedAt: null, delivered: true })).toBe('read');
    expect(lifeOf({ read: false, dismissedAt: null, delivered: true })).toBe('delivered');
    expect(lifeOf({ read: false, dismissedAt: null })).toBe('made');
  });
});
