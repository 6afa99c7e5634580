declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}

/** The `field.*` messages of the server catalog, compiled (scripts/field-messages.ts). */
declare module '*.po?fields' {
  export const messages: import('@lingui/core').Messages;
}
