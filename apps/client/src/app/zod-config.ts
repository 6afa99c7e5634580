/**
 * Zod 4 compiles fast object parsers with `new Function` after probing whether eval is allowed. Our CSP has no
 * 'unsafe-eval' (http/security-headers.ts), so the probe is refused and reported as a violation on every page that
 * validates a form. Jitless mode skips the probe and the compiled path; forms parse a few fields, so speed is moot.
 * Imported first by main.tsx, before any module builds a schema.
 *
 * Set without importing zod: zod keeps its config on `globalThis.__zod_globalConfig` (zod/v4/core/core.js takes the
 * object found there) and reads `jitless` when a schema is built. So the first page, which validates nothing, does
 * not download zod's core for one flag (issue 14); zod-config.test.ts checks that zod's own `config()` sees it, so a
 * zod release that moves the object fails there rather than in the browser.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
