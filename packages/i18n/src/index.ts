export * from './locales.ts';
export { type PoEntry, parsePo } from './po.ts';
