import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles fast object parsers with `new Function` after probing whether eval is allowed. Our CSP has no
 * 'unsafe-eval' (http/security-headers.ts), so the probe is refused and reported as a violation on every page that
 * validates a form. Jitless mode skips the probe and the compiled path; forms parse a few fields, so speed is moot.
 * Imported first by main.tsx, before any module builds a schema.
 */
config({ jitless: true });
