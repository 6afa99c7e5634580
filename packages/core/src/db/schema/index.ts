export * from './meetings.ts';
export * from './platform.ts';
