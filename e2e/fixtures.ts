import { existsSync } from 'node:fs';
import { type BrowserContext, test as base, expect, type Page, type ViewportSize } from '@playwright/test';
import { CHROMIUM, MAIL_DIR } from './lib/constants.ts';
import { readMail } from './lib/mail-catcher.ts';

export { expect };

/** E-mail the embedded BFF delivered by SMTP to the stack's mail catcher (raw messages, bodies decoded). */
export interface Mailbox {
  /** Every message delivered so far, oldest first. */
  all(): string[];
  /**
   * The first message that matches, once delivered: the embedded default's outbox job sends every 10 s, hence the
   * 30 s patience. `what` names it in the failure.
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

export const test = base.extend<Fixtures>({
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

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  mail: async ({}, use) => {
    await use({
      all: () => readMail(MAIL_DIR),
      async find(match, what) {
        await expect
          .poll(() => readMail(MAIL_DIR).some(match), { message: `${what} was delivered`, timeout: 30_000 })
          .toBe(true);
        return readMail(MAIL_DIR).find(match) as string;
      },
    });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  bbbURL: async ({}, use) => {
    const url = process.env.E2E_BBB_URL;
    if (!url) throw new Error('E2E_BBB_URL is not set: the webServer of playwright.config.ts did not start');
    await use(url);
  },
});
