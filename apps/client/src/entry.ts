import './app/zod-config.ts';
import '@mantine/core/styles.css';
import './app/app.css';
import { startFirstPage } from './app/first-pages.ts';
import { startPwa } from './pwa/register.ts';

/**
 * The page's first script, kept tiny so that it runs as soon as it arrives (a module script runs only once all it
 * imports statically has loaded): it asks for the current page's chunk at once, then for the app (main.tsx), whose
 * files index.html already preloads (scripts/preload-first-load.ts). The styles stay here, so index.html still links
 * them as a stylesheet that the first paint waits for.
 */
// A prerendered page's stylesheet waits as media="print" so that its first paint needs only the critical CSS inlined in
// its head (scripts/prerender.mjs): it applies from now on.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-media]'))
  link.media = link.dataset.media ?? '';
startFirstPage(window.location.pathname);
void import('./main.tsx');
startPwa();
