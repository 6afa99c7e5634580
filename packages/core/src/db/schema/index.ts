export * from './platform.ts';
export * from './meetings.ts';
