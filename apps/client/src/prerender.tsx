import type { Locale } from '@majlis/i18n';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App.tsx';
import { applyDocumentLanguage } from './i18n/i18n.ts';

/** The page being rendered: one at a time (renderPage is awaited page after page). */
const rendered = { path: '/' };

function PathRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={rendered.path}>{children}</StaticRouter>;
}

/**
 * The server side of issue 28's prerendering (scripts/prerender.mjs runs it at build time, in a happy-dom window so
 * that the providers find the document they read in the browser): one page's HTML in one language, from the same
 * components as the app, with every lazy page chunk resolved. The browser hydrates it (main.tsx).
 */
export async function renderPage(path: string, locale: Locale): Promise<string> {
  await applyDocumentLanguage(locale);
  rendered.path = path;
  const { prelude } = await prerender(<App Router={PathRouter} />);
  return new Response(prelude).text();
}
