// biome-ignore-all lint/correctness/noComponentHookFactories: the test model's event map is keyed by the machine's event names (OPEN, LOGIN…), which the rule takes for components.
import { cookieConsentMachine } from '@majlis/machines';
import { getTransitionPaths } from '@majlis/machines/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from '../../lib/storage.ts';
import { CONSENT_EVENT } from '../../state/cookie-consent.tsx';
import { renderWithProviders } from '../../test/harness.tsx';
import { CookieBanner } from './CookieBanner.tsx';

type Snapshot = ReturnType<typeof cookieConsentMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);

describe.each([null, 'true', 'false'])('cookie consent, stored %s', (stored) => {
  const model = createTestModel(cookieConsentMachine, {
    input: { stored },
    events: [{ type: 'ACCEPT' }, { type: 'DECLINE' }],
    serializeState,
  });

  for (const path of getTransitionPaths(model, { serializeState, input: { stored } })) {
    it(path.description, async () => {
      delete document.documentElement.dataset.consent;
      if (stored) writeCookie('CookieConsent', stored);
      let initRuns = 0;
      const onConsent = () => initRuns++;
      window.addEventListener(CONSENT_EVENT, onConsent);
      await renderWithProviders(
        <MemoryRouter>
          <CookieBanner />
        </MemoryRouter>,
      );
      try {
        await path.test({
          states: {
            unknown: () => {
              expect(screen.getByText('يستخدم هذا الموقع ملفات تعريف الارتباط')).toBeTruthy();
              expect(readCookie('CookieConsent')).toBeNull();
              expect(initRuns).toBe(0);
            },
            accepted: () =>
              waitFor(() => {
                expect(screen.queryByTestId('cookie-banner')).toBeNull();
                expect(readCookie('CookieConsent')).toBe('true');
                expect(document.documentElement.dataset.consent).toBe('true');
                expect(initRuns).toBe(1);
              }),
            declined: () =>
              waitFor(() => {
                expect(screen.queryByTestId('cookie-banner')).toBeNull();
                expect(readCookie('CookieConsent')).toBe('false');
                expect(document.documentElement.dataset.consent).toBeUndefined();
                expect(initRuns).toBe(0);
              }),
          },
          events: {
            ACCEPT: () => {
              fireEvent.click(screen.getByRole('button', { name: 'أوافق' }));
            },
            DECLINE: () => {
              fireEvent.click(screen.getByRole('button', { name: 'أرفض' }));
            },
          },
        });
      } finally {
        window.removeEventListener(CONSENT_EVENT, onConsent);
      }
    });
  }
});
