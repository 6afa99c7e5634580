import type { TestModel, TestPath } from '@xstate/graph';
import type { EventObject, Snapshot } from 'xstate';

/**
 * Test helper: every state and every transition of a model. The shortest path to each state, then for each
 * transition the path to its source followed by it, named by where it goes and how. Paths are replayed from
 * `initial` (a snapshot made with the machine's input: @xstate/graph 3 would otherwise start them from one made
 * without it) and without `xstate.*` steps, which are not events the test sends.
 */
export function transitionPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  options: { serializeState: (s: TSnapshot) => string; initial: TSnapshot; describe: (e: TEvent) => string },
): Array<TestPath<TSnapshot, TEvent> & { description: string }> {
  const { serializeState, initial, describe } = options;
  const toStates = model.getShortestPaths({ allowDuplicatePaths: true });
  const found = new Map<string, TestPath<TSnapshot, TEvent>>();
  const name = (events: TEvent[], reaches: TSnapshot) =>
    `${serializeState(reaches)} via ${events.map(describe).join(' → ') || 'start'}`;
  const eventsOf = (p: TestPath<TSnapshot, TEvent>) =>
    p.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
  for (const p of toStates) found.set(name(eventsOf(p), p.state), p);
  for (const [from, { transitions }] of Object.entries(model.getAdjacencyMap())) {
    const prefix = toStates.find((p) => serializeState(p.state) === from);
    if (!prefix) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: TEvent; state: TSnapshot }>) {
      const events = [...eventsOf(prefix), event];
      const key = name(events, state);
      if (found.has(key)) continue;
      const [path] = model.getPathsFromEvents(events, { serializeState, fromState: initial } as never);
      if (path) found.set(key, path);
    }
  }
  return [...found].map(([description, path]) => Object.assign(path, { description }));
}
