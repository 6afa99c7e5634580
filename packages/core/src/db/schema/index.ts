export * from './admin.ts';
export * from './billing.ts';
export * from './chat.ts';
export * from './cookie-consent.ts';
export * from './jobs.ts';
export * from './meetings.ts';
export * from './platform.ts';
export * from './sso.ts';
