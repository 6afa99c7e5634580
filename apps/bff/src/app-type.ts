/**
 * The package's only entry ("." in package.json): the type of the BFF's routes, for the client's typed `hc` client.
 * Type-only, so importing it puts no server code in the client's bundle; nothing else of the BFF is for other apps.
 */
export type { AppType } from './app.ts';
