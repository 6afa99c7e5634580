import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { applyDocumentLanguage } from './i18n/i18n.ts';
import { fetchCsrfToken } from './lib/http.ts';
import { initialLocale } from './state/language.tsx';

async function start() {
  const locale = initialLocale();
  // The active catalog before the first paint, so no text flashes in the other language.
  await applyDocumentLanguage(locale);
  void fetchCsrfToken();
  const root = document.getElementById('root') as HTMLElement;
  // A prerendered page (issue 28: the BFF serves its HTML in the reader's language, scripts/prerender.ts) is
  // hydrated: what it shows stays, and becomes live once the page's chunk is there. A page that was not prerendered,
  // or prerendered in another language than the one this browser stored, starts from nothing.
  if (root.firstElementChild && root.dataset.lang === locale) hydrateRoot(root, <App Router={BrowserRouter} />);
  else createRoot(root).render(<App Router={BrowserRouter} />);
  // The other language's catalog waits for the reader to reach for a language switch (prefetchCatalogs).
}

void start();
