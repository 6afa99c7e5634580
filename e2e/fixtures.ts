import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type BrowserContext, test as base, expect, type Page, type ViewportSize } from '@playwright/test';
import { CHROMIUM, MAIL_DIR, REPO } from './lib/constants.ts';
import { readMail } from './lib/mail-catcher.ts';

export { expect };

/** E-mail the embedded BFF delivered by SMTP to the stack's mail catcher (raw messages, bodies decoded). */
export interface Mailbox {
  /** Every message delivered so far, oldest first. */
  all(): string[];
  /**
   * The first message that matches, once delivered: the embedded default's outbox job sends every 10 s, so each look
   * first asks the stack to deliver now (its test hook /test/deliver-outbox, the same job); the 30 s patience stays.
   * `what` names it in the failure.
   */
  find(match: (message: string) => boolean, what: string): Promise<string>;
}

export interface Fixtures {
  /** Skips (or, with REQUIRE_SERVICES=1, fails) every test when Debian's Chromium is not installed. */
  requireChromium: undefined;
  /** Another page in a fresh browser context (own cookies and storage), closed after the test. */
  newPage: (options?: { viewport?: ViewportSize }) => Promise<Page>;
  /**
   * The only way to read a password-reset link, which the outbox viewer hides from everybody but its addressee.
   */
  mail: Mailbox;
  /** The BigBlueButton simulator the embedded BFF talks to (its API base, …/bigbluebutton). */
  bbbURL: string;
}

/** The embedded stack of this worker (e2e/stack.ts): the BFF's base URL, the simulator's, and the stack's mailbox. */
export interface Stack {
  url: string;
  bbbURL: string;
  mailDir: string;
}

/**
 * Starts e2e/stack.ts and resolves with its ready line's URLs. Its output is kept for the failure (and shown live with
 * E2E_BFF_LOGS=1); its stdin is a pipe whose end stops it should this worker die without its teardown.
 */
async function startStack(mailDir: string): Promise<{ stack: Stack; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/stack.ts'], {
    cwd: REPO,
    env: { ...process.env, E2E_MAIL_DIR: mailDir, E2E_STACK_STDIN: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const log = (d: Buffer) => {
    output += String(d);
    if (process.env.E2E_BFF_LOGS === '1') process.stdout.write(d);
  };
  child.stdout.on('data', log);
  child.stderr.on('data', log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const gone = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
    if (!gone) child.kill('SIGKILL');
  };
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const look = () => {
      const line = output.match(/e2e stack ready: (\S+) (\S+)/);
      if (line) {
        child.stdout.off('data', look);
        resolve(line);
      }
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => reject(new Error(`e2e/stack.ts exited with ${code} before it was ready:\n${output}`)));
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { stack: { url: ready[1] as string, bbbURL: ready[2] as string, mailDir }, stop };
}

export interface WorkerFixtures {
  /** Whether the project's tests run on the embedded stack (false for the scale-out project, which starts its own). */
  embeddedStack: boolean;
  /** This worker's embedded stack, started with the worker's first test; null where `embeddedStack` is false. */
  stack: Stack | null;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  embeddedStack: [true, { scope: 'worker', option: true }],

  // One stack per worker, so two workers run specs side by side, each on demo accounts nobody else touches. Every
  // test asks for it (Playwright's own context options read baseURL), hence the project option that spares it.
  stack: [
    async ({ embeddedStack }, use, workerInfo) => {
      if (!embeddedStack) {
        await use(null);
        return;
      }
      if (!existsSync(CHROMIUM)) {
        // No browser: every test is skipped (or fails) in requireChromium, and no stack is worth starting.
        await use({ url: 'http://127.0.0.1:9', bbbURL: 'http://127.0.0.1:9', mailDir: MAIL_DIR });
        return;
      }
      const { stack, stop } = await startStack(`${MAIL_DIR}/worker-${workerInfo.parallelIndex}`);
      try {
        await use(stack);
      } finally {
        await stop();
      }
    },
    // Migrations and the demo seed in PGlite: a minute and more on two busy cores.
    { scope: 'worker', timeout: 300_000 },
  ],

  baseURL: async ({ stack }, use) => {
    await use(stack?.url);
  },

  requireChromium: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      if (!existsSync(CHROMIUM)) {
        const reason = `${CHROMIUM} is missing`;
        if (process.env.REQUIRE_SERVICES === '1') throw new Error(`${reason} and REQUIRE_SERVICES=1`);
        testInfo.skip(true, `${reason}: end-to-end tests skipped (set REQUIRE_SERVICES=1 to fail instead)`);
      }
      await use(undefined);
    },
    { auto: true },
  ],

  newPage: async ({ browser, baseURL, viewport }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ baseURL, viewport: options?.viewport ?? viewport });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  mail: async ({ baseURL, stack }, use) => {
    if (!stack) throw new Error('the mailbox is the embedded stack’s: this project has none');
    // The timer's run may hold the messages already (a claimed row is skipped): then the look after it finds them.
    const deliverNow = () => fetch(`${baseURL}/test/deliver-outbox`, { method: 'POST' }).catch(() => undefined);
    await use({
      all: () => readMail(stack.mailDir),
      async find(match, what) {
        await expect
          .poll(
            async () => {
              if (readMail(stack.mailDir).some(match)) return true;
              await deliverNow();
              return readMail(stack.mailDir).some(match);
            },
            { message: `${what} was delivered`, timeout: 30_000 },
          )
          .toBe(true);
        return readMail(stack.mailDir).find(match) as string;
      },
    });
  },

  bbbURL: async ({ stack }, use) => {
    if (!stack) throw new Error('the simulator is the embedded stack’s: this project has none');
    await use(stack.bbbURL);
  },
});
