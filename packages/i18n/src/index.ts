export * from './date-options.ts';
export * from './locales.ts';
export * from './phone.ts';
export * from './typography.ts';
export * from './zones.ts';
