/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fieldMessages } from './scripts/field-messages.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadFirstLoad } from './scripts/preload-first-load.ts';

// Found from this file, not from the working directory: the root vitest run starts elsewhere.
const cwd = fileURLToPath(new URL('.', import.meta.url));
const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const linguiConfig = getConfig({ configPath, cwd });

/**
 * Absolute base for the social-sharing tags (crawlers need full URLs). Only the dev server fills it in: the build
 * keeps `%PUBLIC_URL%`, which the BFF replaces with its own PUBLIC_URL when it serves the page (http/page-meta.ts).
 */
const devPublicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:5173').replace(/\/$/, '');

export default defineConfig({
  root: cwd,
  plugins: [
    {
      name: 'public-url',
      transformIndexHtml: (html, ctx) => (ctx.server ? html.replaceAll('%PUBLIC_URL%', devPublicUrl) : html),
    },
    react(),
    babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
    lingui({ cwd, configPath }),
    fieldMessages(),
    preloadFirstLoad(),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' } },
  build: { manifest: true, chunkSizeWarningLimit: 600 },
  test: {
    environment: 'happy-dom',
    // Worker threads, not forked processes (issue 27: 10-15% less CPU on the same files), and files one after another
    // in a worker's module graph instead of a fresh one each (half the client's CPU: 109 s against 237 s, loaded
    // machine). What a module keeps between files is cleared after each test in src/test/setup.ts.
    pool: 'threads',
    isolate: false,
    // Two at a time, as every other project (vitest's default is one fewer than the cores: 1 here). A project whose
    // maxWorkers is 1 runs in a group of its own after all the others, one file at a time (vitest groupSpecs): the
    // client's 47 files then took a third of the run alone on one core while the other stood idle.
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Model-based paths render the real components many times; on 2 busy cores a path can take seconds.
    testTimeout: 30_000,
  },
});
