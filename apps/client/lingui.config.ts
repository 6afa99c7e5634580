import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Catalogs live in packages/i18n; `sourceLocale` is the language of the ids in code, Arabic is the runtime default. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/../../packages/i18n/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] },
  ],
  format: formatter({ lineNumbers: false }),
});
