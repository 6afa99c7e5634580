export * from './strings.ts';
