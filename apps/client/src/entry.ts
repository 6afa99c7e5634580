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
startFirstPage(window.location.pathname);
void import('./main.tsx');
startPwa();
