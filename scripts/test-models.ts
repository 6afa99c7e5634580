/**
 * `npm run test:models` (issue 17): runs every model-based test of both sides with walk recording on, then holds what
 * was walked against each machine's definition. Exits non-zero when a test failed or when a side a machine requires
 * left a state or a transition unwalked, and says which. `--no-run` only reads the walks of an earlier run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as machines from '@majlis/machines';
import { graphOf, type ModelSide, modelsOutDir, type WalkRecord } from '@majlis/machines/model-coverage';
import type { AnyStateMachine } from 'xstate';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Which sides must walk every state and transition of which machine. The six of issue 17 are held on the page and
 * on the server alike; the charts that only the server runs (meetings, billing, trial) on the server; join on the
 * page (the server's side of it is the join route's own tests).
 */
const REQUIRED: Record<string, ModelSide[]> = {
  session: ['client', 'server'],
  language: ['client', 'server'],
  accountSwitch: ['client', 'server'],
  cookieConsent: ['client', 'server'],
  chat: ['client', 'server'],
  notifications: ['client', 'server'],
  meetingStatus: ['server'],
  subscription: ['server'],
  payment: ['server'],
  trialVerification: ['server'],
  join: ['client'],
};

/** Why chat's walks leave `unread.loaded` out of their events (apps/client/src/features/chat/chat.test.tsx). */
const UNREAD_LOADED = {
  match: '--unread.loaded-->',
  why: 'the answer to unread.changed: the walk produces unread.changed and the real GET of unread brings it',
};

/**
 * Transitions a side's walk does not take as a model event, and why: left out of that side's count and listed under
 * the table. Matched as a part of the transition's name (`source --event[guard]--> target`).
 */
const NOT_ON_SIDE: Record<string, Partial<Record<ModelSide, Array<{ match: string; why: string }>>>> = {
  chat: { client: [UNREAD_LOADED], server: [UNREAD_LOADED] },
  cookieConsent: {
    server: [
      {
        match: 'cookieConsent.restoring --always--> ',
        why: 'a stored record always has a choice and a version (both NOT NULL); no record reads as outdated',
      },
      {
        match: '--RECORDED',
        why: "the record arriving at a browser at sign-in is the page's step; the server's side is the record itself",
      },
    ],
  },
  subscription: {
    server: [
      {
        match: 'subscription.expiring --meeting.start[needsDay]',
        why: 'a daily plan is never told of its end (the renewals job passes daily plans by), and buying days while expiring lands in renewed',
      },
    ],
  },
  language: {
    client: [
      {
        match: '[acceptIsEnglish]',
        why: 'the page decides from what it stored, else Arabic (spec §4); only the server reads Accept-Language',
      },
    ],
  },
};

/** The page's model tests (run under the client's vitest project, happy-dom). */
const CLIENT_TESTS = [
  'apps/client/src/state/session.test.tsx',
  'apps/client/src/state/language.test.tsx',
  'apps/client/src/features/cookie-consent/cookie-consent.test.tsx',
  'apps/client/src/features/account-switch/account-switch.test.tsx',
  'apps/client/src/features/chat/chat.test.tsx',
  'apps/client/src/features/notifications/notifications.test.tsx',
  'apps/client/src/features/join/join.test.tsx',
];

/** The server's: every `*.model.test.ts` of the BFF and of core, so a new one is run without a change here. */
function serverTests(): string[] {
  return ['apps/bff/test', 'packages/core/test'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.model.test.ts'))
      .map((f) => `${dir}/${f}`),
  );
}

function runTests(out: string): boolean {
  rmSync(out, { recursive: true, force: true });
  const files = [...CLIENT_TESTS, ...serverTests()].filter((f) => existsSync(join(root, f)));
  console.log(`Walking the models: ${files.length} test files, walks recorded under ${relative(root, out) || out}\n`);
  // The default reporter only: the root config's JSON report belongs to the whole suite's run.
  const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MAJLIS_MODELS: '1', MODELS_OUT: out },
  });
  return run.status === 0;
}

function readWalks(out: string, id: string, side: ModelSide): WalkRecord[] {
  const file = join(out, `${id}.${side}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as WalkRecord);
}

interface Row {
  machine: string;
  side: ModelSide;
  required: boolean;
  states: [number, number];
  transitions: [number, number];
  paths: number;
  missing: string[];
}

function coverage(out: string): Row[] {
  const all = Object.values(machines).filter(
    (v): v is AnyStateMachine => typeof v === 'object' && v !== null && 'root' in v && 'transition' in v,
  );
  const byId = new Map(all.map((m) => [m.id, m]));
  const rows: Row[] = [];
  for (const id of [...new Set([...Object.keys(REQUIRED), ...byId.keys()])]) {
    const machine = byId.get(id);
    const required = REQUIRED[id] ?? [];
    if (!machine) {
      rows.push(
        ...required.map((side) => ({
          machine: id,
          side,
          required: true,
          states: [0, 0] as [number, number],
          transitions: [0, 0] as [number, number],
          paths: 0,
          missing: ['the machine is not exported by @majlis/machines'],
        })),
      );
      continue;
    }
    const graph = graphOf(machine);
    for (const side of ['client', 'server'] as const) {
      const walks = readWalks(out, id, side);
      const isRequired = required.includes(side);
      if (!walks.length && !isRequired) continue;
      const states = new Set(walks.flatMap((w) => w.states));
      const transitions = new Set(walks.flatMap((w) => w.transitions));
      const missingStates = graph.states.filter((s) => !states.has(s));
      const exempt = NOT_ON_SIDE[id]?.[side] ?? [];
      const held = graph.transitions.filter((t) => !exempt.some((e) => t.includes(e.match)));
      const missingTransitions = held.filter((t) => !transitions.has(t));
      rows.push({
        machine: id,
        side,
        required: isRequired,
        states: [graph.states.length - missingStates.length, graph.states.length],
        transitions: [held.length - missingTransitions.length, held.length],
        paths: walks.length,
        missing: [
          ...(walks.length ? [] : ['no model test walks this side']),
          ...missingStates.map((s) => `state ${s}`),
          ...missingTransitions.map((t) => `transition ${t}`),
        ],
      });
    }
  }
  return rows;
}

function print(rows: Row[]): void {
  const table = [
    ['machine', 'side', 'states', 'transitions', 'paths', ''],
    ...rows.map((r) => [
      r.machine,
      r.side,
      `${r.states[0]}/${r.states[1]}`,
      `${r.transitions[0]}/${r.transitions[1]}`,
      String(r.paths),
      r.missing.length === 0 ? 'ok' : r.required ? 'MISSING' : '(not required)',
    ]),
  ];
  const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0))) ?? [];
  for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
}

const out = modelsOutDir();
const passed = process.argv.includes('--no-run') ? true : runTests(out);
const rows = coverage(out);
console.log('\nModel coverage (walked / in the chart):\n');
print(rows);
for (const [id, sides] of Object.entries(NOT_ON_SIDE)) {
  for (const [side, list] of Object.entries(sides)) {
    for (const e of list ?? []) console.log(`  ${id} (${side}) does not take ${e.match}: ${e.why}`);
  }
}
const gaps = rows.filter((r) => r.required && r.missing.length);
for (const r of gaps) {
  console.log(`\n${r.machine} (${r.side}) misses:`);
  for (const m of r.missing) console.log(`  - ${m}`);
}
if (!passed) console.log('\nSome model tests failed (see above): their paths were not recorded.');
if (gaps.length) console.log(`\n${gaps.length} required machine side(s) not fully walked.`);
process.exitCode = passed && !gaps.length ? 0 : 1;
