/**
 * The register and reset validators (new-password-validation.ts) come with the contract's common-password list, about 380 kB: a page
 * starts loading them when it opens and awaits them on submit, so the list never delays the page's first paint.
 */
let loading: Promise<typeof import('./new-password-validation.ts')> | null = null;

export function authValidation(): Promise<typeof import('./new-password-validation.ts')> {
  loading ??= import('./new-password-validation.ts').catch((error: unknown) => {
    // A failed download (offline a moment): the next submit tries again.
    loading = null;
    throw error;
  });
  return loading;
}

/** Start the download when a page opens; a failure here is retried by the submit that needs it. */
export function preloadAuthValidation(): void {
  authValidation().catch(() => {});
}

/** The pages take the mismatch id from here with the loader; it lives in a leaf both modules import, not a cycle. */
export { PASSWORD_MISMATCH } from './password-mismatch.ts';
