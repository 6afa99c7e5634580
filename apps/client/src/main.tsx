import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/Providers.tsx';
import { routes } from './app/routes.tsx';
import { applyDocumentLanguage } from './i18n/i18n.ts';
import { fetchCsrfToken } from './lib/http.ts';
import { setNavigate } from './lib/navigation.ts';
import { initialLocale } from './state/language.tsx';

async function start() {
  const locale = initialLocale();
  // The router starts fetching the first page's chunk as soon as it exists: made before the catalog is awaited, the
  // two load side by side instead of one after the other (one round trip less before the first paint).
  const router = createBrowserRouter(routes);
  setNavigate((to) => void router.navigate(to));
  // The active catalog before the first paint, so no text flashes in the other language.
  await applyDocumentLanguage(locale);
  void fetchCsrfToken();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // The other language's catalog waits for the reader to reach for a language switch (prefetchCatalogs).
}

void start();
