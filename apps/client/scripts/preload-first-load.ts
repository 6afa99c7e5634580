import type { Plugin, Rollup } from 'vite';

/** The app itself (src/entry.ts imports it at once) and the Arabic catalog with its field messages (i18n.ts). */
const APP = /\/src\/main\.tsx$/;
const ARABIC_CATALOG = /\/locales\/ar\/(messages\.po|server\.po\?fields)$/;

/**
 * `<link rel="modulepreload">` in index.html for what every first page runs but reaches through a dynamic import, so
 * that Vite names none of it: the app (main.tsx and what it imports; the entry script stays tiny so that it can ask
 * for the page's own chunk at once, app/first-pages.ts), and the Arabic catalog. Without these the browser learnt of
 * them only once a script had run: one more round trip, or two, before the first paint (issue 14).
 *
 * Arabic is the language of every first visit (nothing stored: the language chart's default), which is the visit
 * this is for, such as an invitation's /join link opened by someone new; a reader who chose English fetches it once
 * (a year-long cache), and the English catalog is asked for when the page runs.
 */
export function preloadFirstLoad(): Plugin {
  return {
    name: 'majlis-preload-first-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const add = (chunk: Rollup.OutputChunk) => {
          if (chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const dep of chunk.imports) {
            const next = byFile.get(dep);
            if (next) add(next);
          }
        };
        const app = chunks.filter((c) => c.facadeModuleId && APP.test(c.facadeModuleId));
        const catalog = chunks.filter((c) => c.facadeModuleId && ARABIC_CATALOG.test(c.facadeModuleId));
        if (app.length !== 1 || catalog.length !== 2) {
          this.warn(`expected the app's chunk and 2 of the Arabic catalog, found ${app.length} and ${catalog.length}`);
        }
        for (const chunk of [...app, ...catalog]) add(chunk);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
