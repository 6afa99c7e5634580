import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createEmptyActor,
  type EventObject,
  type InspectionEvent,
} from 'xstate';

/**
 * Which states and transitions of a machine the model tests walked (issue 17: `npm run test:models` fails when a
 * side leaves one out). A test calls `recordWalk` once a path has passed; `scripts/test-models.ts` reads what was
 * recorded and compares it with `graphOf` the machine's definition. Test-only: nothing here runs in the product.
 */

/** The side a model test walks: the page (client) or the running BFF and core services (server). */
export type ModelSide = 'client' | 'server';

/** One walked path as a line of `<machineId>.<side>.jsonl`: the state ids it was in and the transitions it took. */
export interface WalkRecord {
  path: string;
  states: string[];
  transitions: string[];
}

/**
 * Where walks are written: MODELS_OUT, else `<repo>/test-results/models`, the repo being the nearest folder up from
 * the working directory whose package.json has workspaces (a page test's import.meta.url is not a file URL).
 */
export function modelsOutDir(): string {
  if (process.env.MODELS_OUT) return process.env.MODELS_OUT;
  let dir = process.cwd();
  while (dirname(dir) !== dir) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) break;
    dir = dirname(dir);
  }
  return join(dir, 'test-results', 'models');
}

/** Only `npm run test:models` (or a run with MODELS_OUT) records; the everyday suite pays one env lookup. */
function recording(): boolean {
  return Boolean(process.env.MODELS_OUT || process.env.MAJLIS_MODELS);
}

/** A guard as a name: the one given in `setup()`, a helper's (`not`, `and`), or `inline`. */
function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  return String((guard as { type?: unknown }).type ?? 'inline');
}

interface TransitionLike {
  source: AnyStateNode;
  target?: readonly AnyStateNode[] | undefined;
  eventType: string;
  guard?: unknown;
}

function baseKey(t: TransitionLike): string {
  const guard = guardName(t.guard);
  const targets = t.target?.length ? t.target.map((n) => n.id).join(',') : '(self)';
  return `${t.source.id} --${t.eventType || 'always'}${guard ? `[${guard}]` : ''}--> ${targets}`;
}

/**
 * A transition named by its source, event (`always` for an eventless one), guard and targets: two guarded branches
 * of one event into the same state are two transitions, as they are two rows of the chart. Branches that would
 * still share a name (inline guards) are told apart by their place in the list (`#1`).
 */
export function transitionKey(t: TransitionLike): string {
  const key = baseKey(t);
  const siblings = ((t.eventType ? t.source.transitions.get(t.eventType) : t.source.always) ?? []) as TransitionLike[];
  const same = siblings.filter((s) => baseKey(s) === key);
  return same.length > 1 ? `${key} #${same.indexOf(t)}` : key;
}

/** Every state node (the root left out) and every transition of a machine's definition, parallel regions included. */
export function graphOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const states: string[] = [];
  const transitions: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (node !== machine.root) states.push(node.id);
    for (const list of node.transitions.values()) for (const t of list) transitions.push(transitionKey(t));
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return { states, transitions };
}

/**
 * Replays a walked path's events on the machine's pure transition function from its initial snapshot (made with
 * `input`) and notes each microstep: the states it was in and the transitions it took, eventless ones (`always`)
 * and the initial ones included. Only the path's events are used: @xstate/graph 3 builds the snapshots of a path
 * from events (getPathsFromEvents) without the machine's input.
 */
export function walkOf(
  machine: AnyStateMachine,
  path: { steps: Array<{ event: EventObject; state: unknown }> },
  input?: unknown,
): { states: string[]; transitions: string[] } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const note = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes ?? []) if (node !== machine.root) states.add(node.id);
  };
  const scopeActor = createEmptyActor();
  scopeActor.system.inspect((ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    note(ev.snapshot as AnyMachineSnapshot);
    for (const t of ev._transitions as TransitionLike[]) {
      transitions.add(transitionKey(t));
      if (t.source !== machine.root) states.add(t.source.id);
    }
  });
  const scope = {
    self: scopeActor,
    logger: () => {},
    id: '',
    sessionId: 'model-coverage',
    defer: () => {},
    system: scopeActor.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as never;
  let snapshot = machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
  note(snapshot);
  for (const { event } of path.steps) {
    if (event.type === 'xstate.init') continue;
    snapshot = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
    note(snapshot);
  }
  return { states: [...states], transitions: [...transitions] };
}

/**
 * Records one walked path of `machine` for `side` (a line appended to `<out>/<machineId>.<side>.jsonl`) when
 * MODELS_OUT or MAJLIS_MODELS is set; otherwise does nothing. Call it after the path's test has passed.
 */
export function recordWalk(
  machine: AnyStateMachine,
  side: ModelSide,
  path: { description?: string; steps: Array<{ event: EventObject; state: unknown }> },
  input?: unknown,
): void {
  if (!recording()) return;
  const walked = walkOf(machine, path, input);
  const dir = modelsOutDir();
  mkdirSync(dir, { recursive: true });
  const record: WalkRecord = { path: path.description ?? '', ...walked };
  appendFileSync(join(dir, `${machine.id}.${side}.jsonl`), `${JSON.stringify(record)}\n`);
}
