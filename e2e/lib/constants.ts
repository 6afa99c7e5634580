import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** Playwright's outputDir (traces and screenshots of failures) and the specs' own pictures; gitignored. */
export const ARTIFACTS = `${REPO}e2e/artifacts`;
/** Where e2e/stack.ts's mail catcher leaves each message it receives, one file each, for the tests to read. */
export const MAIL_DIR = `${ARTIFACTS}/mail`;

/** Debian's Chromium: the tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Majlis-demo-2026';
