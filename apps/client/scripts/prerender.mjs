/**
 * Issue 28: the public pages, sign-in, registration, the forgotten-password form and the /join shell as HTML that
 * paints before any script runs, in both languages. Runs after `vite build` and `vite build --ssr src/prerender.tsx` (into node_modules/.cache/prerender, package.json):
 * each page is rendered with React's server renderer from the app's own components (src/prerender.tsx), inside
 * dist/index.html, and written to dist/prerendered/<lang>/<file>.html. The BFF serves the one in the reader's
 * language before the first byte (apps/bff/src/http/static.ts), and the browser hydrates it (src/main.tsx).
 *
 * The providers read the document, storage and media queries as they do in the browser: they run here in a happy-dom
 * window, empty like a first visit's (signed out, nothing stored, no consent yet).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { Window } from 'happy-dom';

// React's production build, as the browser runs it (set before React is first imported, below).
process.env.NODE_ENV ??= 'production';

const here = fileURLToPath(new URL('..', import.meta.url));
const dist = join(here, 'dist');
const out = join(dist, 'prerendered');

/**
 * Path rendered → file: the one list of prerendered pages. It is written beside them as pages.json, which the BFF
 * reads (apps/bff/src/http/static.ts). The /join/<number> shell is rendered for a placeholder number that the BFF
 * replaces with the link's own.
 */
const JOIN_PLACEHOLDER = '4095813627';
const JOIN_SHELL = 'join-number.html';
const PRERENDERED = {
  '/': 'index.html',
  '/home/pricing': 'home/pricing.html',
  '/home/conditions': 'home/conditions.html',
  '/home/privacy': 'home/privacy.html',
  '/home/contact': 'home/contact.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/password/forgot': 'password/forgot.html',
  '/join': 'join.html',
};

const window = new Window({ url: 'http://localhost/', width: 1280, height: 800 });
for (const key of [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'HTMLElement',
  'Element',
  'Node',
  'CustomEvent',
  'MutationObserver',
  'ResizeObserver',
]) {
  const value = key === 'window' ? window : window[key];
  Object.defineProperty(globalThis, key, {
    value: typeof value === 'function' && !/^[A-Z]/.test(key) ? value.bind(window) : value,
    configurable: true,
    writable: true,
  });
}

const { renderPage } = await import(pathToFileURL(join(here, 'node_modules/.cache/prerender/prerender.js')).href);
const template = readFileSync(join(dist, 'index.html'), 'utf8');

const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  preload: false,
  fonts: false,
  reduceInlineStyles: false,
  pruneSource: false,
  logLevel: 'warn',
});
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/;

/**
 * Only the styles the page's first screen uses block its paint (issue 28): Beasties finds the rules of the app's
 * stylesheet (Mantine's and ours, ~38 kB gzip) that match the page's elements, which go inline in the head; the
 * stylesheet itself loads without holding back the paint (below). Beasties only
 * reads the page: the markup React wrote is kept byte for byte (hydration), and no script or event handler is added
 * (the CSP allows no inline script; inline styles it allows, as Mantine needs them).
 */
async function withCriticalCss(html) {
  const link = STYLESHEET.exec(html)?.[0];
  if (!link) throw new Error('dist/index.html links no stylesheet under /assets/');
  const processed = await beasties.process(html);
  const head = processed.slice(0, processed.indexOf('</head>'));
  const critical = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1];
  if (!critical) throw new Error('Beasties found no critical CSS');
  // The stylesheet stays where it was, before Mantine's theme variables (a <style> React renders in #root, which must
  // come after it to win), but as media="print" it no longer blocks the paint; src/entry.ts makes it apply as soon as
  // the page's script runs (an inline onload would be an inline script). Without JavaScript the <noscript> copy does.
  const deferred = link.replace('<link ', '<link media="print" data-media="all" ');
  return html.replace(link, `<style>${critical}</style>${deferred}<noscript>${link}</noscript>`);
}

rmSync(out, { recursive: true, force: true });
for (const locale of ['ar', 'en']) {
  // What the language machine starts from in the browser (state/language.tsx): the MajlisLang cookie the BFF chose
  // this HTML by.
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom's document, as the BFF's cookie would have it
  document.cookie = `MajlisLang=${locale === 'en' ? 'En' : 'Ar'}; path=/`;
  for (const [path, file] of [...Object.entries(PRERENDERED), [`/join/${JOIN_PLACEHOLDER}`, JOIN_SHELL]]) {
    const body = await renderPage(path, locale);
    const dir = locale === 'en' ? 'ltr' : 'rtl';
    const html = template
      .replace(/<html\b[^>]*>/, `<html lang="${locale}" dir="${dir}" data-mantine-color-scheme="light">`)
      .replace(/<body\b[^>]*>/, locale === 'en' ? '<body class="En">' : '<body>')
      .replace('<div id="root"></div>', `<div id="root" data-lang="${locale}">${body}</div>`);
    if (html.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root">');
    const target = join(out, locale, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await withCriticalCss(html));
  }
}
writeFileSync(
  join(out, 'pages.json'),
  JSON.stringify({ pages: PRERENDERED, joinShell: JOIN_SHELL, joinPlaceholder: JOIN_PLACEHOLDER }),
);
console.log(`prerendered ${Object.keys(PRERENDERED).length + 1} pages in Arabic and English into dist/prerendered/`);
process.exit(0);
