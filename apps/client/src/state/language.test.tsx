// biome-ignore-all lint/correctness/noComponentHookFactories: the test model's event map is keyed by the machine's event names (OPEN, LOGIN…), which the rule takes for components.
import { Trans } from '@lingui/react/macro';
import { languageMachine } from '@majlis/machines';
import { getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { LanguageMenu, LanguageToggle } from '../features/language/LanguageMenu.tsx';
import { applyDocumentLanguage } from '../i18n/i18n.ts';
import { readCookie, storeUser } from '../lib/storage.ts';
import { dashboardHandlers, demoUser, fakeBff, renderWithProviders, userInfoAnswer } from '../test/harness.tsx';
import { useAccountData } from './account.tsx';
import { initialLocale } from './language.tsx';
import { useSessionUser } from './session.tsx';

type Snapshot = ReturnType<typeof languageMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) => JSON.stringify(s.value);

function expectLanguage(code: 'ar' | 'en') {
  const html = document.documentElement;
  expect(html.lang).toBe(code);
  expect(html.dir).toBe(code === 'ar' ? 'rtl' : 'ltr');
  expect(document.body.classList.contains('En')).toBe(code === 'en');
  expect(localStorage.getItem('MajlisLang')).toBe(code === 'ar' ? 'Ar' : 'En');
  expect(readCookie('MajlisLang')).toBe(code === 'ar' ? 'Ar' : 'En');
  expect(screen.getByTestId('probe').textContent).toBe(code === 'ar' ? 'تسجيل الدخول' : 'Sign in');
}

/** Spec §4: whatever was stored, anything not En comes up Arabic and is saved back as Ar. */
describe.each(['En', 'Ar', 'fr', null])('language, stored %s', (stored) => {
  const model = createTestModel(languageMachine, {
    input: { stored },
    events: [{ type: 'SET', value: 'En' }, { type: 'SET', value: 'Ar' }, { type: 'TOGGLE' }],
    serializeState,
  });

  for (const path of getTransitionPaths(model, { serializeState, input: { stored } })) {
    it(path.description, async () => {
      fakeBff({});
      if (stored) localStorage.setItem('MajlisLang', stored);
      await applyDocumentLanguage(initialLocale());
      await renderWithProviders(
        <>
          <LanguageMenu />
          <LanguageToggle />
          <span data-testid="probe">
            <Trans>Sign in</Trans>
          </span>
        </>,
      );
      await path.test({
        states: {
          ar: () => waitFor(() => expectLanguage('ar')),
          en: () => waitFor(() => expectLanguage('en')),
        },
        events: {
          SET: ({ event }) => {
            fireEvent.click(document.querySelector('.lang-menu__button') as HTMLElement);
            const label = (event as unknown as { value: string }).value === 'En' ? 'English' : 'العربية';
            fireEvent.click(
              within(document.querySelector('.lang-menu__list') as HTMLElement).getByRole('button', { name: label }),
            );
          },
          TOGGLE: () => {
            fireEvent.click(screen.getByTestId('language-toggle'));
          },
        },
      });
      recordWalk(languageMachine, 'client', path, { stored });
    });
  }
});

/** The dashboard's account data, as DashLayout reads it: the profile's language arrives with the user info. */
function Dashboard() {
  useAccountData(useSessionUser());
  return null;
}

/**
 * Issue 17, signed in: the profile's language comes first whatever this browser stored, and every choice made with
 * the menu or the toggle is saved on the profile too (PUT /api/profile/locale), so e-mails and other devices follow.
 */
describe.each([
  ['en', 'Ar'],
  ['ar', 'En'],
  ['en', null],
] as const)('language signed in, profile %s, stored %s', (profile, stored) => {
  const input = { profile, stored };
  const model = createTestModel(languageMachine, {
    input,
    events: [{ type: 'SET', value: 'En' }, { type: 'SET', value: 'Ar' }, { type: 'TOGGLE' }],
    serializeState,
  });

  for (const path of getTransitionPaths(model, { serializeState, input })) {
    it(path.description, async () => {
      let saved = profile;
      const { calls } = fakeBff({
        ...dashboardHandlers({
          'GET /api/user/info': userInfoAnswer({ locale: profile }),
        }),
        'PUT /api/profile/locale': (init: RequestInit) => {
          saved = JSON.parse(String(init.body)).locale;
          return { body: { locale: saved } };
        },
      });
      storeUser(demoUser);
      if (stored) localStorage.setItem('MajlisLang', stored);
      await applyDocumentLanguage(initialLocale());
      await renderWithProviders(
        <>
          <Dashboard />
          <LanguageMenu />
          <LanguageToggle />
          <span data-testid="probe">
            <Trans>Sign in</Trans>
          </span>
        </>,
      );
      const saves = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/profile/locale').length;
      const expectSigned = (code: 'ar' | 'en') => () =>
        waitFor(() => {
          expectLanguage(code);
          expect(saved).toBe(code);
        });
      const click = async (run: () => void) => {
        const before = saves();
        run();
        await waitFor(() => expect(saves()).toBe(before + 1));
      };
      await path.test({
        states: { ar: expectSigned('ar'), en: expectSigned('en') },
        events: {
          SET: ({ event }) =>
            click(() => {
              fireEvent.click(document.querySelector('.lang-menu__button') as HTMLElement);
              const label = (event as unknown as { value: string }).value === 'En' ? 'English' : 'العربية';
              fireEvent.click(
                within(document.querySelector('.lang-menu__list') as HTMLElement).getByRole('button', { name: label }),
              );
            }),
          TOGGLE: () => click(() => fireEvent.click(screen.getByTestId('language-toggle'))),
        },
      });
      recordWalk(languageMachine, 'client', path, input);
    });
  }
});
