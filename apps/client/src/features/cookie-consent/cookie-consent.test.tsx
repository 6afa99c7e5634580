// biome-ignore-all lint/correctness/noComponentHookFactories: the test model's event map is keyed by the machine's event names (OPEN, LOGIN…), which the rule takes for components.
import { COOKIE_POLICY_VERSION } from '@majlis/contracts/cookies';
import { type CookieConsentEvent, cookieConsentMachine } from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from '../../lib/storage.ts';
import { CONSENT_EVENT } from '../../state/cookie-consent.tsx';
import { SessionContext } from '../../state/session.tsx';
import { demoUser, fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { CookieBanner } from './CookieBanner.tsx';

type Snapshot = ReturnType<typeof cookieConsentMachine.getInitialSnapshot>;
type Recorded = Extract<CookieConsentEvent, { type: 'RECORDED' }>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);
const OLD = COOKIE_POLICY_VERSION - 1;

/** The server's records a sign-in may bring: today's choices, an older policy's, none. */
const recordedEvents: Recorded[] = [
  { type: 'RECORDED', choice: 'accepted', version: COOKIE_POLICY_VERSION },
  { type: 'RECORDED', choice: 'declined', version: COOKIE_POLICY_VERSION },
  { type: 'RECORDED', choice: 'accepted', version: OLD },
  { type: 'RECORDED', choice: null, version: null },
];

/**
 * This browser's stored choice × the policy version it was made under (none: before versions were kept). Each path
 * starts signed out; RECORDED is a sign-in bringing the server's record, after which the banner's choice is sent up.
 */
describe.each([
  [null, null],
  // Today's version without a choice beside it (the choice cookie cleared alone): nothing was decided.
  [null, COOKIE_POLICY_VERSION],
  ['true', COOKIE_POLICY_VERSION],
  ['false', COOKIE_POLICY_VERSION],
  ['true', OLD],
  ['false', null],
] as const)('cookie consent, stored %s of version %s', (stored, storedVersion) => {
  const input = { stored, storedVersion, policyVersion: COOKIE_POLICY_VERSION };
  const model = createTestModel(cookieConsentMachine, {
    input,
    events: [{ type: 'ACCEPT' }, { type: 'DECLINE' }, ...recordedEvents],
    serializeState,
  });

  for (const path of getTransitionPaths(model, { serializeState, input })) {
    it(path.description, async () => {
      delete document.documentElement.dataset.consent;
      if (stored) writeCookie('CookieConsent', stored);
      if (storedVersion !== null) writeCookie('CookieConsentVersion', String(storedVersion));
      let record: { choice: 'accepted' | 'declined' | null; version: number | null; decidedAt: string | null } = {
        choice: null,
        version: null,
        decidedAt: null,
      };
      const { calls } = fakeBff({
        'GET /api/cookie-consent': () => ({ body: record }),
        'PUT /api/cookie-consent': (init) => {
          const { choice } = JSON.parse(String(init.body));
          return { body: { choice, version: COOKIE_POLICY_VERSION, decidedAt: new Date().toISOString() } };
        },
      });
      const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/cookie-consent');
      let initRuns = 0;
      const onConsent = () => initRuns++;
      window.addEventListener(CONSENT_EVENT, onConsent);
      let session: ReturnType<typeof SessionContext.useActorRef> | undefined;
      function SessionHandle() {
        session = SessionContext.useActorRef();
        return null;
      }
      await renderWithProviders(
        <MemoryRouter>
          <SessionHandle />
          <CookieBanner />
        </MemoryRouter>,
      );
      let signIns = 0;
      let everAccepted = false;
      const decided = (value: 'true' | 'false') => {
        expect(screen.queryByTestId('cookie-banner')).toBeNull();
        expect(readCookie('CookieConsent')).toBe(value);
        expect(readCookie('CookieConsentVersion')).toBe(String(COOKIE_POLICY_VERSION));
      };
      const choose = (label: string, choice: 'accepted' | 'declined') => async () => {
        const before = puts().length;
        fireEvent.click(screen.getByRole('button', { name: label }));
        // Signed in, the choice is recorded on the server too; signed out, it stays in this browser.
        await waitFor(() => expect(puts().length).toBe(before + (signIns ? 1 : 0)));
        if (signIns) expect(puts().at(-1)?.body).toEqual({ choice });
      };
      try {
        await path.test({
          states: {
            unknown: () => {
              expect(screen.getByText('يستخدم هذا الموقع ملفات تعريف الارتباط')).toBeTruthy();
              // Nothing was chosen here: what an older policy's choice left is not rewritten.
              expect(readCookie('CookieConsent')).toBe(stored);
              expect(initRuns).toBe(0);
              expect(document.documentElement.dataset.consent).toBeUndefined();
            },
            accepted: () =>
              waitFor(() => {
                decided('true');
                expect(document.documentElement.dataset.consent).toBe('true');
                expect(initRuns).toBe(1);
                everAccepted = true;
              }),
            declined: () =>
              waitFor(() => {
                decided('false');
                if (!everAccepted) {
                  expect(document.documentElement.dataset.consent).toBeUndefined();
                  expect(initRuns).toBe(0);
                }
              }),
          },
          events: {
            ACCEPT: choose('أوافق', 'accepted'),
            DECLINE: choose('أرفض', 'declined'),
            RECORDED: async ({ event }) => {
              const { choice, version } = event as unknown as Recorded;
              record = { choice, version, decidedAt: choice ? '2026-01-02T03:04:05.000Z' : null };
              const asks = calls.filter((c) => c.method === 'GET' && c.path === '/api/cookie-consent').length;
              const before = puts().length;
              const local = readCookie('CookieConsent');
              const localCurrent = readCookie('CookieConsentVersion') === String(COOKIE_POLICY_VERSION);
              signIns++;
              act(() => session?.send({ type: 'LOGIN', user: { ...demoUser, id: `u-${signIns}` } }));
              await waitFor(() =>
                expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/cookie-consent').length).toBe(
                  asks + 1,
                ),
              );
              // No record under today's policy: a choice this browser made is sent up.
              const sendsUp = (choice === null || version !== COOKIE_POLICY_VERSION) && localCurrent && !!local;
              await waitFor(() => expect(puts().length).toBe(before + (sendsUp ? 1 : 0)));
              if (sendsUp) expect(puts().at(-1)?.body).toEqual({ choice: local === 'true' ? 'accepted' : 'declined' });
            },
          },
        });
        recordWalk(cookieConsentMachine, 'client', path, input);
      } finally {
        window.removeEventListener(CONSENT_EVENT, onConsent);
      }
    });
  }
});
