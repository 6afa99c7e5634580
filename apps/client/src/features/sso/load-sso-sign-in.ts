/**
 * The one door to the SSO block's chunk from /login (issue 30). /login imports this small module dynamically, and this
 * module imports the block: the list of the block's chunks to preload (a few hundred bytes of file names) is then
 * written here, not into /login's own first-load chunk.
 */
export const loadSsoSignIn = () => import('./SsoSignIn.tsx');
