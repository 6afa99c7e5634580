import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type DomainEvent = { type: string; accountId?: string; userId?: string; [key: string]: unknown };
export type Handler = (event: DomainEvent) => void;

/** Domain events between instances. Publish only after the transaction that caused them has committed. */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(topic: string, event: DomainEvent): Promise<void>;
  subscribe(topic: string, handler: Handler): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(topic, event) {
      // Deliver on the next tick, as Redis would: a publisher never runs subscribers inside its own call.
      setImmediate(() => emitter.emit(topic, event));
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Redis pub/sub: one connection publishes, a duplicate subscribes (ioredis resubscribes after reconnecting). */
export function createRedisBus(url: string, prefix: string): EventBus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  pub.on('error', () => {});
  sub.on('error', () => {});
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  sub.on('message', (channel: string, raw: string) => {
    try {
      local.emit(channel.slice(prefix.length), JSON.parse(raw) as DomainEvent);
    } catch {
      // a foreign or malformed message on our channel is ignored
    }
  });
  return {
    kind: 'redis',
    async publish(topic, event) {
      await pub.publish(prefix + topic, JSON.stringify(event));
    },
    subscribe(topic, handler) {
      const n = counts.get(topic) ?? 0;
      if (n === 0) void sub.subscribe(prefix + topic).catch(() => {});
      counts.set(topic, n + 1);
      local.on(topic, handler);
      return () => {
        local.off(topic, handler);
        const left = (counts.get(topic) ?? 1) - 1;
        counts.set(topic, left);
        if (left === 0) void sub.unsubscribe(prefix + topic).catch(() => {});
      };
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
