import type { TestModel, TestPath } from '@xstate/graph';
import type { EventObject, Snapshot } from 'xstate';

/**
 * One path per transition of the model: the shortest way to its source state, then the transition itself.
 * Shortest paths alone reach every state but skip self-loops and second ways in; these cover every edge.
 * Test-only helper (imported as `@majlis/machines/testing`).
 */
export function getTransitionPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  options: { serializeState: (state: TSnapshot) => string; input?: TInput },
): Array<TestPath<TSnapshot, TEvent>> {
  const toStates = model.getShortestPaths({ allowDuplicatePaths: true });
  const paths: Array<TestPath<TSnapshot, TEvent>> = [];
  for (const [from, { transitions }] of Object.entries(model.getAdjacencyMap())) {
    const prefix = toStates.find((p) => options.serializeState(p.state) === from);
    if (!prefix) continue;
    for (const { event } of Object.values(transitions) as Array<{ event: TEvent }>) {
      const events = [...prefix.steps.map((s) => s.event), event];
      paths.push(...model.getPathsFromEvents(events, options));
    }
  }
  return paths;
}
