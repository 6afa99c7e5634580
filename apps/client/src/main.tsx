import './app/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/Providers.tsx';
import { routes } from './app/routes.tsx';
import { applyDocumentLanguage, loadCatalogs } from './i18n/i18n.ts';
import { fetchCsrfToken } from './lib/http.ts';
import { setNavigate } from './lib/navigation.ts';
import { initialLocale } from './state/language.tsx';

async function start() {
  const locale = initialLocale();
  // The active catalog before the first paint, so no text flashes in the other language.
  await applyDocumentLanguage(locale);
  void fetchCsrfToken();
  const router = createBrowserRouter(routes);
  setNavigate((to) => void router.navigate(to));
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // The other language loads while the visitor reads, so switching is instant.
  setTimeout(() => void loadCatalogs([locale === 'ar' ? 'en' : 'ar']), 1500);
}

void start();
