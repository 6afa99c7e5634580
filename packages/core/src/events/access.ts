import type { SessionEndReason as ToldReason } from '@majlis/machines';
import { logger } from '../log.ts';
import type { DomainEvent, EventBus } from './bus.ts';

const log = logger.child({ module: 'events' });

/**
 * Realtime rights end with the session (issue 9): whatever ends a session or narrows what a user may see publishes
 * one of these after its transaction has committed, and every BFF instance acts on its own sockets at once
 * (disconnect, or leave rooms). The raw cookie value never travels: a session is named by the HMAC it is stored under.
 */
export const SESSION_ENDED_TOPIC = 'session.ended';
export const ACCESS_CHANGED_TOPIC = 'access.changed';

export type SessionEndReason =
  | 'logout'
  | 'replaced'
  | 'gone'
  | 'password-reset'
  | 'password-changed'
  | 'expired'
  | 'user-deactivated'
  | 'membership-removed'
  | 'account-closed'
  /** The institution's own provider said the person signed out there (back-channel logout, issue 30). */
  | 'provider-logout';

/**
 * What the user is told on their sockets (`session.ended`) and on the login page: the session machine's reasons. A
 * session replaced by a new sign-in or a switch in the same browser carries on there under its new id (`switched`).
 */
export const TOLD_AS: Record<SessionEndReason, ToldReason> = {
  logout: 'logout',
  replaced: 'switched',
  gone: 'deactivated',
  'password-reset': 'passwordReset',
  'password-changed': 'passwordChanged',
  expired: 'expired',
  'user-deactivated': 'deactivated',
  'membership-removed': 'deactivated',
  'account-closed': 'suspended',
  'provider-logout': 'logout',
};

/**
 * Which sockets lose their rights, narrowest named first: one session (`sessionHash`), a user's sessions in one
 * account (`userId` + `accountId`), or every session of a user (`userId` alone).
 */
export interface SessionEnd {
  reason: SessionEndReason;
  sessionHash?: string;
  userId?: string;
  accountId?: string;
}

export interface SessionEndedEvent extends DomainEvent, SessionEnd {
  type: typeof SESSION_ENDED_TOPIC;
}

/**
 * A user's powers inside an account changed without the session ending (taken out of a team, role changed): their
 * sockets there re-read what they may see and leave the rooms they may no longer be in. `teamId` names the team left
 * (or, for 'team-added', joined; for 'team-renamed', renamed).
 */
export interface AccessChange {
  accountId: string;
  userId: string;
  teamId?: string;
  reason: 'team-removed' | 'team-added' | 'team-renamed' | 'team-deleted' | 'role-changed';
}

export interface AccessChangedEvent extends AccessChange {
  type: typeof ACCESS_CHANGED_TOPIC;
}

/**
 * Publishes that sessions ended. A bus that is away (Redis down) does not fail the sign-out that caused it: the rows
 * are gone already, every instance re-checks its sockets' sessions when its Redis connection comes back, and every
 * socket re-reads its session before long anyway (bff realtime/session-guard.ts).
 */
export async function publishSessionEnded(bus: EventBus | undefined, end: SessionEnd): Promise<void> {
  if (!bus || (!end.sessionHash && !end.userId)) return;
  const event: SessionEndedEvent = { type: SESSION_ENDED_TOPIC, ...end };
  await bus.publish(SESSION_ENDED_TOPIC, event).catch((err: Error) => {
    log.warn({ err, topic: SESSION_ENDED_TOPIC, reason: end.reason }, 'not published');
  });
}

export async function publishAccessChanged(bus: EventBus | undefined, change: AccessChange) {
  if (!bus) return;
  const event: AccessChangedEvent = { type: ACCESS_CHANGED_TOPIC, ...change };
  await bus.publish(ACCESS_CHANGED_TOPIC, { ...event }).catch((err: Error) => {
    log.warn({ err, topic: ACCESS_CHANGED_TOPIC, reason: change.reason }, 'not published');
  });
}

/**
 * A user's own details that a session's actor carries changed (names, picture, language, time zone, digit style):
 * every instance drops the actor it keeps for that user's sessions (the BFF's session cache), so the next request
 * reads them again. Powers and access travel as the two topics above.
 */
export const ACTOR_CHANGED_TOPIC = 'actor.changed';

export interface ActorChangedEvent extends DomainEvent {
  type: typeof ACTOR_CHANGED_TOPIC;
  userId: string;
}

export async function publishActorChanged(bus: EventBus | undefined, userId: string): Promise<void> {
  if (!bus) return;
  const event: ActorChangedEvent = { type: ACTOR_CHANGED_TOPIC, userId };
  await bus.publish(ACTOR_CHANGED_TOPIC, event).catch((err: Error) => {
    log.warn({ err, topic: ACTOR_CHANGED_TOPIC }, 'not published');
  });
}
