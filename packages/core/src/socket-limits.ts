import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

/**
 * Limits on events from one realtime socket (issue 9 finding 7: 1,000 × 4 KB sendTeamMessage in 3.7 s were all
 * stored and fanned out). Chosen far above what a person does, so only a script meets them. With the defaults
 * (RATE_SOCKET_SENDS_SECOND = 10, RATE_SOCKET_SENDS_MINUTE = 120):
 * - stored messages (sendMessage, sendTeamMessage), per socket: 20 per 2 s, i.e. 10 a second on average with bursts
 *   of 20 (pasting several lines, a retry queue flushing after a reconnect).
 * - stored messages per user, over all their sockets and, with Redis, all instances: 120 a minute, so opening more
 *   sockets does not multiply the allowance.
 * - any event, per socket: 100 per 10 s. A (re)connect sends addUser, one join_team per team and a ping at once,
 *   so this leaves room for ~95 teams; a ping goes every 25 s.
 * - refusals: a socket refused 30 times within 10 s keeps flooding after being told, and is disconnected.
 * rate-limiter-flexible keeps a fixed window per key; per-socket counters live in memory (a socket lives on one
 * instance), the per-user one in Redis when there is one (an in-memory limiter stands in while Redis is away).
 */
export function socketLimitRules(config: Pick<Config, 'RATE_SOCKET_SENDS_SECOND' | 'RATE_SOCKET_SENDS_MINUTE'>) {
  const perSecond = config.RATE_SOCKET_SENDS_SECOND;
  return {
    sends: { points: 2 * perSecond, duration: 2 },
    sendsPerUser: { points: config.RATE_SOCKET_SENDS_MINUTE, duration: 60 },
    events: { points: 10 * perSecond, duration: 10 },
    refusals: { points: 30, duration: 10 },
  };
}

export interface SocketLimits {
  /** Counts one event from a socket (`send` when it stores a message); throws 429 RATE_LIMITED when over a limit. */
  consume(socketId: string, userId: string, kind: 'send' | 'other'): Promise<void>;
  /** Counts a refusal of the socket; true when it has been refused so often that it is to be disconnected. */
  refused(socketId: string): Promise<boolean>;
}

export function createSocketLimits(
  config: Pick<Config, 'REDIS_PREFIX' | 'RATE_SOCKET_SENDS_SECOND' | 'RATE_SOCKET_SENDS_MINUTE'>,
  redis?: Redis,
): SocketLimits {
  const rules = socketLimitRules(config);
  const prefix = `${config.REDIS_PREFIX}rl:socket`;
  const events = new RateLimiterMemory({ ...rules.events, keyPrefix: `${prefix}:events` });
  const sends = new RateLimiterMemory({ ...rules.sends, keyPrefix: `${prefix}:sends` });
  const userOpts = { ...rules.sendsPerUser, keyPrefix: `${prefix}:user` };
  const perUser = redis
    ? new RateLimiterRedis({ ...userOpts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(userOpts) })
    : new RateLimiterMemory(userOpts);
  const refusals = new RateLimiterMemory({ ...rules.refusals, keyPrefix: `${prefix}:refusals` });

  const limited = (err: unknown) => {
    if (!(err instanceof RateLimiterRes)) return err;
    return new AppError(429, 'RATE_LIMITED', undefined, { seconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
  };

  return {
    async consume(socketId, userId, kind) {
      try {
        await events.consume(socketId);
        if (kind === 'send') {
          await sends.consume(socketId);
          await perUser.consume(userId);
        }
      } catch (err) {
        throw limited(err);
      }
    },
    async refused(socketId) {
      try {
        await refusals.consume(socketId);
        return false;
      } catch (err) {
        if (err instanceof RateLimiterRes) return true;
        throw err;
      }
    },
  };
}
