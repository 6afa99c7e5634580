import { existsSync } from 'node:fs';
import { type BrowserContext, test as base, expect, type Page, type ViewportSize } from '@playwright/test';
import { CHROMIUM, MAIL_DIR } from './lib/constants.ts';
import { readMail } from './lib/mail-catcher.ts';
import { type Stack, startStack } from './lib/stack-process.ts';

export type { Stack };
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
