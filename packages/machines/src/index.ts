export * from './account-switch/account-switch.machine.ts';
export * from './chat/chat.machine.ts';
export * from './cookie-consent/cookie-consent.machine.ts';
export * from './join/join.machine.ts';
export * from './language/language.machine.ts';
export * from './meeting-status/meeting-status.machine.ts';
export * from './notifications/notifications.machine.ts';
export * from './session/session.machine.ts';
