import { I18nProvider } from '@lingui/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
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
        <MantineProvider theme={theme} env={env}>
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
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}
