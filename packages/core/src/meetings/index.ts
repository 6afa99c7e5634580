export * from './ics.ts';
export * from './invitations.ts';
export * from './join.ts';
export * from './meetings.ts';
export * from './provider-events.ts';
export * from './time.ts';
