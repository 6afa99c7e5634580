import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { i18n } from '../i18n/i18n.ts';
import { CookieConsentProvider } from '../state/cookie-consent.tsx';
import { LanguageProvider } from '../state/language.tsx';
import { SessionProvider } from '../state/session.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { theme } from './theme.ts';

// Toasts are rare on the first page: their components load after it.
const Toaster = lazy(() => import('../ui/Toaster.tsx').then((m) => ({ default: m.Toaster })));

/** Everything but the router, so tests can wrap a memory router with the same providers. */
export function Providers({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  const dir = document.documentElement.dir === 'ltr' ? 'ltr' : 'rtl';
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <LocalizedMantine env={env}>
          <ErrorBoundary>
            <LanguageProvider>
              <SessionProvider>
                <CookieConsentProvider>
                  {children}
                  <Suspense fallback={null}>
                    <Toaster />
                  </Suspense>
                </CookieConsentProvider>
              </SessionProvider>
            </LanguageProvider>
          </ErrorBoundary>
        </LocalizedMantine>
      </DirectionProvider>
    </I18nProvider>
  );
}

/**
 * Mantine with the labels it writes itself in the reader's language (they were English on Arabic pages): the
 * password inputs' show/hide button and the dialogs' close button, in every form at once rather than in each of them.
 */
function LocalizedMantine({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { t } = useLingui();
  const label = t`Show or hide the password`;
  const close = t`Close`;
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': label } } },
          // A dialog's or drawer's close button had no name (axe: button-name) wherever a page left it out.
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        },
      }),
    [label, close],
  );
  return (
    <MantineProvider theme={localized} env={env}>
      {children}
    </MantineProvider>
  );
}
