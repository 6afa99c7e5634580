import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadCatalogs } from '../i18n/i18n.ts';
import { forgetCsrfToken } from '../lib/http.ts';
import { writeCookie } from '../lib/storage.ts';
import { dismissToast, getToasts } from '../ui/toast.ts';
import { takeContractBreaks } from './contract-breaks.ts';

/**
 * Every findBy* query and waitFor waits with the runner's patience, not testing-library's 1 s default: on a busy
 * machine (two suites at once, 2 cores) a first render of the dashboard took longer than 1 s and failed CI (issue 9
 * finding 10).
 * A passing wait returns as soon as it passes, so this costs nothing when the machine is quiet. Below vite.config's
 * testTimeout (30 s), so a wait that never passes still fails with its own message.
 */
export const UI_PATIENCE_MS = 15_000;
configure({ asyncUtilTimeout: UI_PATIENCE_MS });

beforeAll(async () => {
  await loadCatalogs(['ar', 'en']);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) writeCookie(name, '', 0);
  }
  vi.restoreAllMocks();
  // Files share a worker's modules (vite.config: isolate false), so what a module keeps is cleared like the DOM is:
  // the toasts on screen and the CSRF token fetched from a file's fake BFF.
  for (const t of getToasts()) dismissToast(t.id);
  forgetCsrfToken();
  // An answer of the fake BFF that the BFF could never send fails the test that used it (fake-bff.ts, issue 27).
  const broken = takeContractBreaks();
  if (broken.length) throw new Error(broken.join('\n\n'));
});

// Mantine reads these; happy-dom lacks them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
