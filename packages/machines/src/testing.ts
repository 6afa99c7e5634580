import { TestModel, type TestPath } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';

export { graphOf, type ModelSide, recordWalk, walkOf } from './model-coverage.ts';

/**
 * Test-only helpers (imported as `@majlis/machines/testing`).
 *
 * `createTestModel` from @xstate/graph refuses machines that invoke actors. Ours invoke only named placeholders
 * (`switchAccount`), whose outcomes are just the `xstate.done.actor.*` / `xstate.error.actor.*` events: the model
 * lists those events and the test produces them at the network boundary. This is createTestModel without that check.
 */
export function createModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    events: EventFromLogic<TMachine>[];
    serializeState: (state: SnapshotFrom<TMachine>) => string;
    input?: InputFrom<TMachine>;
    /**
     * Event types the machine takes but `events` does not list: walked as bare events (the default), or left out
     * when a side produces them otherwise or cannot (e.g. the answer of a request the walk makes itself).
     */
    unlisted?: 'bare' | 'skip';
  },
): TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown> {
  return new TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown>(
    machine as never,
    {
      serializeState: options.serializeState,
      input: options.input,
      stateMatcher: (state: AnyMachineSnapshot, key: string) =>
        key.startsWith('#') ? state._nodes.includes(machine.getStateNodeById(key)) : state.matches(key),
      events: (state: AnyMachineSnapshot) =>
        __unsafe_getAllOwnEventDescriptors(state).flatMap((type) => {
          const listed = options.events.filter((e) => e.type === type);
          if (listed.length || options.unlisted === 'skip') return listed;
          return [{ type } as EventFromLogic<TMachine>];
        }),
    } as never,
  );
}

/**
 * Paths over every state and every transition of the model: the shortest path to each state, and for each
 * transition the shortest way to its source state followed by that transition (shortest paths alone skip self-loops
 * and second ways into a state). The one path helper of every model-based test (machines, core, BFF and client).
 * Each path is named `<state it reaches> via <events>`, an event by `describe` (default: its type and payload).
 */
export function getTransitionPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  options: { serializeState: (state: TSnapshot) => string; input?: TInput; describe?: (event: TEvent) => string },
): Array<TestPath<TSnapshot, TEvent>> {
  const { describe = describeEvent, ...replay } = options;
  const toStates = model.getShortestPaths({ allowDuplicatePaths: true });
  const found: Array<{ path: TestPath<TSnapshot, TEvent>; reaches: TSnapshot }> = toStates.map((path) => ({
    path,
    reaches: path.state,
  }));
  // Replayed from the model's own first snapshot: @xstate/graph 3's getPathsFromEvents would start from one made
  // without the input (for a machine whose context reads it, an errored snapshot whose states no test matches).
  const fromState = toStates[0]?.steps[0]?.state;
  for (const [from, { transitions }] of Object.entries(model.getAdjacencyMap())) {
    const prefix = toStates.find((p) => options.serializeState(p.state) === from);
    if (!prefix) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: TEvent; state: TSnapshot }>) {
      const events = [...prefix.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init'), event];
      for (const path of model.getPathsFromEvents(events, { ...replay, fromState } as never)) {
        found.push({ path, reaches: state });
      }
    }
  }
  // A transition into a state may be the state's own shortest path: keep one test per distinct event sequence,
  // named by where it goes and how, rather than by the context JSON @xstate/graph puts in descriptions.
  const seen = new Set<string>();
  return found
    .map(({ path, reaches }) => {
      const steps = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
      const via = steps.map(describe).join(' → ') || 'start';
      return Object.assign(path, { description: `${options.serializeState(reaches)} via ${via}` });
    })
    .filter((p) => {
      if (seen.has(p.description)) return false;
      seen.add(p.description);
      return true;
    });
}

function describeEvent<TEvent extends EventObject>(event: TEvent): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const shown = JSON.stringify(payload);
  const short = type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
  return shown === '{}' ? short : `${short}${shown.length > 48 ? `(${shown.slice(0, 45)}…)` : `(${shown})`}`;
}
