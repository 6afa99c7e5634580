let loading: Promise<typeof import('./user-validation.ts')> | null = null;

/** The validators with the contract (and its common-password list): started when a dialog opens, awaited on submit. */
export function userValidation(): Promise<typeof import('./user-validation.ts')> {
  loading ??= import('./user-validation.ts').catch((error: unknown) => {
    // A failed download (offline a moment): the next submit tries again.
    loading = null;
    throw error;
  });
  return loading;
}
