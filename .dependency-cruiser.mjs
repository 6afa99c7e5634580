/**
 * The layers, checked by `npm run lint` (dependency-cruiser): no import cycle anywhere in packages/ and apps/, files or
 * folders, and the arrows below point one way. CONTRIBUTING.md ("How the code is laid out") draws the same picture.
 *
 * Core, bottom to top:
 *   kernel     db (schema, connect), events, outbox, config/errors/log/rate-limit/socket-limits: imports no domain
 *   providers  adapters (conferencing, payments, phone, messaging): parse and call, import the kernel only
 *   shared     auth (who is calling, their powers), audit, notifications, wording (the product's own words for what
 *              it names, in the reader's language): every domain may call them
 *   domains    accounts, billing, chat, contact, meetings, ops, profile, recordings, reports, rooms, teams, users:
 *              one domain calls another only through a port named in DOMAIN_PORTS
 *   drivers    jobs, demo, runtime.ts: start-up and scheduled work, may call any domain; nothing below imports them
 */

const CORE = '^packages/core/src/';
const KERNEL = `${CORE}(db/|events/|outbox/|(config|errors|log|rate-limit|socket-limits)[.]ts$)`;
const PROVIDERS = `${CORE}providers/`;
const SHARED = `${CORE}(auth|audit|notifications|wording)/`;
const DOMAIN_NAMES = 'accounts|billing|chat|contact|meetings|ops|profile|recordings|reports|rooms|teams|users';
const DOMAINS = `${CORE}(${DOMAIN_NAMES})/`;
const DRIVERS = `${CORE}((jobs|demo)/|runtime[.]ts$)`;

/**
 * The files of a domain another domain may import, each with why it is not somewhere lower. Keep it short: a new
 * entry is a new arrow between domains, so first ask whether the code belongs in shared, a provider, or the caller.
 */
const DOMAIN_PORTS = [
  // A room's plan, seats and days left: meetings (starting one), rooms (their view) and accounts (the summary) read
  // the subscription the way billing decides it, rather than a copy of its rules.
  `${CORE}billing/(subscriptions|periods)[.]ts$`,
  // The account page shows the trial's state; billing owns the trial's rules.
  `${CORE}billing/trial-activation[.]ts$`,
  // A closed or suspended account refuses joins and recordings: one check, the accounts domain's.
  `${CORE}accounts/open-account[.]ts$`,
  // Removing a user from an institution is a membership change (users asks, accounts owns the membership).
  `${CORE}accounts/membership[.]ts$`,
  // Invoices print the company's legal details, which the contact page shows too.
  `${CORE}contact/contact[.]ts$`,
  // The meeting context and row shape, calendar arithmetic on days and zones (no data access), and the status and
  // assistants changes a room's unassignment causes; reports and recordings read meetings' time the same way.
  `${CORE}meetings/(meeting-access|time|meeting-status|tell-assistants)[.]ts$`,
  // Suspending an account (ops) ends its running meetings: meetings knows how to end one at its provider.
  `${CORE}meetings/end-account-meetings[.]ts$`,
  // Chat lists a user's team mates as contacts; teams owns who is in which team.
  `${CORE}teams/find-teams[.]ts$`,
  // Removing a user (users) gives back the rooms they had: the rooms domain's unassignment.
  `${CORE}rooms/unassign-room[.]ts$`,
];

/** Tests set up across layers on purpose; nothing imports a test, so no cycle can run through one. */
const TESTS = '[.](test|spec)[.]tsx?$';

export default {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle: a module that (through others) imports itself. Move the shared part to a lower file.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Two folders import each other (through others): decide which one is lower and move the code there.',
      severity: 'error',
      scope: 'folder',
      // Not yet apps/client: its features/ folders lean on each other through shared code kept inside features
      // (meetings/format.ts, dashboard/account-context.tsx); that is the client's restructuring (shared state into
      // lib/ and state/). Widen this to '^(packages|apps)/' when it lands. File cycles are checked everywhere.
      from: { path: '^(packages|apps/(bff|worker))/' },
      to: { circular: true },
    },
    {
      name: 'db-at-the-bottom',
      comment: 'db (schema, connect) is the bottom layer: the start-up (runtime.ts) seeds rows, not db.',
      severity: 'error',
      from: { path: `${CORE}db/` },
      to: { path: CORE, pathNot: `${CORE}db/` },
    },
    {
      name: 'kernel-imports-no-domain',
      comment: 'events, outbox, config, errors, log and the limits serve every layer and know none of them.',
      severity: 'error',
      from: { path: KERNEL },
      to: { path: CORE, pathNot: KERNEL },
    },
    {
      name: 'providers-import-no-domain',
      comment:
        'A provider adapter parses and calls; reacting to what a provider says is the domain’s (e.g. meetings/on-provider-webhook.ts).',
      severity: 'error',
      from: { path: PROVIDERS },
      to: { path: CORE, pathNot: [PROVIDERS, KERNEL] },
    },
    {
      name: 'shared-imports-no-domain',
      comment: 'auth, audit, notifications and wording are called by every domain, so they call none.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: CORE, pathNot: [SHARED, PROVIDERS, KERNEL] },
    },
    {
      name: 'domains-sideways-through-ports',
      comment: 'A domain calls another only through a port listed in DOMAIN_PORTS (.dependency-cruiser.mjs).',
      severity: 'error',
      from: { path: `${CORE}(${DOMAIN_NAMES})/` },
      to: { path: DOMAINS, pathNot: [`${CORE}$1/`, ...DOMAIN_PORTS] },
    },
    {
      name: 'nothing-imports-drivers',
      comment: 'jobs, demo and runtime.ts sit on top: they call domains, domains do not call them.',
      severity: 'error',
      from: { path: CORE, pathNot: DRIVERS },
      to: { path: DRIVERS },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-and-machines-stand-alone',
      comment: 'contracts and machines are read by every side: they import nothing of ours but i18n (types).',
      severity: 'error',
      from: { path: '^packages/(contracts|machines)/' },
      to: { path: '^(packages|apps)/', pathNot: ['^packages/$1/', '^packages/i18n/'] },
    },
    {
      name: 'worker-takes-contracts-and-core',
      severity: 'error',
      from: { path: '^apps/worker/' },
      to: { path: '^(packages|apps)/', pathNot: '^(apps/worker|packages/(contracts|core))/' },
    },
    {
      name: 'client-imports-no-server',
      comment: 'The client takes contracts, machines and i18n, and from the BFF only `type AppType` (app-type.ts).',
      severity: 'error',
      from: { path: '^apps/client/' },
      to: { path: '^(packages/core|apps/(bff|worker))/', pathNot: '^apps/bff/src/app-type[.]ts$' },
    },
    {
      name: 'no-app-imports-another-app',
      severity: 'error',
      from: { path: '^apps/(bff|worker)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|[.]tsbuild|[.]data)/', TESTS] },
    // Our TypeScript through Babel (scripts/depcruise-babel.mjs says why); @swc/core is installed only because
    // dependency-cruiser scans .ts files when a TypeScript-capable parser is present (TypeScript 7 has no JS API).
    babelConfig: { fileName: 'scripts/depcruise-babel.mjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
