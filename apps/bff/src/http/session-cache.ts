import { lookUpSession, type SessionFacts } from '@majlis/core/auth/session-lookup';
import { sessionDeadline } from '@majlis/core/auth/sessions';
import {
  ACCESS_CHANGED_TOPIC,
  ACTOR_CHANGED_TOPIC,
  type AccessChangedEvent,
  type ActorChangedEvent,
  SESSION_ENDED_TOPIC,
  type SessionEndedEvent,
} from '@majlis/core/events/access';
import type { DomainEvent } from '@majlis/core/events/bus';
import type { Runtime } from '@majlis/core/runtime';

/**
 * How long a session read from the database answers this instance's requests without another read. Every way a
 * session ends or an actor changes in the product publishes an event that drops it at once on every instance
 * (below); the TTL only bounds what no event tells: a row deleted or edited by hand, an event lost while Redis was
 * away. Short enough for those, long enough that a dashboard load (about thirteen GETs) reads its session once.
 */
export const SESSION_CACHE_MS = 5000;
/** About 1 KB each: 10,000 sessions active within the TTL is far beyond one instance's load. */
const MAX_ENTRIES = 10_000;

interface Entry {
  facts: SessionFacts;
  /** Read again after this (the TTL). */
  until: number;
  /** The session's idle or absolute end as read: past it, read again (another instance may have moved lastSeenAt). */
  deadline: number;
}

export interface SessionCache {
  /** The session stored under this HMAC with its actor (null: unknown or ended), from memory when fresh. */
  read(idHash: string): Promise<SessionFacts | null>;
  /**
   * Drops one session here, as its TTL running out would: for a row changed by hand, which no event tells (tests
   * that move a session's timestamps in the database).
   */
  forget(idHash: string): void;
}

/**
 * The sessions this instance read lately, with their actors: a signed-in request costs no database round trip while
 * its session is fresh here. Dropped at once by the bus events every instance already gets: session.ended (one
 * session, a user's in an account, or all of a user's), access.changed (role, teams) and actor.changed (the user's
 * own details).
 *
 * Hand-written rather than lru-cache (which is not a dependency of ours, only a transitive one): what this needs
 * beyond a bounded Map with a TTL is dropping entries by user and account on an event, one read shared by the
 * concurrent misses of a session (a dashboard's parallel GETs), and never storing a read that an event overtook;
 * those are the part a library does not do. Entries leave in insertion order, which with a short TTL is as good as
 * least-recently-used.
 */
export function createSessionCache(runtime: Runtime, ttlMs = SESSION_CACHE_MS): SessionCache {
  const { db, config, bus, redis } = runtime;
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<SessionFacts | null>>();
  /** Counts the drops: a read that began before one is handed to its requests but not kept. */
  let drops = 0;

  function drop(match?: (idHash: string, facts: SessionFacts) => boolean) {
    drops++;
    reading.clear();
    if (!match) entries.clear();
    else for (const [idHash, e] of entries) if (match(idHash, e.facts)) entries.delete(idHash);
  }
  const ofUser = (userId: string | undefined, accountId?: string) => (_: string, f: SessionFacts) =>
    f.session.userId === userId && (!accountId || f.session.accountId === accountId);

  function onEvent(topic: string, event: DomainEvent) {
    if (topic === SESSION_ENDED_TOPIC) {
      const e = event as SessionEndedEvent;
      if (e.sessionHash) drop((idHash) => idHash === e.sessionHash);
      else if (e.userId) drop(ofUser(e.userId, e.accountId));
    } else if (topic === ACCESS_CHANGED_TOPIC) {
      const e = event as unknown as AccessChangedEvent;
      drop(ofUser(e.userId, e.accountId));
    } else if (topic === ACTOR_CHANGED_TOPIC) drop(ofUser((event as ActorChangedEvent).userId));
  }
  for (const topic of [SESSION_ENDED_TOPIC, ACCESS_CHANGED_TOPIC, ACTOR_CHANGED_TOPIC]) {
    bus.subscribe(topic, (event) => onEvent(topic, event));
  }
  // What this instance publishes drops here before the publisher's request answers: the in-memory bus delivers on
  // the next tick and Redis after a round trip, and the client's very next request must not find the ended session.
  const publish = bus.publish.bind(bus);
  bus.publish = (topic, event) => {
    onEvent(topic, event);
    return publish(topic, event);
  };

  function keep(idHash: string, facts: SessionFacts) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(idHash, { facts, until: Date.now() + ttlMs, deadline: sessionDeadline(config, facts.session) });
  }

  return {
    read(idHash) {
      // Redis away: its events may be lost meanwhile, so nothing is trusted from memory until it is back.
      if (redis && redis.status !== 'ready') {
        if (entries.size) drop();
        return lookUpSession(db, config, idHash);
      }
      const now = Date.now();
      const hit = entries.get(idHash);
      if (hit && now < hit.until && now < hit.deadline) return Promise.resolve(hit.facts);
      if (hit) entries.delete(idHash);
      const pending = reading.get(idHash);
      if (pending) return pending;
      const since = drops;
      const done = () => {
        if (reading.get(idHash) === read) reading.delete(idHash);
      };
      const read: Promise<SessionFacts | null> = lookUpSession(db, config, idHash).then(
        (facts) => {
          done();
          // An orphaned session is ended by the caller; one an event dropped meanwhile is read again next time.
          if (facts && !facts.orphaned && drops === since) keep(idHash, facts);
          return facts;
        },
        (err: unknown) => {
          done();
          throw err;
        },
      );
      reading.set(idHash, read);
      return read;
    },
    forget(idHash) {
      drop((key) => key === idHash);
    },
  };
}

const caches = new WeakMap<Runtime, SessionCache>();

/** This instance's session cache: one per runtime, made by createApp. */
export function sessionCacheOf(runtime: Runtime): SessionCache {
  let cache = caches.get(runtime);
  if (!cache) {
    cache = createSessionCache(runtime);
    caches.set(runtime, cache);
  }
  return cache;
}
