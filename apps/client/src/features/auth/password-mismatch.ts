/** The one client-only rule of these forms: the confirmation never reaches the server, so the page words it. */
export const PASSWORD_MISMATCH = 'passwordMismatch';
